import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sqlOf, tempReplica, serverDocument, SERVER_TIME, LATER, type TempReplica } from './testing.ts';
import type { Replica } from './replica.ts';

let temp: TempReplica;
let r: Replica;
beforeEach(() => {
  temp = tempReplica();
  r = temp.replica;
});
afterEach(() => temp.dispose());

describe('applyRemote', () => {
  it('inserts a pulled document with every field, and no base copy: the clean row is the server version', () => {
    const json = serverDocument('d1', { group_id: 'g1', year: 2001, tags: ['t'], month: 3, patent_owner: 'ACME', authors: [{ last_name: 'Müller', first_name: 'Ana' }] });
    expect(r.applyRemote('document', json)).toBe('applied');
    expect(r.getDocument('d1')).toMatchObject({ group_id: 'g1', year: 2001, tags: ['t'], month: 3, patent_owner: 'ACME', added_local: SERVER_TIME, last_modified: SERVER_TIME });
    expect(r.getBaseCopy('document', 'd1')).toBeUndefined();
    expect(r.countOutbox()).toBe(0);
  });

  it('does not clobber fields with a pending local change, takes the others', () => {
    r.applyRemote('document', serverDocument('d1', { abstract: 'old abstract', year: 2000 }));
    r.updateDocument('d1', { title: 'Mine', abstract: null });
    r.applyRemote('document', serverDocument('d1', { title: 'Theirs', abstract: 'their abstract', year: 2024, last_modified: LATER }));
    const doc = r.getDocument('d1')!;
    expect(doc.title).toBe('Mine');
    expect(doc.abstract).toBeUndefined();
    expect(doc.year).toBe(2024);
    expect(doc.last_modified).toBe(LATER);
    // the base copy is the server's, for the engine's three-way merge
    expect(r.getBaseCopy('document', 'd1')?.json.title).toBe('Theirs');
    expect(r.listOutbox()[0]).toMatchObject({ changed: ['title', 'abstract'], base_last_modified: SERVER_TIME });
    // search sees the merged row
    expect(r.searchDocuments('Mine').map((d) => d.id)).toEqual(['d1']);
    expect(r.searchDocuments('Theirs')).toEqual([]);
  });

  it('keeps a pending trash and does not resurrect a pending delete', () => {
    r.applyRemote('document', serverDocument('d1'));
    r.applyRemote('document', serverDocument('d2'));
    r.trashDocument('d1');
    r.deleteDocument('d2');
    r.applyRemote('document', serverDocument('d1', { last_modified: LATER }));
    r.applyRemote('document', serverDocument('d2', { last_modified: LATER }));
    expect(r.getDocument('d1')?.trashed).toBe(true);
    expect(r.getDocument('d2')).toBeUndefined();
  });

  it('documents from the trash listing arrive trashed', () => {
    r.applyRemote('document', serverDocument('d1'), { trashed: true });
    expect(r.listDocuments()).toEqual([]);
    expect(r.listDocuments({ trashed: true }).map((d) => d.id)).toEqual(['d1']);
  });

  it('folders and annotations keep pending fields too; an annotation of an unknown document is skipped', () => {
    r.applyRemote('folder', { id: 'f1', name: 'Old', created: SERVER_TIME, modified: SERVER_TIME });
    r.renameFolder('f1', 'Mine');
    r.applyRemote('folder', { id: 'f1', name: 'Theirs', parent_id: 'unknown-parent', created: SERVER_TIME, modified: LATER });
    expect(r.getFolder('f1')).toMatchObject({ name: 'Mine', parent_id: 'unknown-parent' });
    expect(r.folderTree().map((n) => n.id)).toEqual(['f1']);

    r.applyRemote('document', serverDocument('d1'));
    r.applyRemote('annotation', { id: 'a1', type: 'note', document_id: 'd1', text: 'old', privacy_level: 'private', last_modified: SERVER_TIME });
    r.updateAnnotation('a1', { text: 'mine' });
    r.applyRemote('annotation', { id: 'a1', type: 'note', document_id: 'd1', text: 'theirs', privacy_level: 'group', last_modified: LATER });
    expect(r.listAnnotations('d1')[0]).toMatchObject({ text: 'mine', privacy_level: 'group' });
    expect(r.applyRemote('annotation', { id: 'a2', type: 'note', document_id: 'nope', text: 'x' })).toBe('skipped');
  });

  it('a batch applies a page and its watermark in one transaction', () => {
    const result = r.applyRemoteBatch('document', [serverDocument('d1'), serverDocument('d2')], { watermark: { collection: 'documents', scope: null, modified: LATER } });
    expect(result).toEqual({ applied: 2, skipped: [] });
    expect(r.getWatermark('documents')).toEqual({ modified: LATER, deleted: null });
    // a bad row rolls back the whole page and the watermark
    expect(() => r.applyRemoteBatch('document', [serverDocument('d3'), { title: 'no id' }], { watermark: { collection: 'documents', scope: null, modified: '2027-01-01T00:00:00.000Z' } })).toThrow(/no id/);
    expect(r.getDocument('d3')).toBeUndefined();
    expect(r.getWatermark('documents').modified).toBe(LATER);
  });

  it('watermarks are per collection and scope; setting one part keeps the other', () => {
    r.setWatermark('documents', 'g1', { modified: SERVER_TIME });
    r.setWatermark('documents', 'g1', { deleted: LATER });
    expect(r.getWatermark('documents', 'g1')).toEqual({ modified: SERVER_TIME, deleted: LATER });
    expect(r.getWatermark('documents')).toEqual({ modified: null, deleted: null });
  });

  it('keeps groups and the profile', () => {
    r.setGroups([{ id: 'g2', name: 'beta', role: 'member' }, { id: 'g1', name: 'Alpha', role: 'owner', link: 'x' }]);
    expect(r.listGroups().map((g) => g.id)).toEqual(['g1', 'g2']);
    r.setProfile({ id: 'p1', first_name: 'Ana' });
    expect(r.getProfile()).toEqual({ id: 'p1', first_name: 'Ana' });
  });
});

describe('applyRemoteDeletion', () => {
  it('removes a document with its annotations, files, links, pending entries and search entry', () => {
    r.applyRemote('document', serverDocument('d1', { title: 'Walrus' }));
    r.applyRemote('folder', { id: 'f1', name: 'F', created: SERVER_TIME, modified: SERVER_TIME });
    r.addDocumentToFolder('f1', 'd1');
    r.createAnnotation({ document_id: 'd1', text: 'x' });
    r.updateDocument('d1', { year: 1 });
    r.applyRemoteDeletions('document', ['d1'], { watermark: { collection: 'documents', scope: null, deleted: LATER } });
    expect(r.getDocument('d1')).toBeUndefined();
    expect(r.countOutbox()).toBe(0);
    expect(r.getBaseCopy('document', 'd1')).toBeUndefined();
    expect(r.searchDocuments('walrus')).toEqual([]);
    expect(sqlOf(r).prepare('SELECT count(*) FROM documents_fts').pluck().get()).toBe(0);
    expect(r.getWatermark('documents').deleted).toBe(LATER);
  });

  it('removes an annotation and takes its text out of the search index', () => {
    r.applyRemote('document', serverDocument('d1'));
    r.applyRemote('annotation', { id: 'a1', type: 'note', document_id: 'd1', text: 'platypus', privacy_level: 'private' });
    expect(r.searchDocuments('platypus').map((d) => d.id)).toEqual(['d1']);
    r.applyRemoteDeletion('annotation', 'a1');
    expect(r.searchDocuments('platypus')).toEqual([]);
  });

  it('folder membership from the server keeps pending links and unlinks', () => {
    for (const id of ['d1', 'd2', 'd3']) r.applyRemote('document', serverDocument(id));
    r.applyRemote('folder', { id: 'f1', name: 'F', created: SERVER_TIME, modified: SERVER_TIME });
    r.applyRemoteFolderDocuments('f1', ['d1', 'd2']);
    r.addDocumentToFolder('f1', 'd3');
    r.removeDocumentFromFolder('f1', 'd1');
    r.applyRemoteFolderDocuments('f1', ['d1', 'd2', 'unknown']);
    expect(r.listDocuments({ folderId: 'f1' }).map((d) => d.id).sort()).toEqual(['d2', 'd3']);
  });
});

describe('a pulled version of a document the replica holds', () => {
  const COLUMNS = ['group_id', 'profile_id', 'title', 'type', 'year', 'created', 'last_modified', 'added_local', 'modified_local', 'trashed',
    'first_author', 'source', 'read', 'starred', 'confirmed', 'file_attached', 'sort_title', 'sort_author', 'sort_source', 'data'];

  /** From now on, records the columns each UPDATE sets (an AFTER UPDATE OF trigger fires for a column in the SET list, changed or not). */
  function recordSetColumns(): void {
    const db = sqlOf(r);
    db.exec('CREATE TEMP TABLE set_columns (col TEXT)');
    for (const column of COLUMNS) db.exec(`CREATE TEMP TRIGGER set_${column} AFTER UPDATE OF ${column} ON documents BEGIN INSERT INTO set_columns VALUES ('${column}'); END`);
  }
  const setColumns = () => (sqlOf(r).prepare('SELECT DISTINCT col FROM temp.set_columns ORDER BY col').pluck().all() as string[]);

  it('writes only the columns that change, so the indexes on the others are left alone', () => {
    const first = serverDocument('d1', { title: 'Glaciers', year: 2001, source: 'Ice', authors: [{ last_name: 'Ng', first_name: 'Ana' }], abstract: 'old' });
    r.applyRemoteBatch('document', [first, serverDocument('d2')]);
    recordSetColumns();
    r.applyRemoteBatch('document', [{ ...first, abstract: 'new', last_modified: LATER }]);
    expect(setColumns()).toEqual(['data', 'last_modified', 'modified_local']);
    expect(r.getDocument('d1')).toMatchObject({ title: 'Glaciers', year: 2001, abstract: 'new', last_modified: LATER, modified_local: LATER });
    expect(r.searchDocuments('new').map((d) => d.id)).toEqual(['d1']);
    expect(r.listDocuments({ sort: 'modified', order: 'desc' }).map((d) => d.id)).toEqual(['d1', 'd2']);
    // The same version again changes nothing at all.
    sqlOf(r).exec('DELETE FROM temp.set_columns');
    r.applyRemote('document', { ...first, abstract: 'new', last_modified: LATER });
    expect(setColumns()).toEqual([]);
  });

  it('leaves the same row as writing every column does', () => {
    const versions = [
      serverDocument('d1', { title: 'Élan vital', year: 2001, authors: [{ last_name: 'Bergson', first_name: 'Henri' }], tags: ['a'], starred: false }),
      serverDocument('d1', { title: 'Élan Vital', year: 1907, authors: [{ last_name: 'Bergson' }], source: 'Alcan', tags: ['a', 'b'], starred: true, last_modified: LATER }),
      serverDocument('d1', { title: 'Creative evolution', type: 'book', identifiers: { isbn: '9780486400365' }, read: true, last_modified: '2026-03-01T00:00:00.000Z' }),
    ];
    const other = tempReplica();
    try {
      for (const version of versions) {
        r.applyRemote('document', version);
        // A fresh replica each time: the whole row written by the insert.
        sqlOf(other.replica).exec('DELETE FROM documents');
        other.replica.applyRemote('document', version);
        const row = (x: Replica) => sqlOf(x).prepare(`SELECT ${COLUMNS.join(', ')} FROM documents WHERE id = 'd1'`).get();
        expect(row(r)).toEqual(row(other.replica));
        expect(r.listTags()).toEqual(other.replica.listTags());
      }
    } finally {
      other.dispose();
    }
  });
});
