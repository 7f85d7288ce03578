// The last server JSON seen of each row: the "base" of a three-way merge.
import type { Db } from './database.ts';
import { stmt } from './statements.ts';
import type { EntityKind } from './types.ts';

export function saveBaseCopy(db: Db, kind: EntityKind, json: Record<string, unknown>): void {
  const lastModified = (json.last_modified ?? json.modified ?? null) as string | null;
  stmt(db, `INSERT INTO base_copies (kind, id, json, last_modified) VALUES (?, ?, ?, ?)
    ON CONFLICT (kind, id) DO UPDATE SET json = excluded.json, last_modified = excluded.last_modified`).run(kind, json.id, JSON.stringify(json), lastModified);
}

export function getBaseCopy(db: Db, kind: EntityKind, id: string): { json: Record<string, unknown>; last_modified: string | null } | undefined {
  const row = stmt(db, 'SELECT json, last_modified FROM base_copies WHERE kind = ? AND id = ?').get(kind, id) as { json: string; last_modified: string | null } | undefined;
  return row && { json: JSON.parse(row.json) as Record<string, unknown>, last_modified: row.last_modified };
}
