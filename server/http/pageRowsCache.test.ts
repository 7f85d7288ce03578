// A page's rows remembered until the write stamp moves: no statement for a page asked for
// again, the rows read again after any write, and remembered rows never changed by a caller.
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, type LogEvent } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { PageRowsCache } from './pageRowsCache.ts';
import { fetchPage, readPageParams } from './paging.ts';

interface Tables {
  items: { id: string; created: string };
}

function itemsDb() {
  const sqlite = new Database(':memory:');
  sqlite.exec('CREATE TABLE items (id TEXT PRIMARY KEY, created TEXT NOT NULL)');
  const insert = sqlite.prepare('INSERT INTO items VALUES (?, ?)');
  for (let i = 0; i < 7; i++) insert.run(`id${i}`, `2026-01-0${i + 1}`);
  const statements: string[] = [];
  const log = (event: LogEvent) => {
    statements.push(event.query.sql);
  };
  const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: sqlite }), log });
  return { db, sqlite, statements, close: () => db.destroy() };
}

let opened: ReturnType<typeof itemsDb> | undefined;
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

describe('remembered page rows', () => {
  it('answer a page asked for again without a statement until the stamp moves', async () => {
    opened = itemsDb();
    const stamp = { value: '1' };
    const rows = new PageRowsCache(() => stamp.value);
    const page = () => fetchPage(opened!.db.selectFrom('items').selectAll(), 'created', 'id', readPageParams({ limit: '3', order: 'desc' }), { rows });
    expect((await page()).rows.map((r) => r.id)).toEqual(['id6', 'id5', 'id4']);
    const afterFirst = opened.statements.length;
    expect((await page()).rows.map((r) => r.id)).toEqual(['id6', 'id5', 'id4']);
    expect(opened.statements).toHaveLength(afterFirst + 1); // the count only (no count cache here)

    opened.sqlite.prepare('INSERT INTO items VALUES (?, ?)').run('id7', '2026-01-08');
    expect((await page()).rows.map((r) => r.id)).toEqual(['id6', 'id5', 'id4']); // same stamp: as remembered
    stamp.value = '2';
    expect((await page()).rows.map((r) => r.id)).toEqual(['id7', 'id6', 'id5']);
  });

  it('are shared unchanged: a reversed page asked for twice comes out the same', async () => {
    opened = itemsDb();
    const rows = new PageRowsCache(() => 'stamp');
    // The whole table fits: the page is every fetched row, reversed.
    const params = readPageParams({ limit: '10', reverse: 'true' });
    const last = () => fetchPage(opened!.db.selectFrom('items').selectAll(), 'created', 'id', params, { rows });
    const all = ['id0', 'id1', 'id2', 'id3', 'id4', 'id5', 'id6'];
    expect((await last()).rows.map((r) => r.id)).toEqual(all);
    expect((await last()).rows.map((r) => r.id)).toEqual(all);
  });

  it('run every query when the engine has no stamp', async () => {
    opened = itemsDb();
    const rows = new PageRowsCache(() => undefined);
    const params = readPageParams({ limit: '10' });
    await fetchPage(opened.db.selectFrom('items').selectAll(), 'created', 'id', params, { rows });
    await fetchPage(opened.db.selectFrom('items').selectAll(), 'created', 'id', params, { rows });
    expect(opened.statements).toHaveLength(2);
  });
});
