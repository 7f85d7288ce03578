import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toMatchQuery } from './searchIndex.ts';
import { tempReplica, serverDocument, type TempReplica } from './testing.ts';
import type { Replica } from './replica.ts';

let temp: TempReplica;
let r: Replica;
beforeEach(() => {
  temp = tempReplica();
  r = temp.replica;
});
afterEach(() => temp.dispose());

const ids = (text: string, query = {}) => r.searchDocuments(text, query).map((d) => d.id);

describe('searchDocuments', () => {
  it('is accent- and case-insensitive in both directions', () => {
    r.applyRemote('document', serverDocument('d1', { title: 'Perception', authors: [{ last_name: 'Müller', first_name: 'Jürgen' }] }));
    r.applyRemote('document', serverDocument('d2', { title: 'Crème BRÛLÉE chemistry' }));
    expect(ids('Muller')).toEqual(['d1']);
    expect(ids('müller')).toEqual(['d1']);
    expect(ids('jurgen muller')).toEqual(['d1']);
    expect(ids('creme brulee')).toEqual(['d2']);
    expect(ids('Crème')).toEqual(['d2']);
  });

  it('matches the last term as a prefix while typing, whole words after a space', () => {
    r.applyRemote('document', serverDocument('d1', { title: 'Photosynthesis in algae' }));
    expect(ids('photosyn')).toEqual(['d1']);
    expect(ids('alg')).toEqual(['d1']);
    expect(ids('photosyn ')).toEqual([]);
    expect(ids('photo algae')).toEqual([]);
    expect(ids('photosynthesis alg')).toEqual(['d1']);
  });

  it('ranks a title match above an abstract match', () => {
    r.applyRemote('document', serverDocument('abstract-hit', { title: 'A study', abstract: 'We look at glaciers and many other long words in a long abstract' }));
    r.applyRemote('document', serverDocument('title-hit', { title: 'Glaciers of the north', abstract: 'Something else' }));
    expect(ids('glaciers')).toEqual(['title-hit', 'abstract-hit']);
  });

  it('searches authors, keywords, tags, the note, annotation text and PDF text', () => {
    r.applyRemote('document', serverDocument('d1', { keywords: ['ornithology'], tags: ['toread'] }));
    r.applyRemote('document', serverDocument('d2'));
    r.createAnnotation({ document_id: 'd2', text: 'my thoughts on axolotls' });
    r.applyRemote('document', serverDocument('d3'));
    r.setDocumentFulltext('d3', 'the full text mentions tardigrades');
    expect(ids('ornithology')).toEqual(['d1']);
    expect(ids('toread')).toEqual(['d1']);
    expect(ids('axolotl')).toEqual(['d2']);
    expect(ids('tardigrades')).toEqual(['d3']);
    r.setDocumentFulltext('d3', null);
    expect(ids('tardigrades')).toEqual([]);
  });

  it('follows local edits at once', () => {
    const doc = r.createDocument({ title: 'Draft about narwhals' });
    expect(ids('narwhal')).toEqual([doc.id]);
    r.updateDocument(doc.id, { title: 'About belugas' });
    expect(ids('narwhal')).toEqual([]);
    expect(ids('beluga')).toEqual([doc.id]);
    r.trashDocument(doc.id);
    expect(ids('beluga')).toEqual([]);
    expect(ids('beluga', { trashed: true })).toEqual([doc.id]);
  });

  it('is limited to one library', () => {
    r.applyRemote('document', serverDocument('mine', { title: 'Lichen' }));
    r.applyRemote('document', serverDocument('group', { title: 'Lichen', group_id: 'g1' }));
    expect(ids('lichen')).toEqual(['mine']);
    expect(ids('lichen', { groupId: 'g1' })).toEqual(['group']);
    expect(r.countSearchResults('lichen', { groupId: 'g1' })).toBe(1);
  });

  it('never throws on query syntax and treats it as text', () => {
    r.applyRemote('document', serverDocument('d1', { title: 'OR and NOT near a AND b' }));
    for (const input of ['"a" OR (', '*', '(', ')', '"', '""', 'NEAR(', 'a:b', '^x', '-', 'title:', '{a b}', '   ', '', '\\', "'", 'AND', 'a OR', 'NOT', '+*+']) {
      expect(() => r.searchDocuments(input), input).not.toThrow();
      expect(() => r.countSearchResults(input), input).not.toThrow();
    }
    expect(ids('"a" OR (')).toEqual(['d1']);
    expect(ids('*')).toEqual([]);
    expect(ids('NOT')).toEqual(['d1']);
  });

  it('builds quoted queries', () => {
    expect(toMatchQuery('hello wor')).toBe('"hello" "wor" *');
    expect(toMatchQuery('hello ')).toBe('"hello"');
    expect(toMatchQuery('Müller-Lyon')).toBe('"Müller Lyon" *');
    expect(toMatchQuery('* ( "')).toBeNull();
  });
});

describe('very broad searches', () => {
  it('beyond RANKED_MATCHES_MAX matches come in title order, still complete and filtered', async () => {
    const { RANKED_MATCHES_MAX } = await import('./documentQueries.ts');
    const rows = Array.from({ length: RANKED_MATCHES_MAX + 1 }, (_, i) => serverDocument(`d${i}`, { title: `Common word ${String(i).padStart(5, '0')}` }));
    r.applyRemoteBatch('document', rows);
    r.trashDocument('d0');
    expect(r.countSearchResults('com')).toBe(RANKED_MATCHES_MAX);
    expect(ids('com', { limit: 3 })).toEqual(['d1', 'd2', 'd3']);
    expect(ids('common 00007')).toEqual(['d7']);
  });
});
