// Names of people by profile id (migration 0004): what the window shows for the author of
// an annotation, kept so that it still shows offline.
import type { Db } from './database.ts';
import { inTransaction, now, stmt } from './statements.ts';

/** At most this many ids per question (SQLite's bound on host parameters is far above). */
const CHUNK = 500;

export function rememberProfileNames(db: Db, names: readonly { id: string; name: string }[]): void {
  if (!names.length) return;
  const seenAt = now();
  inTransaction(db, () => {
    const upsert = stmt(db, `INSERT INTO profile_names (profile_id, name, seen_at) VALUES (?, ?, ?)
      ON CONFLICT (profile_id) DO UPDATE SET name = excluded.name, seen_at = excluded.seen_at`);
    for (const { id, name } of names) if (id && name.trim()) upsert.run(id, name.trim(), seenAt);
  });
}

/** The names known of these profiles; ids without one are left out. */
export function profileNamesOf(db: Db, ids: readonly string[]): Record<string, string> {
  const names: Record<string, string> = {};
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += CHUNK) {
    const part = unique.slice(i, i + CHUNK);
    const rows = db.prepare(`SELECT profile_id, name FROM profile_names WHERE profile_id IN (${part.map(() => '?').join(', ')})`).all(...part) as { profile_id: string; name: string }[];
    for (const row of rows) names[row.profile_id] = row.name;
  }
  return names;
}

/**
 * Authors of annotations in the replica whose names are not known yet. Asked after every
 * sync: a DISTINCT over annotations read every annotation's index entry (15-30 ms at
 * 100,000, growing with the library); this walk jumps from one author to the next in
 * annotations_by_profile, so it reads one entry per author.
 */
export function unnamedAuthors(db: Db, limit: number): string[] {
  return stmt(db, UNNAMED_AUTHORS).pluck().all(limit) as string[];
}

export const UNNAMED_AUTHORS = `WITH RECURSIVE authors (id) AS (
    SELECT (SELECT min(profile_id) FROM annotations WHERE profile_id IS NOT NULL)
    UNION ALL
    SELECT (SELECT min(profile_id) FROM annotations WHERE profile_id > authors.id) FROM authors WHERE authors.id IS NOT NULL
  )
  SELECT id FROM authors WHERE id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM profile_names n WHERE n.profile_id = authors.id)
  LIMIT ?`;
