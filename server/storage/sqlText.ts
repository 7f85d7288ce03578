// Text functions whose names differ between the engines.
import { sql, type RawBuilder } from 'kysely';
import { engineOf, type ServiceDb } from './engines/serviceDb.ts';

/** Whether the text column holds `needle` anywhere (case-sensitive, no pattern characters). */
export function containsText(db: ServiceDb, column: string, needle: string): RawBuilder<boolean> {
  return engineOf(db) === 'postgres'
    ? sql<boolean>`strpos(${sql.ref(column)}, ${needle}) > 0`
    : sql<boolean>`instr(${sql.ref(column)}, ${needle}) > 0`;
}
