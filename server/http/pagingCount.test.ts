// The count of a first page: a statement of its own only when the page does not hold every
// row (on PostgreSQL each statement is a network round trip, and a sync's listings are
// mostly short).
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, type LogEvent } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { CountCache } from './countCache.ts';
import { fetchPage, readPageParams } from './paging.ts';

interface Tables {
  items: { id: string; created: string; owner: string };
}

function itemsDb() {
  const sqlite = new Database(':memory:');
  sqlite.exec('CREATE TABLE items (id TEXT PRIMARY KEY, created TEXT NOT NULL, owner TEXT NOT NULL)');
  const insert = sqlite.prepare('INSERT INTO items VALUES (?, ?, ?)');
  for (let i = 0; i < 7; i++) insert.run(`id${i}`, `2026-01-0${i + 1}`, i < 5 ? 'a' : 'b');
  const statements: string[] = [];
  const log = (event: LogEvent) => {
    statements.push(event.query.sql);
  };
  const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: sqlite }), log });
  return { db, statements, close: () => db.destroy() };
}

let opened: ReturnType<typeof itemsDb> | undefined;
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

describe('first page count', () => {
  for (const withCache of [false, true]) {
    const counts = () => (withCache ? { counts: new CountCache(() => String(Math.random())) } : {});

    it(`takes the count from a first page that holds every row, in one statement${withCache ? ' (count cache)' : ''}`, async () => {
      opened = itemsDb();
      const query = opened.db.selectFrom('items').selectAll().where('owner', '=', 'a');
      const page = await fetchPage(query, 'created', 'id', readPageParams({ limit: '5' }), counts());
      expect(page.rows.map((r) => r.id)).toEqual(['id0', 'id1', 'id2', 'id3', 'id4']);
      expect(page.total).toBe(5);
      expect(page.hasNext).toBe(false);
      expect(opened.statements).toHaveLength(1);
    });

    it(`counts separately when the first page has a next one${withCache ? ' (count cache)' : ''}`, async () => {
      opened = itemsDb();
      const query = opened.db.selectFrom('items').selectAll();
      const page = await fetchPage(query, 'created', 'id', readPageParams({ limit: '3' }), counts());
      expect(page.rows).toHaveLength(3);
      expect(page.total).toBe(7);
      expect(opened.statements).toHaveLength(2);
    });
  }

  it('gives no count on a later page', async () => {
    opened = itemsDb();
    const first = await fetchPage(opened.db.selectFrom('items').selectAll(), 'created', 'id', readPageParams({ limit: '4' }));
    expect(first.total).toBe(7);
    const last = first.rows[first.rows.length - 1]!;
    const marker = Buffer.from(JSON.stringify([last.created, last.id])).toString('base64url');
    const next = await fetchPage(opened.db.selectFrom('items').selectAll(), 'created', 'id', readPageParams({ limit: '4', marker }));
    expect(next.rows.map((r) => r.id)).toEqual(['id4', 'id5', 'id6']);
    expect(next.total).toBeUndefined();
  });
});
