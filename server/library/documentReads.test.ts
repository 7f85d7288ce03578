// The document store's hot reads answer alike on both engines (file flags as booleans, a
// page's rows by a list of ids of any length), and on PostgreSQL each is a named prepared
// statement, parsed and planned once on a connection rather than on every request.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type OpenedDatabase } from '../storage/database.ts';
import { createPgDatabase, testPgUrl } from '../testing/pgDatabases.ts';
import { documentReadsOf } from './documentReads.ts';

const cluster = testPgUrl();
const TIME = '2026-01-02T03:04:05.678Z';

let opened: { database: OpenedDatabase; dir: string } | undefined;
afterEach(async () => {
  await opened?.database.close();
  if (opened) rmSync(opened.dir, { recursive: true, force: true });
  opened = undefined;
});

async function libraryOn(engine: 'sqlite' | 'postgres'): Promise<OpenedDatabase> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'refshelf-reads-'));
  const database = await openDatabase(dir, engine === 'postgres' ? await createPgDatabase(cluster!) : null);
  opened = { database, dir };
  const document = (id: string, data: string) => ({ id, profile_id: 'p1', group_id: null, created: TIME, last_modified: TIME, title: `Paper ${id}`, type: 'journal', year: 2020, trashed_at: null, data });
  await database.db.insertInto('documents').values([document('d1', '{"abstract":"Wörter"}'), document('d2', '{}'), document('d3', '{}')]).execute();
  await database.db.insertInto('files').values({ id: 'f1', document_id: 'd2', profile_id: 'p1', group_id: null, filehash: 'ab', file_name: 'a.pdf', mime_type: 'application/pdf', size: 1, added: TIME }).execute();
  return database;
}

describe.each([
  ['SQLite', 'sqlite' as const, true],
  ['PostgreSQL', 'postgres' as const, Boolean(cluster)],
])('document reads on %s', (_name, engine, available) => {
  it.runIf(available)('read versions, rows and file flags', async () => {
    const reads = documentReadsOf(await libraryOn(engine));
    expect(await reads.versionById('d1')).toEqual({ id: 'd1', last_modified: TIME, profile_id: 'p1', group_id: null, trashed_at: null, data_length: 22, has_file: false });
    expect((await reads.versionById('d2'))?.has_file).toBe(true);
    expect(await reads.versionById('nope')).toBeUndefined();
    expect(await reads.byIdWithFileFlag('d2')).toMatchObject({ id: 'd2', title: 'Paper d2', year: 2020, data: '{}', data_length: 2, has_file: true });
    expect((await reads.byIds(['d3', 'nope', 'd1'])).map((r) => r.id).sort()).toEqual(['d1', 'd3']);
    expect((await reads.byIds(['d2'])).map((r) => r.id)).toEqual(['d2']);
    expect(await reads.byIds([])).toEqual([]);
    expect(await reads.withFiles(['d1', 'd2', 'd3'])).toEqual(['d2']);
    expect(await reads.hasFile('d1')).toBe(false);
  });

  it.runIf(available)('answer version lookups asked for together, each with its own row', async () => {
    const reads = documentReadsOf(await libraryOn(engine));
    const versions = await Promise.all(['d1', 'd2', 'nope', 'd3', 'd2'].map((id) => reads.versionById(id)));
    expect(versions.map((v) => v && [v.id, v.has_file])).toEqual([['d1', false], ['d2', true], undefined, ['d3', false], ['d2', true]]);
  });
});

describe.runIf(cluster)('document reads on PostgreSQL', () => {
  it('prepare each statement once on a connection and run it again by name', async () => {
    const database = await libraryOn('postgres');
    if (database.engine !== 'postgres') throw new Error('expected PostgreSQL');
    const reads = documentReadsOf(database);
    await reads.versionById('d1');
    await reads.versionById('d2');
    await reads.byIds(['d1', 'd2']);
    await reads.byIds(['d3']);
    // Run one after another, the reads took the pool's one idle connection each time (the
    // pool hands out the connection released last), which this look shares.
    const runs = await database.statements.rows<{ name: string; runs: number }>(
      { name: 'test_prepared', text: 'SELECT name, (generic_plans + custom_plans)::int AS runs FROM pg_prepared_statements' },
      [],
    );
    const byName = Object.fromEntries(runs.map((r) => [r.name, r.runs]));
    expect(byName).toMatchObject({ document_reads_version_by_id: 2, document_reads_by_ids: 2 });
  });

  it('send the version lookups of one turn as one statement, after the first, which goes at once', async () => {
    const database = await libraryOn('postgres');
    if (database.engine !== 'postgres') throw new Error('expected PostgreSQL');
    const sent = vi.spyOn(database.statements, 'rows');
    const reads = documentReadsOf(database);
    await Promise.all(['d1', 'd2', 'd3', 'nope'].map((id) => reads.versionById(id)));
    expect(sent.mock.calls.map(([statement, values]) => [statement.name, values])).toEqual([
      ['document_reads_version_by_id', ['d1']],
      ['document_reads_versions_by_ids', [['d2', 'd3', 'nope']]],
    ]);
  });
});
