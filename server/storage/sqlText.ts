// Text and JSON functions whose names differ between the engines.
import { sql, type RawBuilder } from 'kysely';
import { engineOf, type ServiceDb } from './engines/serviceDb.ts';

/** Whether the text column holds `needle` anywhere (case-sensitive, no pattern characters). */
export function containsText(db: ServiceDb, column: string, needle: string): RawBuilder<boolean> {
  return engineOf(db) === 'postgres'
    ? sql<boolean>`strpos(${sql.ref(column)}, ${needle}) > 0`
    : sql<boolean>`instr(${sql.ref(column)}, ${needle}) > 0`;
}

/** Whether the JSON object in a text column lacks `key: true` (SQLite's json_extract reads true as 1). */
export function jsonNotTrue(db: ServiceDb, column: string, key: string): RawBuilder<boolean> {
  return engineOf(db) === 'postgres'
    ? sql<boolean>`coalesce(${sql.ref(column)}::jsonb -> ${key}, 'false'::jsonb) <> 'true'::jsonb`
    : sql<boolean>`coalesce(json_extract(${sql.ref(column)}, ${`$.${key}`}), 0) <> 1`;
}
