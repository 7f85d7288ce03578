import { describe, expect, it } from 'vitest';
import type { LibraryDocument } from '../../../shared/bridge/contract.ts';
import { catalogPatch } from './catalogMerge.ts';

const doc = (fields: Partial<LibraryDocument>): LibraryDocument => ({
  id: 'd1', title: 'paper', type: 'journal', trashed: false, added_local: '', modified_local: '', ...fields,
});

describe('catalogPatch', () => {
  const catalog = { id: 'c1', title: 'The Catalog Title', year: 2001, source: 'Catalog Journal', imported: true, identifiers: { doi: '10.5555/x', pmid: '123' } };

  it('fills empty fields, adds missing identifiers and keeps the ones the document has', () => {
    const patch = catalogPatch({ document: doc({ title: 'paper', identifiers: { doi: '10.5555/mine' } }), catalog, score: 100, written: { title: 'paper' }, confidence: { title: 0 } });
    expect(patch).toEqual({ title: 'The Catalog Title', year: 2001, source: 'Catalog Journal', identifiers: { doi: '10.5555/mine', pmid: '123' } });
  });

  it('never overwrites a value the user edited, however certain the match', () => {
    const patch = catalogPatch({ document: doc({ title: 'My Own Title' }), catalog, score: 100, written: { title: 'paper' }, confidence: { title: 0 } });
    expect(patch.title).toBeUndefined();
  });

  it('replaces a sure extraction only with an imported record matched with certainty', () => {
    const input = { document: doc({ title: 'Extracted Title' }), written: { title: 'Extracted Title' }, confidence: { title: 0.95 } };
    expect(catalogPatch({ ...input, catalog, score: 100 }).title).toBe('The Catalog Title');
    expect(catalogPatch({ ...input, catalog, score: 90 }).title).toBeUndefined();
    // A record built from a user library (maybe this document as first pushed) does not.
    expect(catalogPatch({ ...input, catalog: { ...catalog, imported: false }, score: 100 }).title).toBeUndefined();
  });

  it('ignores weak title matches', () => {
    expect(catalogPatch({ document: doc({}), catalog, score: 60, written: {}, confidence: {} })).toEqual({});
  });
});
