import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempReplica, serverDocument, type TempReplica } from './testing.ts';
import type { Replica } from './replica.ts';

let temp: TempReplica;
let r: Replica;
beforeEach(() => {
  temp = tempReplica();
  r = temp.replica;
});
afterEach(() => temp.dispose());

describe('libraryCopiesOf', () => {
  it('finds a document added from the record, and follows it when a push renames it', () => {
    const doc = r.createDocument({ title: 'Zebra stripes' });
    r.linkCatalogRecord(doc.id, 'cat-1');
    expect(r.libraryCopiesOf([{ id: 'cat-1' }, { id: 'cat-2' }])).toEqual(new Map([['cat-1', doc.id]]));
    r.remapId('document', doc.id, 'srv-1');
    expect(r.libraryCopiesOf([{ id: 'cat-1' }])).toEqual(new Map([['cat-1', 'srv-1']]));
  });

  it('finds a document by DOI, PMID, arXiv id or ISBN in their normal forms', () => {
    const byDoi = r.createDocument({ title: 'A', identifiers: { doi: '10.1000/ABC.Def' } });
    const byPmid = r.createDocument({ title: 'B', identifiers: { pmid: '12345' } });
    const byArxiv = r.createDocument({ title: 'C', identifiers: { arxiv: '2101.00001v3' } });
    const byIsbn = r.createDocument({ title: 'D', type: 'book', identifiers: { isbn: '0-201-13447-0' } });
    const found = r.libraryCopiesOf([
      { id: 'doi', identifiers: { doi: 'https://doi.org/10.1000/abc.def' } },
      { id: 'pmid', identifiers: { pmid: 'PMID: 12345' } },
      { id: 'arxiv', identifiers: { arxiv: 'arXiv:2101.00001' } },
      { id: 'isbn', type: 'book', identifiers: { isbn: '9780201134476' } },
      { id: 'none', identifiers: { doi: '10.1000/other' } },
    ]);
    expect(Object.fromEntries(found)).toEqual({ doi: byDoi.id, pmid: byPmid.id, arxiv: byArxiv.id, isbn: byIsbn.id });
  });

  it('does not take a chapter for its book by their shared ISBN', () => {
    r.createDocument({ title: 'A chapter', type: 'book_section', identifiers: { isbn: '9780201134476' } });
    expect(r.libraryCopiesOf([{ id: 'book', type: 'book', identifiers: { isbn: '9780201134476' } }]).size).toBe(0);
    expect(r.libraryCopiesOf([{ id: 'other-chapter', type: 'book_section', identifiers: { isbn: '9780201134476' } }]).size).toBe(0);
  });

  it('leaves out documents in the trash and in group libraries', () => {
    const trashed = r.createDocument({ title: 'Trashed', identifiers: { doi: '10.1/trashed' } });
    r.linkCatalogRecord(trashed.id, 'cat-trashed');
    r.trashDocument(trashed.id);
    r.applyRemote('document', serverDocument('g-1', { group_id: 'group-1', identifiers: { doi: '10.1/group' } }));
    expect(r.libraryCopiesOf([
      { id: 'cat-trashed', identifiers: { doi: '10.1/trashed' } },
      { id: 'cat-group', identifiers: { doi: '10.1/group' } },
    ]).size).toBe(0);
  });

  it('forgets the link when the document is deleted', () => {
    const doc = r.createDocument({ title: 'Gone' });
    r.linkCatalogRecord(doc.id, 'cat-1');
    r.deleteDocument(doc.id);
    expect(r.db.prepare('SELECT count(*) FROM catalog_links').pluck().get()).toBe(0);
  });
});
