// Moving a SQLite service to PostgreSQL: everything a user made is there afterwards, served
// the same by a service on PostgreSQL over the same data directory; a copy that does not
// match keeps nothing. Needs a cluster: runs in the PostgreSQL pass (npm run test:pg).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService, type TestUser } from '../testing/testService.ts';
import { createPgDatabase, testPgUrl } from '../testing/pgDatabases.ts';
import { documentClient } from '../library/documentsTesting.ts';
import { migrateToPostgres } from './migrateToPostgres.ts';
import { sql } from 'kysely';
import { openDatabase } from './database.ts';

const cluster = testPgUrl();

describe.runIf(cluster)('migrate-to-postgres', () => {
  let dataDir: string;
  let sqliteFile: string;
  const before: Record<string, unknown> = {};
  let user: TestUser;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'refshelf-move-'));
    sqliteFile = path.join(dataDir, 'service.sqlite');
    const service = await startTestService({ dataDir, databaseUrl: null });
    try {
      user = await service.createUser({ email: 'mover@example.org', password: 'correct horse battery' });
      const docs = documentClient(service, user);
      const paper = await docs.create({ title: 'A paper with ünïcode ✓', type: 'journal', year: 2021, authors: [{ first_name: 'Ada', last_name: 'Lovelace' }] });
      for (let i = 0; i < 30; i++) await docs.create({ title: `Note ${i}`, type: 'generic' });
      const upload = await service.fetch('/files', {
        method: 'POST',
        headers: { ...user.auth, Accept: service.ctx.mediaTypes.file, 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="p.pdf"', Link: `<${service.url}/documents/${paper.id}>; rel=document` },
        body: new Uint8Array(Buffer.from('%PDF-1.4 not really a PDF')),
      });
      expect(upload.status).toBe(201);
      const note = await docs.send('POST', '/annotations', { document_id: paper.id, text: 'Read again', type: 'note' }, { 'Content-Type': service.ctx.mediaTypes.annotation, Accept: service.ctx.mediaTypes.annotation });
      expect(note.status).toBe(201);
      await snapshot(service, user, before);
    } finally {
      await service.stop();
    }
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('copies every table, verified by counts and checksums, and the PostgreSQL service serves the same library', async () => {
    const url = await createPgDatabase(cluster!);
    const tables = await migrateToPostgres(sqliteFile, url);
    const byName = new Map(tables.map((t) => [t.table, t]));
    expect(byName.get('documents')?.rows).toBe(31);
    expect(byName.get('files')?.rows).toBe(1);
    expect(byName.get('annotations')?.rows).toBe(1);
    expect(byName.get('profiles')?.rows).toBeGreaterThanOrEqual(1);
    for (const t of tables) expect(t.checksum).toMatch(/^[0-9a-f]{16}$/);
    // Vacuumed and analysed once committed: the first readers neither set hint bits on
    // every row nor run on plans guessed without statistics.
    const copied = await openDatabase('', url);
    try {
      const { rows } = await sql<{ relname: string; last_vacuum: Date | null; last_analyze: Date | null }>`
        SELECT relname, last_vacuum, last_analyze FROM pg_stat_user_tables WHERE relname IN ('documents', 'catalog_search')`.execute(copied.db);
      expect(rows.map((r) => r.relname).sort()).toEqual(['catalog_search', 'documents']);
      for (const row of rows) {
        expect(row.last_vacuum).not.toBeNull();
        expect(row.last_analyze).not.toBeNull();
      }
    } finally {
      await copied.close();
    }

    const service = await startTestService({ dataDir, databaseUrl: url });
    try {
      expect(service.ctx.database.engine).toBe('postgres');
      const after: Record<string, unknown> = {};
      await snapshot(service, user, after);
      expect(after).toEqual(before);
      // New rows continue after the copied ones, and the old password still signs in.
      const created = await documentClient(service, user).create({ title: 'After the move', type: 'generic' });
      expect(created.title).toBe('After the move');
    } finally {
      await service.stop();
    }
  });

  it('refuses a database that already holds data, and keeps it as it was', async () => {
    const url = await createPgDatabase(cluster!);
    await migrateToPostgres(sqliteFile, url);
    await expect(migrateToPostgres(sqliteFile, url)).rejects.toThrow(/is not empty: copy into a new, empty database/);
    const database = await openDatabase('', url);
    try {
      const { n } = await database.db.selectFrom('documents').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(n).toBe(31);
    } finally {
      await database.close();
    }
  });

  it('says so when the SQLite file is missing', async () => {
    await expect(migrateToPostgres(path.join(dataDir, 'nope.sqlite'), cluster!)).rejects.toThrow(/No SQLite database at/);
  });
});

/** What a client sees of the library: documents with files, annotations, file bytes, the catalog's search. */
async function snapshot(service: TestService, user: TestUser, into: Record<string, unknown>): Promise<void> {
  const get = async (pathAndQuery: string, accept: string) => {
    const res = await service.fetch(pathAndQuery, { headers: { ...user.auth, Accept: accept } });
    expect(res.status).toBe(200);
    return res.json();
  };
  const mt = service.ctx.mediaTypes;
  into.documents = await get('/documents?limit=500&view=all', mt.document);
  into.annotations = await get('/annotations?limit=200', mt.annotation);
  const files = (await get('/files?limit=200', mt.file)) as { id: string }[];
  into.files = files;
  const download = await service.fetch(`/files/${files[0]!.id}`, { headers: user.auth });
  into.bytes = Buffer.from(await download.arrayBuffer()).toString();
  // The catalog built from the library, searched through each engine's own index.
  into.catalog = ((await get('/search/catalog?query=unicode%20lovelace', mt.document)) as { title: string }[]).map((d) => d.title);
  expect(into.catalog).toEqual(['A paper with ünïcode ✓']);
  // The library search, through each engine's own index: ranks, counts and pages.
  const search = async (query: string) => {
    const res = await service.fetch(`/search/documents?${query}`, { headers: { ...user.auth, Accept: mt.document } });
    expect(res.status).toBe(200);
    return { count: res.headers.get(service.ctx.headers.count), titles: ((await res.json()) as { title: string }[]).map((d) => d.title) };
  };
  into.search = {
    unicode: await search('query=UNICODE%20lovelace'),
    prefix: await search('query=lovel'),
    notes: await search('query=note&limit=7'),
    numbers: await search('query=note%201'),
    author: await search('author=ada%20lovelace&min_year=2020'),
  };
  expect((into.search as Record<string, { titles: string[] }>).author!.titles).toEqual(['A paper with ünïcode ✓']);
  expect((into.search as Record<string, { count: string }>).notes!.count).toBe('30');
}
