// Whose files the catalog may hand out. An open-access record offers only files that the
// installation put on a shelf for that purpose (the sample shelf's profile, or one an
// operator names), never a user's own copy: a user's PDF of an open-access paper may be a
// publisher's version, an annotated copy or another file altogether, and it stays theirs.
import type { ServiceDb } from '../storage/database.ts';
import { readSetting, writeSetting } from './catalogSettings.ts';

const SHELVES_KEY = 'catalog.file_shelves';

export async function fileShelves(db: ServiceDb): Promise<string[]> {
  const raw = await readSetting(db, SHELVES_KEY);
  if (!raw) return [];
  try {
    const ids = JSON.parse(raw) as unknown;
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** Puts a profile's library on the catalog's shelf: its files of open-access records are offered to all. */
export async function addFileShelf(db: ServiceDb, profileId: string): Promise<void> {
  const ids = new Set(await fileShelves(db));
  ids.add(profileId);
  await writeSetting(db, SHELVES_KEY, JSON.stringify([...ids]));
}
