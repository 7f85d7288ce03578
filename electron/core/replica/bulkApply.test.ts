import { statSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FTS5_DEFAULT_AUTOMERGE, FTS5_DEFAULT_CRISISMERGE } from './bulkLoad.ts';
import { MIRROR_TRIGGERS } from './mirrorTables.ts';
import { sqlOf, tempReplica, serverDocument, SERVER_TIME, LATER, type TempReplica } from './testing.ts';
import type { Replica } from './replica.ts';

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

const note = (id: string, documentId: string, text: string, fields: Record<string, unknown> = {}) =>
  ({ id, type: 'note', document_id: documentId, text, privacy_level: 'private', created: SERVER_TIME, last_modified: SERVER_TIME, ...fields });

/** Everything a pull writes: rows, base copies and the search index's per-column sizes. */
function state(r: Replica) {
  const all = (sql: string) => sqlOf(r).prepare(sql).all();
  return {
    documents: all('SELECT * FROM documents ORDER BY id'),
    annotations: all('SELECT id, document_id, type, text, privacy_level, created, last_modified, modified_local FROM annotations ORDER BY id'),
    baseCopies: all('SELECT * FROM base_copies ORDER BY kind, id'),
    searchIndex: all('SELECT id, sz FROM documents_fts_docsize ORDER BY id'),
  };
}

/** The same local edits in both replicas, made before the pull. */
function prepare(r: Replica): void {
  r.applyRemoteBatch('document', [serverDocument('d1', { abstract: 'old' }), serverDocument('d2'), serverDocument('d3')]);
  r.applyRemoteBatch('annotation', [note('n1', 'd1', 'first thoughts on lichens')]);
  r.updateDocument('d1', { title: 'Mine' });
  r.deleteDocument('d2');
  r.updateAnnotation('n1', { text: 'my own note' });
}

describe('applyRemoteBatch (one page at a time)', () => {
  const page = [
    serverDocument('d1', { title: 'Theirs', abstract: 'new abstract on mosses', last_modified: LATER }),
    serverDocument('d2', { title: 'Back from the dead', last_modified: LATER }),
    serverDocument('d4', { title: 'Glaciers', authors: [{ last_name: 'Müller', first_name: 'Ana' }], tags: ['ice'] }),
    serverDocument('d4', { title: 'Glaciers, second version', last_modified: LATER }),
  ];
  const notes = [
    note('n1', 'd1', 'their note', { privacy_level: 'group', last_modified: LATER }),
    note('n2', 'd4', 'crevasses and moraines'),
    note('n3', 'd3', 'moved soon'),
    note('n3', 'd4', 'moved to d4', { last_modified: LATER }),
    note('n4', 'unknown', 'of a document not here'),
  ];

  it('writes the same rows, base copies and search entries as applying row by row', () => {
    prepare(a.replica);
    prepare(b.replica);
    for (const row of page) a.replica.applyRemote('document', row);
    for (const row of notes) a.replica.applyRemote('annotation', row);
    expect(b.replica.applyRemoteBatch('document', page)).toEqual({ applied: 3, skipped: ['d2'] });
    expect(b.replica.applyRemoteBatch('annotation', notes)).toEqual({ applied: 4, skipped: ['n4'] });
    const expected = state(a.replica);
    const actual = state(b.replica);
    // modified_local of a row edited here is this machine's "now", which differs between the two
    const noClock = (rows: unknown[]) => rows.map((x) => ({ ...(x as object), modified_local: undefined }));
    const withoutClock = (s: ReturnType<typeof state>) => ({ ...s, documents: noClock(s.documents), annotations: noClock(s.annotations) });
    expect(withoutClock(actual)).toEqual(withoutClock(expected));
    expect(actual.documents).toHaveLength(3);
  });

  it('keeps pending local fields and deletions, and search sees the merged rows', () => {
    prepare(b.replica);
    b.replica.applyRemoteBatch('document', page);
    b.replica.applyRemoteBatch('annotation', notes);
    const r = b.replica;
    expect(r.getDocument('d1')).toMatchObject({ title: 'Mine', abstract: 'new abstract on mosses', last_modified: LATER });
    expect(r.getDocument('d2')).toBeUndefined();
    expect(r.getDocument('d4')?.title).toBe('Glaciers, second version');
    expect(r.listAnnotations('d1')[0]).toMatchObject({ text: 'my own note', privacy_level: 'group' });
    expect(r.listAnnotations('d4').map((n) => n.id).sort()).toEqual(['n2', 'n3']);
    expect(r.getBaseCopy('document', 'd1')?.json.title).toBe('Theirs');
    const ids = (text: string) => r.searchDocuments(text).map((d) => d.id);
    expect(ids('mine')).toEqual(['d1']);
    expect(ids('theirs')).toEqual([]);
    expect(ids('mosses')).toEqual(['d1']);
    expect(ids('moraines')).toEqual(['d4']);
    expect(ids('moved')).toEqual(['d4']);
    expect(ids('second')).toEqual(['d4']);
    expect(r.listOutbox().map((e) => [e.entity_id, e.op])).toEqual([['d1', 'update'], ['d2', 'delete'], ['n1', 'update']]);
  });
});

describe('bulk load (the first sync of an empty replica)', () => {
  const indexes = (r: Replica) => sqlOf(r).prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'index' ORDER BY name`).all();
  const docs = Array.from({ length: 30 }, (_, i) => serverDocument(`d${i}`, { title: `Paper ${i} about ${i % 2 ? 'glaciers' : 'lichens'}` }));

  it('defers the indexes and builds them, with the search index, when it finishes', () => {
    const fresh = indexes(b.replica);
    const r = a.replica;
    expect(r.beginBulkLoad()).toBe(true);
    expect(indexes(r).length).toBeLessThan(fresh.length);
    r.applyRemoteBatch('document', docs.slice(0, 20));
    r.applyRemoteBatch('document', docs.slice(20));
    r.applyRemoteBatch('annotation', [note('n1', 'd3', 'seen at the moraine')]);
    const local = r.createDocument({ title: 'Local glaciers draft' });
    expect(r.listDocuments({ limit: 3 }).map((d) => d.title)).toEqual(['Local glaciers draft', 'Paper 0 about lichens', 'Paper 1 about glaciers']);
    r.finishBulkLoad();
    expect(indexes(r)).toEqual(fresh);
    expect(r.countSearchResults('glaciers')).toBe(16);
    expect(r.searchDocuments('moraine').map((d) => d.id)).toEqual(['d3']);
    expect(r.searchDocuments('draft').map((d) => d.id)).toEqual([local.id]);
    // the same index as applying the pages in a replica that never bulk-loaded
    b.replica.applyRemoteBatch('document', docs);
    b.replica.applyRemoteBatch('annotation', [note('n1', 'd3', 'seen at the moraine')]);
    const sizes = (x: Replica) => sqlOf(x).prepare('SELECT s.sz FROM documents_fts_docsize s JOIN documents d ON d.row_no = s.id WHERE d.id LIKE ? ORDER BY d.id').all('d%');
    expect(sizes(r)).toEqual(sizes(b.replica));
  });

  it('leaves a small load\'s WAL to the next commit rather than copying it before the library is shown', () => {
    const r = a.replica;
    expect(r.beginBulkLoad()).toBe(true);
    r.applyBulkPage(docs.length, () => r.applyRemoteBatch('document', docs));
    r.finishBulkLoad({ searchIndexLaterFrom: 0 });
    // A forced TRUNCATE checkpoint would have emptied the file.
    expect(statSync(`${a.file}-wal`).size).toBeGreaterThan(0);
    r.completeSearchIndex();
    expect(r.countSearchResults('glaciers')).toBe(15);
  });

  it('builds every search entry token for token as writing the rows one by one does', () => {
    const tokens = (x: Replica) => {
      const db = sqlOf(x);
      db.exec('CREATE VIRTUAL TABLE IF NOT EXISTS temp.fts_tokens USING fts5vocab(main, documents_fts, instance)');
      return db.prepare(`SELECT d.id, t.col, t."offset", t.term FROM temp.fts_tokens t JOIN documents d ON d.row_no = t.doc ORDER BY d.id, t.col, t."offset"`).all();
    };
    const rich = [
      serverDocument('r1', {
        title: 'Crème brûlée at the glacier', source: 'Journal of Ice', abstract: 'Moraines, crevasses.',
        authors: [{ first_name: 'Ana', last_name: 'Müller' }, { last_name: 'Ng' }, { first_name: 'Solo' }, { first_name: '', last_name: 'Empty' }],
        keywords: ['ice', 'snow melt'], tags: ['field', 'to read'],
      }),
      serverDocument('r2', { title: 'Bare', authors: [], keywords: [], tags: [] }),
      serverDocument('r3', { title: '' }),
    ];
    const annotations = [
      note('n1', 'r1', 'first note'), { ...note('h1', 'r1', 'highlighted words'), type: 'highlight' },
      note('n2', 'r1', 'second note'), { ...note('h2', 'r1', 'sticky text'), type: 'sticky_note' }, note('n3', 'r2', 'lone note'),
    ];
    const load = (r: Replica, bulk: boolean) => {
      if (bulk) expect(r.beginBulkLoad()).toBe(true);
      r.applyRemoteBatch('document', rich);
      r.applyRemoteBatch('annotation', annotations);
      r.setDocumentFulltext('r2', 'Text of the PDF, page one.');
      if (bulk) r.finishBulkLoad();
    };
    load(a.replica, true);
    load(b.replica, false);
    const built = tokens(a.replica);
    expect(built).toHaveLength(38);
    expect(built).toEqual(tokens(b.replica));
  });

  it('leaves the tag and identifier triggers as the migrations made them, and their tables filled', () => {
    const triggers = (r: Replica) => sqlOf(r).prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' ORDER BY name`).all();
    const fresh = triggers(b.replica);
    expect(fresh.map((t) => (t as { name: string }).name)).toEqual(expect.arrayContaining(MIRROR_TRIGGERS.map(([name]) => name)));
    for (const [name, sql] of MIRROR_TRIGGERS) expect(fresh).toContainEqual({ name, sql });
    const r = a.replica;
    expect(r.beginBulkLoad()).toBe(true);
    expect(triggers(r).length).toBe(fresh.length - MIRROR_TRIGGERS.length);
    r.applyRemoteBatch('document', [serverDocument('t1', { tags: ['ice', 'field'], identifiers: { doi: '10.3/ICE' } })]);
    const local = r.createDocument({ title: 'Local', tags: ['ice'], identifiers: { pmid: '99' } });
    r.finishBulkLoad();
    expect(triggers(r)).toEqual(fresh);
    expect(r.listTags()).toEqual([{ tag: 'ice', count: 2 }, { tag: 'field', count: 1 }]);
    expect(Object.fromEntries(r.libraryCopiesOf([{ id: 'x', identifiers: { doi: '10.3/ice' } }, { id: 'y', identifiers: { pmid: '99' } }]))).toEqual({ x: 't1', y: local.id });
  });

  it('keeps the tag and identifier rows as the triggers do through updates, retyping and deletions mid-load', () => {
    const mirrors = (r: Replica) => ({
      tags: sqlOf(r).prepare('SELECT tag, document_id FROM document_tags ORDER BY 1, 2').raw().all(),
      identifiers: sqlOf(r).prepare('SELECT key, document_id FROM document_identifiers ORDER BY 1, 2').raw().all(),
    });
    const load = (r: Replica, bulk: boolean) => {
      if (bulk) expect(r.beginBulkLoad()).toBe(true);
      r.applyRemoteBatch('document', [
        serverDocument('m1', { tags: ['ice', '', 'ice', 7], identifiers: { doi: '10.3/ICE', isbn: '978-0-306-40615-7', pmid: 12 } }),
        serverDocument('m2', { type: 'book', identifiers: { isbn: '0306406152' }, tags: ['shelf'] }),
        serverDocument('m3', { tags: ['gone'], identifiers: { arxiv: 'arXiv:2101.00001v2' } }),
      ]);
      // A newer version of m1 in a later page: new tags, no DOI; m2 retyped as a chapter.
      r.applyRemoteBatch('document', [
        serverDocument('m1', { tags: ['snow'], identifiers: { pmid: '99' }, last_modified: LATER }),
        serverDocument('m2', { type: 'book_section', identifiers: { isbn: '0306406152' }, tags: ['shelf'], last_modified: LATER }),
      ]);
      const local = r.createDocument({ title: 'Local', tags: ['ice'], identifiers: { doi: '10.9/x' } });
      r.updateDocument(local.id, { tags: ['melt'] });
      r.deleteDocument('m3');
      if (bulk) r.finishBulkLoad();
      return local.id;
    };
    const localA = load(a.replica, true);
    const localB = load(b.replica, false);
    const named = (m: ReturnType<typeof mirrors>, localId: string) => JSON.parse(JSON.stringify(m).replaceAll(localId, 'LOCAL')) as unknown;
    const built = named(mirrors(a.replica), localA);
    expect(built).toEqual(named(mirrors(b.replica), localB));
    expect(built).toEqual({
      tags: [['melt', 'LOCAL'], ['shelf', 'm2'], ['snow', 'm1']],
      identifiers: [['doi:10.9/x', 'LOCAL'], ['pmid:99', 'm1']],
    });
  });

  it('keeps the tag rows of a document whose rewrite was rolled back mid-load', () => {
    const r = a.replica;
    expect(r.beginBulkLoad()).toBe(true);
    r.applyRemoteBatch('document', [serverDocument('x1', { tags: ['kept'] })]);
    expect(() => r.transaction(() => {
      r.updateDocument('x1', { tags: ['rolled back'] });
      throw new Error('stopped');
    })).toThrow('stopped');
    r.finishBulkLoad();
    expect(r.listTags()).toEqual([{ tag: 'kept', count: 1 }]);
  });

  it('a load an earlier process began fills the tag and identifier rows when it finishes', () => {
    expect(a.replica.beginBulkLoad()).toBe(true);
    a.replica.applyRemoteBatch('document', [serverDocument('t1', { tags: ['ice'], identifiers: { doi: '10.3/ICE' } })]);
    // The rows held in memory die with the process; the reopened file has none of them.
    const r = a.reopen();
    expect(r.listTags()).toEqual([{ tag: 'ice', count: 1 }]);
    expect(Object.fromEntries(r.libraryCopiesOf([{ id: 'x', identifiers: { doi: '10.3/ice' } }]))).toEqual({ x: 't1' });
  });

  it("leaves the search index in one segment, with FTS5's merge settings back at their defaults", () => {
    // Enough text that FTS5 writes the build as several segments (one per megabyte of terms).
    const words = Array.from({ length: 5000 }, (_, i) => `w${i.toString(36)}x`);
    const many = Array.from({ length: 3000 }, (_, i) => serverDocument(`m${i}`, {
      title: `Paper ${i}`, abstract: Array.from({ length: 60 }, (_, k) => words[(i * 61 + k * 7) % words.length]).join(' '),
    }));
    const r = a.replica;
    expect(r.beginBulkLoad()).toBe(true);
    for (let i = 0; i < many.length; i += 500) r.applyRemoteBatch('document', many.slice(i, i + 500));
    r.finishBulkLoad();
    const db = sqlOf(r);
    expect(db.prepare('SELECT count(DISTINCT segid) FROM documents_fts_idx').pluck().get()).toBe(1);
    expect(Object.fromEntries(db.prepare(`SELECT k, v FROM documents_fts_config WHERE k IN ('automerge', 'crisismerge')`).raw().all() as [string, number][]))
      .toEqual({ automerge: FTS5_DEFAULT_AUTOMERGE, crisismerge: FTS5_DEFAULT_CRISISMERGE });
    // The same answers as a replica that wrote the rows one page at a time.
    for (let i = 0; i < many.length; i += 500) b.replica.applyRemoteBatch('document', many.slice(i, i + 500));
    for (const input of [words[7]!, `${words[7]!} `, 'w1', 'paper 12', `${words[100]!} ${words[107]!}`]) {
      expect(r.countSearchResults(input)).toBe(b.replica.countSearchResults(input));
      expect(r.searchDocuments(input, { limit: 50 }).map((d) => d.id)).toEqual(b.replica.searchDocuments(input, { limit: 50 }).map((d) => d.id));
    }
    expect(r.countSearchResults(words[7]!)).toBeGreaterThan(10);
    // Later writes go on into new segments, merged as usual, and are found.
    r.applyRemoteBatch('document', [serverDocument('m1', { title: 'Rewritten', abstract: 'nothing left' })]);
    expect(r.searchDocuments('rewritten').map((d) => d.id)).toEqual(['m1']);
    expect(r.searchDocuments(`paper 1 `).map((d) => d.id)).toEqual([]);
  });

  it('starts only on an empty replica', () => {
    a.replica.applyRemote('document', serverDocument('d1'));
    expect(a.replica.beginBulkLoad()).toBe(false);
    expect(indexes(a.replica)).toEqual(indexes(b.replica));
  });

  it('a load stopped by a crash is finished when the file is opened again', () => {
    expect(a.replica.beginBulkLoad()).toBe(true);
    a.replica.applyRemoteBatch('document', docs);
    const r = a.reopen();
    expect(indexes(r)).toEqual(indexes(b.replica));
    expect(r.countSearchResults('lichens')).toBe(15);
    expect(r.beginBulkLoad()).toBe(false);
  });
});
