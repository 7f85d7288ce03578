// A first sync's search index built in slices after the library is usable: edits and
// pulls between slices end up indexed as they are, a stop (a kill between two slices'
// commits) is resumed on the next open, and the finished index is the one writing the
// rows one by one gives, in one segment with FTS5's merge settings back.
import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFERRED_INDEXES, INDEXES_AT_FINISH } from './deferredIndexes.ts';
import { FTS5_DEFAULT_AUTOMERGE, FTS5_DEFAULT_CRISISMERGE } from './searchIndexBuild.ts';
import { sqlOf, tempReplica, serverDocument, SERVER_TIME, LATER, type TempReplica } from './testing.ts';
import type { Replica } from './replica.ts';
import type { SearchIndexState } from './searchIndexBuild.ts';

const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'searchIndexBuildChild.ts');

let a: TempReplica;
let b: TempReplica;
beforeEach(() => {
  a = tempReplica();
  b = tempReplica();
});
afterEach(() => {
  a.dispose();
  b.dispose();
});

const SLICE = { documents: 7, mergePages: 2 };
const docs = Array.from({ length: 40 }, (_, i) => serverDocument(`d${String(i).padStart(2, '0')}`, {
  title: `Paper ${i} about ${i % 2 ? 'glaciers' : 'lichens'}`, abstract: `Sample ${i} of ${i % 3 ? 'moraine' : 'tundra'} soil`,
}));
const note = (id: string, documentId: string, text: string) =>
  ({ id, type: 'note', document_id: documentId, text, privacy_level: 'private', created: SERVER_TIME, last_modified: SERVER_TIME });

/** Every token of every entry, by document id: two indexes holding the same text compare equal. */
function tokens(r: Replica) {
  const db = sqlOf(r);
  db.exec('CREATE VIRTUAL TABLE IF NOT EXISTS temp.fts_tokens USING fts5vocab(main, documents_fts, instance)');
  return db.prepare(`SELECT d.id, t.col, t."offset", t.term FROM temp.fts_tokens t JOIN documents d ON d.row_no = t.doc ORDER BY d.id, t.col, t."offset"`).all();
}

function loadLater(r: Replica): void {
  expect(r.beginBulkLoad()).toBe(true);
  r.applyRemoteBatch('document', docs.slice(0, 25));
  r.applyRemoteBatch('document', docs.slice(25));
  r.applyRemoteBatch('annotation', [note('n1', 'd03', 'seen near the cirque')]);
  r.finishBulkLoad({ searchIndexLaterFrom: 1 });
}

/** The slices that create the sort indexes a load leaves to the build (deferredIndexes.ts), one each. */
function createSortIndexes(r: Replica): number {
  let slices = 0;
  while (r.searchIndexState().building && (r.searchIndexState() as { phase: string }).phase === 'indexes') {
    r.buildSearchIndexSlice(SLICE);
    slices++;
  }
  return slices;
}

const deferredIndexCount = (r: Replica) => sqlOf(r).prepare(`SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name IN (SELECT value FROM json_each(?))`)
  .pluck().get(JSON.stringify(DEFERRED_INDEXES.map(([name]) => name))) as number;

function buildToEnd(r: Replica): number {
  let slices = 0;
  while (r.buildSearchIndexSlice(SLICE).building) slices++;
  return slices;
}

describe('the search index built in slices after a first sync', () => {
  it('leaves the library usable and says the index is being built until it is', () => {
    const r = a.replica;
    loadLater(r);
    expect(r.listDocuments({ limit: 3 }).map((d) => d.id)).toEqual(['d00', 'd01', 'd10']);
    expect(r.searchIndexState()).toEqual({ building: true, phase: 'indexes', done: 0, total: 40 });
    expect(createSortIndexes(r)).toBe(DEFERRED_INDEXES.length - INDEXES_AT_FINISH.size);
    expect(r.searchIndexState()).toEqual({ building: true, phase: 'entries', done: 0, total: 40 });
    expect(r.countSearchResults('glaciers')).toBe(0);
    const first = r.buildSearchIndexSlice(SLICE);
    expect(first).toMatchObject({ building: true, phase: 'entries', done: 7 });
    // Searches answer from the entries written so far.
    expect(r.searchDocuments('lichens').map((d) => d.id).sort()).toEqual(['d00', 'd02', 'd04', 'd06']);
    expect(buildToEnd(r)).toBeGreaterThan(40 / SLICE.documents);
    expect(r.searchIndexState()).toEqual({ building: false });
    expect(r.countSearchResults('glaciers')).toBe(20);
    expect(r.searchDocuments('cirque').map((d) => d.id)).toEqual(['d03']);
  });

  it('indexes what edits and pulls between slices changed, as writing the rows one by one does', () => {
    const r = a.replica;
    loadLater(r);
    createSortIndexes(r);
    r.buildSearchIndexSlice(SLICE);
    r.buildSearchIndexSlice(SLICE);
    // Reached already (row 3), not reached yet (rows 20, 30), new, deleted.
    r.updateDocument('d03', { title: 'Rewritten before' });
    r.updateDocument('d20', { title: 'Rewritten after' });
    r.applyRemoteBatch('document', [serverDocument('d30', { title: 'Pulled again', last_modified: LATER })]);
    r.applyRemoteBatch('annotation', [note('n2', 'd31', 'a note on a row not reached')]);
    const local = r.createDocument({ title: 'Local draft during the build' });
    r.deleteDocument('d01');
    r.deleteDocument('d35');
    let state = r.buildSearchIndexSlice(SLICE);
    while (state.building && state.phase === 'entries') state = r.buildSearchIndexSlice(SLICE);
    expect(state).toMatchObject({ building: true, phase: 'merging' });
    r.updateDocument('d05', { title: 'Rewritten while merging' });
    buildToEnd(r);

    const o = b.replica;
    o.applyRemoteBatch('document', docs);
    o.applyRemoteBatch('annotation', [note('n1', 'd03', 'seen near the cirque')]);
    o.updateDocument('d03', { title: 'Rewritten before' });
    o.updateDocument('d20', { title: 'Rewritten after' });
    o.applyRemoteBatch('document', [serverDocument('d30', { title: 'Pulled again', last_modified: LATER })]);
    o.applyRemoteBatch('annotation', [note('n2', 'd31', 'a note on a row not reached')]);
    const other = o.createDocument({ title: 'Local draft during the build' });
    o.deleteDocument('d01');
    o.deleteDocument('d35');
    o.updateDocument('d05', { title: 'Rewritten while merging' });

    const withoutLocalIds = (rows: unknown[], id: string) => rows.map((t) => ({ ...(t as object), id: (t as { id: string }).id === id ? 'local' : (t as { id: string }).id }));
    expect(withoutLocalIds(tokens(r), local.id)).toEqual(withoutLocalIds(tokens(o), other.id));
    expect(r.searchDocuments('rewritten').map((d) => d.id).sort()).toEqual(['d03', 'd05', 'd20']);
    expect(r.searchDocuments('draft').map((d) => d.id)).toEqual([local.id]);
    expect(r.searchDocuments('reached').map((d) => d.id)).toEqual(['d31']);
  });

  it('goes on after a stop between slices, from where it was, when the file is opened again', () => {
    loadLater(a.replica);
    createSortIndexes(a.replica);
    for (let i = 0; i < 3; i++) a.replica.buildSearchIndexSlice(SLICE);
    // Each slice is a transaction of its own: a kill keeps every slice committed before it.
    const r = a.reopen();
    expect(r.searchIndexState()).toEqual({ building: true, phase: 'entries', done: 21, total: 40 });
    expect(r.countSearchResults('lichens')).toBe(11);
    buildToEnd(r);
    expect(r.countSearchResults('lichens')).toBe(20);
    b.replica.applyRemoteBatch('document', docs);
    b.replica.applyRemoteBatch('annotation', [note('n1', 'd03', 'seen near the cirque')]);
    expect(tokens(r)).toEqual(tokens(b.replica));
  });

  it('creates the sort indexes the load left out one per slice, lists sort the same without them, and a stop among them is resumed', () => {
    loadLater(a.replica);
    const byTitle = (r: Replica) => r.listDocuments({ sort: 'title', order: 'asc', limit: 40 }).map((d) => d.id);
    const expected = [...docs].sort((x, y) => (x.title as string).localeCompare(y.title as string) || (x.id as string).localeCompare(y.id as string)).map((d) => d.id);
    expect(deferredIndexCount(a.replica)).toBe(INDEXES_AT_FINISH.size);
    const plan = (r: Replica) => (sqlOf(r).prepare(`EXPLAIN QUERY PLAN SELECT id FROM documents WHERE group_id IS NULL AND trashed = 0 ORDER BY sort_title, id LIMIT 5`).all() as { detail: string }[]).map((row) => row.detail).join('; ');
    expect(plan(a.replica)).toMatch(/SCAN documents|USE TEMP B-TREE/);
    expect(byTitle(a.replica)).toEqual(expected);
    for (let i = 0; i < 4; i++) a.replica.buildSearchIndexSlice(SLICE);
    expect(deferredIndexCount(a.replica)).toBe(INDEXES_AT_FINISH.size + 4);
    const r = a.reopen();
    expect(r.searchIndexState()).toMatchObject({ building: true, phase: 'indexes', done: 0 });
    expect(createSortIndexes(r)).toBe(DEFERRED_INDEXES.length - INDEXES_AT_FINISH.size - 4);
    expect(deferredIndexCount(r)).toBe(DEFERRED_INDEXES.length);
    expect(plan(r)).toMatch(/USING (COVERING )?INDEX documents_by_title/);
    expect(byTitle(r)).toEqual(expected);
    buildToEnd(r);
    expect(r.countSearchResults('lichens')).toBe(20);
  });

  it('goes on after a stop in its merging phase, and ends with one segment and the merge settings back', () => {
    const r = a.replica;
    loadLater(r);
    createSortIndexes(r);
    let state = r.buildSearchIndexSlice(SLICE);
    while (state.building && state.phase === 'entries') state = r.buildSearchIndexSlice(SLICE);
    expect(state).toMatchObject({ building: true, phase: 'merging' });
    const db = () => sqlOf(a.replica);
    const reopened = a.reopen();
    expect(reopened.searchIndexState()).toMatchObject({ building: true, phase: 'merging' });
    expect(reopened.countSearchResults('glaciers')).toBe(20);
    buildToEnd(reopened);
    expect(db().prepare('SELECT count(DISTINCT segid) FROM documents_fts_idx').pluck().get()).toBe(1);
    expect(Object.fromEntries(db().prepare(`SELECT k, v FROM documents_fts_config WHERE k IN ('automerge', 'crisismerge')`).raw().all() as [string, number][]))
      .toEqual({ automerge: FTS5_DEFAULT_AUTOMERGE, crisismerge: FTS5_DEFAULT_CRISISMERGE });
    expect(reopened.countSearchResults('glaciers')).toBe(20);
  });

  it('survives a SIGKILL in the middle of the build: the next open goes on with a whole index', async () => {
    const many = Array.from({ length: 600 }, (_, i) => serverDocument(`k${String(i).padStart(3, '0')}`, { title: `Record ${i} on ${i % 5 ? 'peat' : 'fen'} cores` }));
    expect(a.replica.beginBulkLoad()).toBe(true);
    for (let i = 0; i < many.length; i += 100) a.replica.applyRemoteBatch('document', many.slice(i, i + 100));
    a.replica.finishBulkLoad({ searchIndexLaterFrom: 1 });
    a.replica.close();
    // Killed once it has told of a few slices: wherever it was then, a slice was under way.
    const child = fork(CHILD, [a.file], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    const told: SearchIndexState[] = [];
    await new Promise<void>((resolve, reject) => {
      child.on('message', (state: SearchIndexState) => {
        told.push(state);
        if (told.filter((t) => t.building && t.phase === 'entries' && t.done > 0).length === 3) child.kill('SIGKILL');
      });
      child.once('exit', (code, signal) => (signal === 'SIGKILL' ? resolve() : reject(new Error(`the child ended by itself (${code})`))));
    });
    const r = a.reopen();
    const resumed = r.searchIndexState();
    expect(resumed).toMatchObject({ building: true, phase: 'entries' });
    expect(resumed.building && resumed.done).toBeGreaterThanOrEqual(60);
    expect(sqlOf(r).prepare('SELECT count(DISTINCT segid) FROM documents_fts_idx').pluck().get()).toBeGreaterThan(1);
    buildToEnd(r);
    expect(sqlOf(r).prepare('SELECT count(DISTINCT segid) FROM documents_fts_idx').pluck().get()).toBe(1);
    b.replica.applyRemoteBatch('document', many);
    expect(tokens(r)).toEqual(tokens(b.replica));
    expect(r.countSearchResults('fen')).toBe(120);
  });
});
