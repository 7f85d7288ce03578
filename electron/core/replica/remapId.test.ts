import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sqlOf, tempReplica, SERVER_TIME, type TempReplica } from './testing.ts';
import type { Replica } from './replica.ts';

let temp: TempReplica;
let r: Replica;
beforeEach(() => {
  temp = tempReplica();
  r = temp.replica;
});
afterEach(() => temp.dispose());

const HASH = 'b'.repeat(40);
const count = (sql: string, ...params: unknown[]) => sqlOf(r).prepare(sql).pluck().get(...params) as number;

describe('remapId', () => {
  it('replaces a document id in membership, files, annotations, PDF text, outbox, base copies and conflicts', () => {
    const doc = r.createDocument({ title: 'Zebra stripes' });
    const folder = r.createFolder({ name: 'F' });
    r.addDocumentToFolder(folder.id, doc.id);
    const note = r.createAnnotation({ document_id: doc.id, text: 'remember' });
    const file = r.addFile({ document_id: doc.id, filehash: HASH, file_name: 'z.pdf', mime_type: 'application/pdf', size: 1 });
    r.setDocumentFulltext(doc.id, 'quagga');
    sqlOf(r).prepare(`INSERT INTO base_copies (kind, id, json) VALUES ('document', ?, '{}')`).run(doc.id);
    r.recordConflict({ kind: 'document', id: doc.id, field: 'title', local_value: 'a', remote_value: 'b', base_value: null });

    r.remapId('document', doc.id, 'srv-doc');

    expect(r.getDocument(doc.id)).toBeUndefined();
    expect(r.getDocument('srv-doc')?.title).toBe('Zebra stripes');
    expect(r.foldersOfDocument('srv-doc')).toEqual([folder.id]);
    expect(r.listAnnotations('srv-doc').map((a) => a.id)).toEqual([note.id]);
    expect(r.listFiles('srv-doc').map((f) => f.id)).toEqual([file.id]);
    expect(count('SELECT count(*) FROM document_fulltext WHERE document_id = ?', 'srv-doc')).toBe(1);
    expect(count('SELECT count(*) FROM outbox WHERE entity_id = ? OR target_id = ?', doc.id, doc.id)).toBe(0);
    expect(r.listOutbox().filter((e) => e.entity_id === 'srv-doc' || e.target_id === 'srv-doc').map((e) => e.op)).toEqual(['create', 'link']);
    expect(r.getBaseCopy('document', 'srv-doc')).toBeDefined();
    expect(r.listConflicts({ id: 'srv-doc' })).toHaveLength(1);
    // the search index follows (it is keyed by row number, not id)
    expect(r.searchDocuments('zebra').map((d) => d.id)).toEqual(['srv-doc']);
    expect(r.searchDocuments('quagga').map((d) => d.id)).toEqual(['srv-doc']);
    expect(r.searchDocuments('remember').map((d) => d.id)).toEqual(['srv-doc']);
  });

  it('replaces a folder id in subfolders, membership and outbox', () => {
    const parent = r.createFolder({ name: 'Parent' });
    const child = r.createFolder({ name: 'Child', parent_id: parent.id });
    r.applyRemote('document', { id: 'd1', title: 'T', type: 'journal', last_modified: SERVER_TIME });
    r.addDocumentToFolder(parent.id, 'd1');
    r.remapId('folder', parent.id, 'srv-folder');
    expect(r.getFolder(child.id)?.parent_id).toBe('srv-folder');
    expect(r.listDocuments({ folderId: 'srv-folder' }).map((d) => d.id)).toEqual(['d1']);
    expect(r.listOutbox().map((e) => [e.op, e.entity_id])).toEqual([['create', 'srv-folder'], ['create', child.id], ['link', 'srv-folder']]);
  });

  it('replaces annotation and file ids in the outbox', () => {
    r.applyRemote('document', { id: 'd1', title: 'T', type: 'journal', last_modified: SERVER_TIME });
    const a = r.createAnnotation({ document_id: 'd1', text: 'x' });
    const f = r.addFile({ document_id: 'd1', filehash: HASH, file_name: 'z.pdf', mime_type: 'application/pdf', size: 1 });
    r.remapId('annotation', a.id, 'srv-a');
    r.remapId('file', f.id, 'srv-f');
    expect(r.listOutbox().map((e) => [e.kind, e.entity_id])).toEqual([['annotation', 'srv-a'], ['file', 'srv-f']]);
    expect(r.listAnnotations('d1')[0]?.id).toBe('srv-a');
  });

  it('refuses an id already taken, changing nothing', () => {
    const a = r.createDocument({ title: 'A' });
    r.applyRemote('document', { id: 'taken', title: 'B', type: 'journal' });
    expect(() => r.remapId('document', a.id, 'taken')).toThrow(/already/);
    expect(r.getDocument(a.id)?.title).toBe('A');
    expect(() => r.remapId('document', 'local:missing', 'x')).toThrow(/not in the library/);
  });
});
