import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql as dropCleanBaseCopies } from './migrations/202611250620-base-copies-of-changed-rows.ts';
import { sqlOf, tempReplica, serverDocument, SERVER_TIME, LATER, type TempReplica } from './testing.ts';
import type { Replica } from './replica.ts';

let temp: TempReplica;
let r: Replica;
beforeEach(() => {
  temp = tempReplica();
  r = temp.replica;
});
afterEach(() => temp.dispose());

const baseCopyCount = () => sqlOf(r).prepare('SELECT count(*) FROM base_copies').pluck().get() as number;
const note = (id: string, fields: Record<string, unknown> = {}) =>
  ({ id, type: 'note', document_id: 'd1', text: 'theirs', privacy_level: 'private', profile_id: 'p-1', created: SERVER_TIME, last_modified: SERVER_TIME, ...fields });

describe('base copies', () => {
  it('a pull of clean rows writes none, row by row or by page', () => {
    r.applyRemoteBatch('document', [serverDocument('d1'), serverDocument('d2')]);
    r.applyRemote('document', serverDocument('d3'));
    r.applyRemoteBatch('annotation', [note('n1')]);
    r.applyRemote('folder', { id: 'f1', name: 'F', created: SERVER_TIME, modified: SERVER_TIME });
    expect(baseCopyCount()).toBe(0);
  });

  it('the first local edit keeps the row as the service sent it; later edits keep that one', () => {
    const pulled = serverDocument('d1', { group_id: 'g1', abstract: 'Server abstract', year: 2001 });
    r.applyRemote('document', pulled);
    r.updateDocument('d1', { title: 'Mine' });
    r.updateDocument('d1', { year: 1999 });
    expect(r.getBaseCopy('document', 'd1')).toEqual({ json: pulled, last_modified: SERVER_TIME });
  });

  it('a pull refreshes the base copy of an edited row, and a confirmed push that leaves the row clean drops it', () => {
    r.applyRemote('document', serverDocument('d1'));
    r.updateDocument('d1', { title: 'Mine' });
    r.applyRemote('document', serverDocument('d1', { year: 2024, last_modified: LATER }));
    expect(r.getBaseCopy('document', 'd1')?.json).toMatchObject({ title: 'Server title', year: 2024, last_modified: LATER });
    const entry = r.listOutbox()[0]!;
    r.completePush(entry.seq, entry.revision, serverDocument('d1', { title: 'Mine', year: 2024, last_modified: '2026-03-01T00:00:00.000Z' }));
    expect(r.getBaseCopy('document', 'd1')).toBeUndefined();
  });

  it('an edit made while a create was in flight keeps the service answer as its base', () => {
    const doc = r.createDocument({ title: 'New' });
    expect(baseCopyCount()).toBe(0);
    const entry = r.listOutbox()[0]!;
    r.updateDocument(doc.id, { title: 'Edited during push' });
    r.completePush(entry.seq, entry.revision, serverDocument('srv-1', { title: 'New' }));
    expect(r.getBaseCopy('document', 'srv-1')?.json.title).toBe('New');
  });

  it('trash, annotation and folder edits keep their base too; a held change discarded goes back to it', () => {
    r.applyRemote('document', serverDocument('d1'));
    r.applyRemote('annotation', note('n1'));
    r.applyRemote('folder', { id: 'f1', name: 'Theirs', created: SERVER_TIME, modified: SERVER_TIME });
    r.trashDocument('d1');
    r.restoreDocument('d1');
    r.updateAnnotation('n1', { text: 'mine' });
    r.renameFolder('f1', 'Mine');
    expect(r.getBaseCopy('annotation', 'n1')?.json).toMatchObject({ text: 'theirs', last_modified: SERVER_TIME });
    expect(r.getBaseCopy('folder', 'f1')?.json).toMatchObject({ name: 'Theirs', modified: SERVER_TIME });
    const folderEntry = r.listOutbox().find((e) => e.kind === 'folder')!;
    r.holdPush(folderEntry.seq, 'refused');
    r.resolveHeldPush(folderEntry.seq, 'discard');
    expect(r.getFolder('f1')?.name).toBe('Theirs');
  });

  it('after the upgrade only rows with changes of their own keep one', () => {
    r.applyRemote('document', serverDocument('d1'));
    r.applyRemote('document', serverDocument('d2'));
    r.updateDocument('d2', { title: 'Mine' });
    // as every pull wrote them before
    sqlOf(r).prepare(`INSERT INTO base_copies (kind, id, json, last_modified) VALUES ('document', 'd1', ?, ?)`).run(JSON.stringify(serverDocument('d1')), SERVER_TIME);
    sqlOf(r).exec(dropCleanBaseCopies);
    expect(sqlOf(r).prepare('SELECT id FROM base_copies').pluck().all()).toEqual(['d2']);
  });
});
