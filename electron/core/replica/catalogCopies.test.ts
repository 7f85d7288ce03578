import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sqlOf, tempReplica, serverDocument, type TempReplica } from './testing.ts';
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
    expect(sqlOf(r).prepare('SELECT count(*) FROM catalog_links').pluck().get()).toBe(0);
  });

  it('keeps its identifier index true through edits, type changes, pulls, bulk loads, renames and deletion', () => {
    const keys = (id: string) => (sqlOf(r).prepare('SELECT key FROM document_identifiers WHERE document_id = ? ORDER BY key').pluck().all(id) as string[]);
    const doc = r.createDocument({ title: 'A book', type: 'book', identifiers: { doi: 'DOI:10.9/X', isbn: '0-201-13447-0', issn: '1234-5678' } });
    expect(keys(doc.id)).toEqual(['doi:10.9/x', 'isbn:9780201134476']);
    r.updateDocument(doc.id, { identifiers: { doi: '10.9/y' } });
    expect(keys(doc.id)).toEqual(['doi:10.9/y']);
    r.updateDocument(doc.id, { identifiers: { doi: '10.9/y', isbn: '9780201134476' }, type: 'book_section' });
    // A chapter's ISBN is its book's: not a key of the chapter.
    expect(keys(doc.id)).toEqual(['doi:10.9/y']);
    r.remapId('document', doc.id, 'srv-2');
    expect(keys('srv-2')).toEqual(['doi:10.9/y']);
    r.applyRemote('document', serverDocument('srv-3', { identifiers: { pmid: '777', arxiv: 'https://arxiv.org/abs/2101.00002v2' } }));
    expect(keys('srv-3')).toEqual(['arxiv:2101.00002', 'pmid:777']);
    r.deleteDocument('srv-2');
    expect(keys('srv-2')).toEqual([]);
    expect(r.libraryCopiesOf([{ id: 'c', identifiers: { arxiv: '2101.00002' } }])).toEqual(new Map([['c', 'srv-3']]));
  });

  it('finds documents written by a bulk load (a first sync)', () => {
    const fresh = tempReplica();
    try {
      expect(fresh.replica.beginBulkLoad()).toBe(true);
      fresh.replica.applyRemoteBatch('document', [serverDocument('b-1', { identifiers: { doi: '10.5/bulk' } })]);
      fresh.replica.finishBulkLoad();
      expect(fresh.replica.libraryCopiesOf([{ id: 'c', identifiers: { doi: 'https://dx.doi.org/10.5/BULK' } }])).toEqual(new Map([['c', 'b-1']]));
    } finally {
      fresh.dispose();
    }
  });

  it('indexes the documents a library held before the index existed (migration 0006)', () => {
    const doc = r.createDocument({ title: 'Older', identifiers: { doi: '10.7/OLD' } });
    // A file from before 0006 (and from before migrations were recorded by name).
    sqlOf(r).exec(`DROP TRIGGER document_identifiers_on_insert; DROP TRIGGER document_identifiers_on_update; DROP TABLE document_identifiers; DROP TABLE replica_migrations;`);
    sqlOf(r).pragma('user_version = 5');
    r = temp.reopen();
    expect(r.libraryCopiesOf([{ id: 'c', identifiers: { doi: '10.7/old' } }])).toEqual(new Map([['c', doc.id]]));
  });
});
