import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrations } from './migrations/index.ts';
import { openReplica } from './replica.ts';
import { sqlOf, tempReplica, type TempReplica } from './testing.ts';

let temp: TempReplica;
afterEach(() => temp?.dispose());

describe('openReplica', () => {
  it('creates the schema on an empty file, in WAL mode with foreign keys on', () => {
    temp = tempReplica();
    const db = sqlOf(temp.replica);
    expect(db.pragma('user_version', { simple: true })).toBe(migrations.length);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    const tables = db.prepare(`SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name`).pluck().all();
    for (const t of ['documents', 'folders', 'folder_documents', 'files', 'annotations', 'groups', 'profile', 'sync_state', 'outbox', 'base_copies', 'conflicts', 'documents_fts']) {
      expect(tables).toContain(t);
    }
  });

  it('tables are STRICT: a wrong type is refused', () => {
    temp = tempReplica();
    expect(() => sqlOf(temp.replica).prepare(`INSERT INTO groups (id, name, role, data) VALUES ('g', 'G', 'member', '{}')`).run()).not.toThrow();
    expect(() => sqlOf(temp.replica).prepare(`INSERT INTO outbox (kind, entity_id, op, attempts, created_at) VALUES ('document', 'x', 'create', 'many', 'now')`).run()).toThrow(/cannot store TEXT value in INTEGER column/);
  });

  it('re-opens a file keeping its data and not re-running migrations', () => {
    temp = tempReplica();
    const doc = temp.replica.createDocument({ title: 'Kept' });
    const again = temp.reopen();
    expect(again.getDocument(doc.id)?.title).toBe('Kept');
    expect(sqlOf(again).pragma('user_version', { simple: true })).toBe(migrations.length);
  });

  it('opens a file from before migration names were recorded without running its migrations again', () => {
    temp = tempReplica();
    const doc = temp.replica.createDocument({ title: 'Kept' });
    // Such a file counted its migrations in user_version only.
    sqlOf(temp.replica).exec('DROP TABLE replica_migrations');
    const again = temp.reopen();
    expect(again.getDocument(doc.id)?.title).toBe('Kept');
    expect(sqlOf(again).prepare('SELECT name FROM replica_migrations ORDER BY name').pluck().all()).toEqual(migrations.map((m) => m.name));
    expect(sqlOf(again).pragma('user_version', { simple: true })).toBe(migrations.length);
  });

  it('refuses a file that ran a migration this app does not know', () => {
    temp = tempReplica();
    sqlOf(temp.replica).prepare("INSERT INTO replica_migrations (name, applied_at) VALUES ('209901010000-from-the-future', 'x')").run();
    temp.replica.close();
    expect(() => openReplica(temp.file)).toThrow(/newer version/);
  });

  it('refuses a file written by a newer schema', () => {
    temp = tempReplica();
    sqlOf(temp.replica).pragma(`user_version = ${migrations.length + 1}`);
    temp.replica.close();
    expect(() => openReplica(temp.file)).toThrow(/newer version/);
  });

  it('runs each migration in a transaction: a failing one leaves nothing behind', () => {
    temp = tempReplica();
    temp.replica.close();
    const dir = temp.file.replace(/library\.sqlite$/, '');
    const raw = new Database(`${dir}broken.sqlite`);
    // A table in the way makes the first migration fail half-way through.
    raw.exec('CREATE TABLE groups (x INTEGER)');
    raw.close();
    expect(() => openReplica(`${dir}broken.sqlite`)).toThrow(/groups already exists/);
    const after = new Database(`${dir}broken.sqlite`);
    expect(after.pragma('user_version', { simple: true })).toBe(0);
    expect(after.prepare(`SELECT name FROM sqlite_schema WHERE name = 'documents'`).get()).toBeUndefined();
    after.close();
  });
});
