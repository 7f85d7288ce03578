// What the sync engine remembers between runs: watermarks per collection and library, the
// groups the user belongs to, the signed-in profile.
import type { Db } from './database.ts';
import { inTransaction, stmt } from './statements.ts';
import type { Watermark } from './types.ts';

/** scope: null or '' for the personal library, else a group id. */
export function getWatermark(db: Db, collection: string, scope: string | null = null): Watermark {
  const row = stmt(db, 'SELECT modified, deleted FROM sync_state WHERE collection = ? AND scope = ?').get(collection, scope ?? '') as Watermark | undefined;
  return row ?? { modified: null, deleted: null };
}

/** Sets the given parts of a watermark; parts left undefined keep their value. */
export function setWatermark(db: Db, collection: string, scope: string | null, mark: Partial<Watermark>): void {
  stmt(db, `
    INSERT INTO sync_state (collection, scope, modified, deleted) VALUES (@collection, @scope, @modified, @deleted)
    ON CONFLICT (collection, scope) DO UPDATE SET
      modified = CASE WHEN @setModified THEN excluded.modified ELSE modified END,
      deleted = CASE WHEN @setDeleted THEN excluded.deleted ELSE deleted END`).run({
    collection,
    scope: scope ?? '',
    modified: mark.modified ?? null,
    deleted: mark.deleted ?? null,
    setModified: mark.modified !== undefined ? 1 : 0,
    setDeleted: mark.deleted !== undefined ? 1 : 0,
  });
}

export interface GroupRecord {
  id: string;
  name: string;
  role?: string;
  [field: string]: unknown;
}

/** Replaces the list of groups (the service lists them whole). */
export function setGroups(db: Db, groups: readonly GroupRecord[]): void {
  inTransaction(db, () => {
    stmt(db, 'DELETE FROM groups').run();
    for (const group of groups) {
      stmt(db, 'INSERT INTO groups (id, name, role, data) VALUES (?, ?, ?, ?)').run(group.id, group.name, group.role ?? null, JSON.stringify(group));
    }
  });
}

export function listGroups(db: Db): GroupRecord[] {
  return (stmt(db, 'SELECT data FROM groups ORDER BY name COLLATE NOCASE, id').pluck().all() as string[]).map((d) => JSON.parse(d) as GroupRecord);
}

export function setProfile(db: Db, profile: Record<string, unknown> | null): void {
  if (profile === null) stmt(db, 'DELETE FROM profile').run();
  else stmt(db, 'INSERT INTO profile (one, data) VALUES (1, ?) ON CONFLICT (one) DO UPDATE SET data = excluded.data').run(JSON.stringify(profile));
}

export function getProfile(db: Db): Record<string, unknown> | null {
  const data = stmt(db, 'SELECT data FROM profile WHERE one = 1').pluck().get() as string | undefined;
  return data === undefined ? null : (JSON.parse(data) as Record<string, unknown>);
}
