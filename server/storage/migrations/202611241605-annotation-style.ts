// A highlight's style (shared/schemas/annotation.ts): 'underline' or 'area', null for a
// highlighted text. Existing rows are highlights as before.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('annotations').addColumn('style', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('annotations').dropColumn('style').execute();
}
