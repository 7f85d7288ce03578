import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sqlOf, tempReplica, serverDocument, SERVER_TIME, type TempReplica } from './testing.ts';
import type { Replica } from './replica.ts';

let temp: TempReplica;
let r: Replica;
beforeEach(() => {
  temp = tempReplica();
  r = temp.replica;
});
afterEach(() => temp.dispose());

const ops = () => r.listOutbox().map((e) => [e.kind, e.op, e.entity_id, e.changed, e.base_last_modified]);
const HASH = 'a'.repeat(40);

/** A document the service already has (pulled), so edits are updates. */
function pulled(id = 'srv-1', fields: Record<string, unknown> = {}) {
  r.applyRemote('document', serverDocument(id, fields));
  return id;
}

describe('document writes and their outbox entries', () => {
  it('create writes the row and one create entry with a temporary local id', () => {
    const doc = r.createDocument({ title: 'Offline paper', year: 2020 });
    expect(doc.id).toMatch(/^local:[0-9a-f-]{36}$/);
    expect(doc.type).toBe('journal');
    expect(r.getDocument(doc.id)).toMatchObject({ title: 'Offline paper', year: 2020, trashed: false });
    expect(ops()).toEqual([['document', 'create', doc.id, null, null]]);
  });

  it('updates of a never-pushed document fold into its create entry', () => {
    const doc = r.createDocument({ title: 'A' });
    const before = r.listOutbox()[0]!;
    r.updateDocument(doc.id, { title: 'B' });
    r.updateDocument(doc.id, { abstract: 'x' });
    const [entry] = r.listOutbox();
    expect(r.countOutbox()).toBe(1);
    expect(entry).toMatchObject({ op: 'create', seq: before.seq, changed: null });
    expect(entry!.revision).toBe(before.revision + 2);
  });

  it('several updates of a pushed document coalesce: union of fields, original base', () => {
    const id = pulled();
    r.updateDocument(id, { title: 'One' });
    r.applyRemote('document', serverDocument(id, { title: 'ignored', last_modified: '2026-03-01T00:00:00.000Z' }));
    r.updateDocument(id, { year: 1999, title: 'Two' });
    expect(ops()).toEqual([['document', 'update', id, ['title', 'year'], SERVER_TIME]]);
  });

  it('an update that changes nothing writes no entry; clearing a field is a change', () => {
    const id = pulled('srv-2', { abstract: 'Text' });
    r.updateDocument(id, { title: 'Server title' });
    expect(r.countOutbox()).toBe(0);
    r.updateDocument(id, { abstract: null });
    expect(r.getDocument(id)?.abstract).toBeUndefined();
    expect(ops()).toEqual([['document', 'update', id, ['abstract'], SERVER_TIME]]);
  });

  it('trash and restore write entries that cancel each other before a push', () => {
    const id = pulled();
    r.trashDocument(id);
    expect(r.getDocument(id)?.trashed).toBe(true);
    expect(ops()).toEqual([['document', 'trash', id, null, SERVER_TIME]]);
    r.restoreDocument(id);
    expect(r.getDocument(id)?.trashed).toBe(false);
    expect(r.countOutbox()).toBe(0);
    r.trashDocument(id);
    r.trashDocument(id);
    expect(ops()).toEqual([['document', 'trash', id, null, SERVER_TIME]]);
  });

  it('a trash already sent is not cancelled by a restore: both go out, in order', () => {
    const id = pulled();
    r.trashDocument(id);
    r.markSent(r.listOutbox()[0]!.seq);
    r.restoreDocument(id);
    expect(ops().map((o) => o[1])).toEqual(['trash', 'restore']);
    // The restore was not sent yet: trashing again cancels it, and the sent trash stays.
    r.trashDocument(id);
    expect(ops().map((o) => o[1])).toEqual(['trash']);
  });

  it('a link already sent is not cancelled by an unlink', () => {
    const id = pulled();
    r.applyRemote('folder', { id: 'f1', name: 'F', created: SERVER_TIME, modified: SERVER_TIME });
    r.addDocumentToFolder('f1', id);
    r.markSent(r.listOutbox()[0]!.seq);
    r.removeDocumentFromFolder('f1', id);
    expect(r.listOutbox().map((e) => e.op)).toEqual(['link', 'unlink']);
  });

  it('a trashed document cannot be edited until restored', () => {
    const id = pulled();
    r.trashDocument(id);
    expect(() => r.updateDocument(id, { title: 'x' })).toThrow(/restore it before editing/);
  });

  it('deleting a pushed document replaces its pending entries with one delete', () => {
    const id = pulled();
    r.updateDocument(id, { title: 'Edited' });
    r.trashDocument(id);
    r.deleteDocument(id);
    expect(r.getDocument(id)).toBeUndefined();
    expect(ops()).toEqual([['document', 'delete', id, null, SERVER_TIME]]);
  });

  it('deleting a never-pushed document removes the row and every entry about it and its dependents', () => {
    const doc = r.createDocument({ title: 'Draft' });
    const folder = r.createFolder({ name: 'F' });
    r.addDocumentToFolder(folder.id, doc.id);
    r.createAnnotation({ document_id: doc.id, text: 'note' });
    r.addFile({ document_id: doc.id, filehash: HASH, file_name: 'a.pdf', mime_type: 'application/pdf', size: 3 });
    r.deleteDocument(doc.id);
    expect(r.getDocument(doc.id)).toBeUndefined();
    expect(ops()).toEqual([['folder', 'create', folder.id, null, null]]);
    expect(sqlOf(r).prepare('SELECT count(*) FROM annotations').pluck().get()).toBe(0);
    expect(sqlOf(r).prepare('SELECT count(*) FROM files').pluck().get()).toBe(0);
  });

  it('a failed write leaves neither the row change nor an entry', () => {
    const id = pulled();
    expect(() => r.updateDocument(id, { title: 'x'.repeat(501) })).toThrow();
    expect(r.getDocument(id)?.title).toBe('Server title');
    expect(r.countOutbox()).toBe(0);
  });
});

describe('folder writes', () => {
  it('create, rename and move: one create entry, then coalesced updates', () => {
    const a = r.createFolder({ name: 'A' });
    r.renameFolder(a.id, 'A2');
    expect(ops()).toEqual([['folder', 'create', a.id, null, null]]);
    r.applyRemote('folder', { id: 'f-srv', name: 'Server', created: SERVER_TIME, modified: SERVER_TIME });
    r.renameFolder('f-srv', 'Renamed');
    r.moveFolder('f-srv', a.id);
    expect(ops()[1]).toEqual(['folder', 'update', 'f-srv', ['name', 'parent_id'], SERVER_TIME]);
    expect(r.getFolder('f-srv')).toMatchObject({ name: 'Renamed', parent_id: a.id });
  });

  it('membership add/remove: link and unlink entries that cancel each other', () => {
    const id = pulled();
    r.applyRemote('folder', { id: 'f1', name: 'F', created: SERVER_TIME, modified: SERVER_TIME });
    r.addDocumentToFolder('f1', id);
    r.addDocumentToFolder('f1', id);
    expect(r.listOutbox().map((e) => [e.op, e.entity_id, e.target_id])).toEqual([['link', 'f1', id]]);
    r.removeDocumentFromFolder('f1', id);
    expect(r.countOutbox()).toBe(0);
    r.applyRemoteFolderDocuments('f1', [id]);
    r.removeDocumentFromFolder('f1', id);
    expect(r.listOutbox().map((e) => [e.op, e.entity_id, e.target_id])).toEqual([['unlink', 'f1', id]]);
    expect(r.listDocuments({ folderId: 'f1' })).toEqual([]);
  });

  it('deleting a folder deletes its subfolders (deepest first) and keeps the documents', () => {
    r.applyRemote('folder', { id: 'top', name: 'Top', created: SERVER_TIME, modified: SERVER_TIME });
    r.applyRemote('folder', { id: 'mid', name: 'Mid', parent_id: 'top', created: SERVER_TIME, modified: SERVER_TIME });
    const local = r.createFolder({ name: 'New', parent_id: 'mid' });
    const id = pulled();
    r.addDocumentToFolder('mid', id);
    r.deleteFolder('top');
    expect(r.folderTree()).toEqual([]);
    expect(r.getDocument(id)).toBeDefined();
    // the never-pushed subfolder vanishes without a trace; the link entry goes with its folder
    expect(ops()).toEqual([['folder', 'delete', 'mid', null, SERVER_TIME], ['folder', 'delete', 'top', null, SERVER_TIME]]);
    expect(r.getFolder(local.id)).toBeUndefined();
  });

  it('refuses to move a folder into itself or its own descendant', () => {
    const a = r.createFolder({ name: 'A' });
    const b = r.createFolder({ name: 'B', parent_id: a.id });
    const c = r.createFolder({ name: 'C', parent_id: b.id });
    expect(() => r.moveFolder(a.id, c.id)).toThrow(/cannot be moved into itself or one of its own subfolders/);
    expect(() => r.moveFolder(a.id, a.id)).toThrow(expect.objectContaining({ code: 'cycle' }));
    expect(r.getFolder(a.id)?.parent_id).toBeUndefined();
    r.moveFolder(c.id, null);
    expect(r.folderTree().map((n) => n.name)).toEqual(['A', 'C']);
  });

  it('refuses a parent or a document of another library', () => {
    const g = r.createFolder({ name: 'G', group_id: 'group-1' });
    expect(() => r.createFolder({ name: 'P', parent_id: g.id })).toThrow(/same library/);
    const doc = r.createDocument({ title: 'Mine' });
    expect(() => r.addDocumentToFolder(g.id, doc.id)).toThrow(/its own library/);
  });
});

describe('annotation and file writes', () => {
  it('annotations: create, coalesced updates, delete of a never-pushed one leaves nothing', () => {
    const id = pulled();
    const note = r.createAnnotation({ document_id: id, text: 'first' });
    expect(note.type).toBe('note');
    r.updateAnnotation(note.id, { text: 'second' });
    expect(ops()).toEqual([['annotation', 'create', note.id, null, null]]);
    r.deleteAnnotation(note.id);
    expect(r.countOutbox()).toBe(0);
  });

  it('annotation updates of a pulled one coalesce; delete replaces them', () => {
    const id = pulled();
    r.applyRemote('annotation', { id: 'a1', type: 'highlight', document_id: id, filehash: HASH, color: { r: 1, g: 2, b: 3 }, positions: [{ top_left: { x: 1, y: 1 }, bottom_right: { x: 5, y: 5 }, page: 1 }], privacy_level: 'private', last_modified: SERVER_TIME });
    r.updateAnnotation('a1', { color: { r: 9, g: 9, b: 9 } });
    r.updateAnnotation('a1', { text: 'comment' });
    expect(ops()).toEqual([['annotation', 'update', 'a1', ['color', 'text'], SERVER_TIME]]);
    r.deleteAnnotation('a1');
    expect(ops()).toEqual([['annotation', 'delete', 'a1', null, SERVER_TIME]]);
  });

  it('annotation rules: one note per document, highlights need a file and positions', () => {
    const id = pulled();
    r.createAnnotation({ document_id: id, text: 'n' });
    expect(() => r.createAnnotation({ document_id: id, text: 'again' })).toThrow(/already has a note/);
    expect(() => r.createAnnotation({ document_id: id, type: 'highlight', filehash: HASH })).toThrow(/at least one position/);
    expect(() => r.createAnnotation({ document_id: id, text: 'x', color: { r: 300, g: 0, b: 0 } })).toThrow(/color\.r must be at most 255/);
  });

  it('files: add writes a create entry and sets file_attached; remove of a pushed one writes a delete', () => {
    const id = pulled();
    const file = r.addFile({ document_id: id, filehash: HASH.toUpperCase(), file_name: 'paper.pdf', mime_type: 'application/pdf', size: 1234, local_path: '/tmp/x.pdf' });
    expect(file.filehash).toBe(HASH);
    expect(r.getDocument(id)?.file_attached).toBe(true);
    expect(ops()).toEqual([['file', 'create', file.id, null, null]]);
    expect(r.filesAwaitingUpload().map((f) => f.id)).toEqual([file.id]);
    r.removeFile(file.id);
    expect(r.countOutbox()).toBe(0);
    expect(r.getDocument(id)?.file_attached).toBe(false);
    r.applyRemote('file', { id: 'file-srv', document_id: id, filehash: HASH, file_name: 'p.pdf', mime_type: 'application/pdf', size: 5 });
    r.removeFile('file-srv');
    expect(ops()).toEqual([['file', 'delete', 'file-srv', null, null]]);
    expect(() => r.addFile({ document_id: id, filehash: 'xyz', file_name: 'a', mime_type: 'application/pdf', size: 1 })).toThrow(/SHA-1/);
  });
});

describe('completing pushes', () => {
  it('a pushed create takes the server id and its entry goes', () => {
    const doc = r.createDocument({ title: 'New' });
    const entry = r.listOutbox()[0]!;
    r.completePush(entry.seq, entry.revision, serverDocument('srv-9', { title: 'New' }));
    expect(r.countOutbox()).toBe(0);
    expect(r.getDocument(doc.id)).toBeUndefined();
    expect(r.getDocument('srv-9')).toMatchObject({ title: 'New', last_modified: SERVER_TIME });
    // Clean again: the row is the service's version, no base copy is kept.
    expect(r.getBaseCopy('document', 'srv-9')).toBeUndefined();
  });

  it('an edit made while the create was in flight stays pending as an update on the new version', () => {
    const doc = r.createDocument({ title: 'New' });
    const entry = r.listOutbox()[0]!;
    r.updateDocument(doc.id, { title: 'Edited during push' });
    r.completePush(entry.seq, entry.revision, serverDocument('srv-10', { title: 'New' }));
    expect(r.getDocument('srv-10')?.title).toBe('Edited during push');
    expect(r.listOutbox()).toMatchObject([{ op: 'update', entity_id: 'srv-10', base_last_modified: SERVER_TIME }]);
    expect(r.listOutbox()[0]!.changed).toContain('title');
  });

  it('failures are counted with their message', () => {
    r.createDocument({ title: 'x' });
    const entry = r.listOutbox()[0]!;
    r.recordPushFailure(entry.seq, 'offline');
    expect(r.outboxEntry(entry.seq)).toMatchObject({ attempts: 1, last_error: 'offline' });
  });
});

describe('idempotency keys of creates', () => {
  it('writes a key with every create, keeps it through later edits and freezes the first sent body', () => {
    const doc = r.createDocument({ title: 'Keyed' });
    const folder = r.createFolder({ name: 'Keyed folder' } as never);
    const [docEntry, folderEntry] = r.listOutbox();
    expect(docEntry!.idempotency_key).toMatch(/^[0-9a-f-]{36}$/);
    expect(folderEntry!.idempotency_key).toMatch(/^[0-9a-f-]{36}$/);
    expect(folderEntry!.idempotency_key).not.toBe(docEntry!.idempotency_key);
    expect(folder.id).toMatch(/^local:/);

    r.markCreateSent(docEntry!.seq, JSON.stringify({ title: 'Keyed' }), docEntry!.revision);
    r.updateDocument(doc.id, { title: 'Edited after sending' });
    r.markCreateSent(docEntry!.seq, JSON.stringify({ title: 'Edited after sending' }), docEntry!.revision + 1);
    const after = r.outboxEntry(docEntry!.seq)!;
    expect(after.idempotency_key).toBe(docEntry!.idempotency_key);
    expect(after.sent_body).toBe(JSON.stringify({ title: 'Keyed' }));
    expect(after.sent_revision).toBe(docEntry!.revision);
  });

  it('turns the deletion of a row whose create was sent unanswered into a deletion that carries the key', () => {
    const sent = r.createDocument({ title: 'Sent' });
    const unsent = r.createDocument({ title: 'Never sent' });
    const entry = r.listOutbox()[0]!;
    r.markCreateSent(entry.seq, JSON.stringify({ title: 'Sent' }), entry.revision);
    r.deleteDocument(sent.id);
    r.deleteDocument(unsent.id);
    const left = r.listOutbox();
    expect(left.map((e) => [e.op, e.entity_id, e.idempotency_key, e.sent_body])).toEqual([['delete', sent.id, entry.idempotency_key, JSON.stringify({ title: 'Sent' })]]);
  });
});
