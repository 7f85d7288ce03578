// Whose files the catalog may hand out. An open-access record offers only files that the
// installation put on a shelf for that purpose (the sample shelf's profile, or one an
// operator names), never a user's own copy: a user's PDF of an open-access paper may be a
// publisher's version, an annotated copy or another file altogether, and it stays theirs.
import type Database from 'better-sqlite3';

const SHELVES_KEY = 'catalog.file_shelves';

export function fileShelves(sqlite: Database.Database): string[] {
  const raw = sqlite.prepare('SELECT value FROM settings WHERE key = ?').pluck().get(SHELVES_KEY) as string | undefined;
  if (!raw) return [];
  try {
    const ids = JSON.parse(raw) as unknown;
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** Puts a profile's library on the catalog's shelf: its files of open-access records are offered to all. */
export function addFileShelf(sqlite: Database.Database, profileId: string): void {
  const ids = new Set(fileShelves(sqlite));
  ids.add(profileId);
  sqlite.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(SHELVES_KEY, JSON.stringify([...ids]));
}
