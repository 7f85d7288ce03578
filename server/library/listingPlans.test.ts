// Every paged collection of a library (documents with each sort and filter, a group's
// documents, the trash, files, folders, a folder's documents, annotations, and the
// deletion feeds) answers its first page, and a page behind a marker, without reading the
// whole library: every statement a listing request runs is a SEARCH of an index, never a
// SCAN of a table nor a sort of all its rows (TEMP B-TREE FOR ORDER BY). The statements are
// the ones the service really runs over HTTP, recorded as SQLite prepares them; their plans
// come from EXPLAIN QUERY PLAN, so nothing is timed. SQLite only.
import type SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../testing/testService.ts';
import { parseLinkHeader } from '../../shared/paging.ts';
import { joinGroup } from './documentsTesting.ts';

let service: TestService;
let sqlite: SQLite.Database;
let auth: { Authorization: string };
let groupId: string;
let folderId: string;
let documentId: string;
const since = new Date(1_700_000_002_000).toISOString();

interface Statement {
  sql: string;
  parameters: unknown[];
}
let recording: Statement[] | undefined;

beforeAll(async () => {
  service = await startTestService({ databaseUrl: null });
  sqlite = service.ctx.database.sqlite!;
  const user = await service.createUser();
  auth = user.auth;
  groupId = await joinGroup(service, user.id, 'owner');
  seedLibrary(user.id);
  // Kysely prepares each statement as it runs it: record those run while a test asks.
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((source: string) => {
    const statement = prepare(source);
    if (!recording || !statement.reader) return statement;
    const all = statement.all.bind(statement);
    const seen = recording;
    statement.all = ((...parameters: unknown[]) => {
      seen.push({ sql: source, parameters: parameters.flat() });
      return all(...parameters);
    }) as typeof statement.all;
    return statement;
  }) as typeof sqlite.prepare;
});
afterAll(async () => service.stop());

/** Enough rows of every kind that a scan would be a real choice for the planner. */
function seedLibrary(profileId: string): void {
  const time = (i: number) => new Date(1_700_000_000_000 + i).toISOString();
  const insertDocument = sqlite.prepare(`INSERT INTO documents (id, profile_id, group_id, created, last_modified, title, type, year, trashed_at, data)
    VALUES (?, ?, ?, ?, ?, ?, 'journal', 2000, ?, '{}')`);
  const insertFile = sqlite.prepare(`INSERT INTO files (id, document_id, profile_id, group_id, filehash, file_name, mime_type, size, added)
    VALUES (?, ?, ?, ?, ?, 'paper.pdf', 'application/pdf', 1, ?)`);
  const insertAnnotation = sqlite.prepare(`INSERT INTO annotations (id, type, document_id, profile_id, group_id, text, privacy_level, created, last_modified)
    VALUES (?, ?, ?, ?, ?, 'note', ?, ?, ?)`);
  const insertFolder = sqlite.prepare('INSERT INTO folders (id, name, parent_id, profile_id, group_id, created, modified) VALUES (?, ?, NULL, ?, ?, ?, ?)');
  const insertLink = sqlite.prepare('INSERT INTO folder_documents (folder_id, document_id, added) VALUES (?, ?, ?)');
  const insertTombstone = sqlite.prepare('INSERT INTO tombstones (kind, id, profile_id, group_id, deleted_at) VALUES (?, ?, ?, ?, ?)');
  sqlite.transaction(() => {
    for (let i = 0; i < 300; i++) insertFolder.run(`folder-${i}`, `Folder ${i}`, profileId, i % 3 === 0 ? groupId : null, time(i), time(i));
    folderId = 'folder-1';
    for (let i = 0; i < 3000; i++) {
      const inGroup = i % 3 === 0 ? groupId : null;
      insertDocument.run(`doc-${i}`, profileId, inGroup, time(i), time(i), `Title ${(i * 7919) % 3000}`, i % 10 === 1 ? time(i) : null);
      insertFile.run(`file-${i}`, `doc-${i}`, profileId, inGroup, `hash-${i}`, time(i));
      for (const type of ['note', 'highlight']) {
        insertAnnotation.run(`annotation-${type}-${i}`, type, `doc-${i}`, profileId, inGroup, i % 2 ? 'private' : 'group', time(i), time(i));
      }
      insertLink.run(`folder-${i % 5}`, `doc-${i}`, time(i));
      for (const kind of ['document', 'file', 'annotation']) insertTombstone.run(kind, `gone-${i}`, profileId, inGroup, time(i));
    }
  })();
  documentId = 'doc-2';
  sqlite.exec('ANALYZE');
}

/** The first page of `path`, then the page its next link names: the statements both ran. */
async function statementsOf(path: string): Promise<Statement[]> {
  const seen: Statement[] = [];
  recording = seen;
  try {
    const first = await service.fetch(path, { headers: { ...auth, Accept: '*/*' } });
    expect(first.status, `${path}: ${await first.clone().text()}`).toBe(200);
    const next = parseLinkHeader(first.headers.get('link')).next;
    expect(next, `${path} has a next page`).toBeDefined();
    const url = new URL(next!);
    expect((await service.fetch(url.pathname + url.search, { headers: { ...auth, Accept: '*/*' } })).status).toBe(200);
  } finally {
    recording = undefined;
  }
  return seen;
}

function planOf(statement: Statement): string[] {
  const rows = sqlite.prepare(`EXPLAIN QUERY PLAN ${statement.sql}`).all(...statement.parameters) as { detail: string }[];
  return rows.map((r) => r.detail);
}

const LISTINGS = [
  ...['last_modified', 'created', 'title'].flatMap((sort) => ['asc', 'desc'].flatMap((order) => [
    `/documents?limit=50&sort=${sort}&order=${order}`,
    `/documents?limit=50&sort=${sort}&order=${order}&group_id={group}`,
  ])),
  '/documents?limit=50&view=all',
  `/documents?limit=50&modified_since=${since}`,
  `/documents?limit=50&modified_since=${since}&group_id={group}`,
  `/documents?limit=50&deleted_since=${since}`,
  `/documents?limit=50&deleted_since=${since}&group_id={group}`,
  `/deleted_documents?limit=50&since=${since}`,
  '/trash?limit=50',
  '/trash?limit=50&sort=document_id',
  '/trash?limit=50&group_id={group}',
  '/files?limit=50',
  '/files?limit=50&group_id={group}',
  `/files?limit=50&added_since=${since}`,
  `/files?limit=50&deleted_since=${since}`,
  `/files?limit=50&deleted_since=${since}&group_id={group}`,
  '/folders?limit=50',
  '/folders?limit=50&group_id={group}',
  '/folders/{folder}/documents?limit=50',
  '/annotations?limit=50',
  '/annotations?limit=50&type=highlight',
  `/annotations?limit=50&modified_since=${since}`,
  '/annotations?limit=50&group_id={group}',
  `/annotations?limit=50&deleted_since=${since}`,
  `/annotations?limit=50&deleted_since=${since}&group_id={group}`,
];

describe('paged collections', () => {
  it.each(LISTINGS)('%s reads indexes only', async (template) => {
    const path = template.replace('{group}', groupId).replace('{folder}', folderId).replace('{document}', documentId);
    const statements = await statementsOf(path);
    expect(statements.length).toBeGreaterThan(0);
    for (const statement of statements) {
      const plan = planOf(statement).join('\n');
      expect(plan, statement.sql).not.toMatch(/^SCAN (?!json_each)/m);
      expect(plan, statement.sql).not.toContain('USE TEMP B-TREE FOR ORDER BY');
    }
  });
});
