// The catalog's flags and marks in the settings table (sample loaded, file shelves...), on
// either engine.
import type { ServiceDb } from '../storage/database.ts';

export async function readSetting(db: ServiceDb, key: string): Promise<string | undefined> {
  return (await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst())?.value;
}

export async function writeSetting(db: ServiceDb, key: string, value: string): Promise<void> {
  await db.insertInto('settings').values({ key, value }).onConflict((c) => c.column('key').doUpdateSet({ value })).execute();
}
