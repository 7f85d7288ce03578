// One index per sort of the library listings (/documents: last_modified, created, title),
// partial on the rows a listing can show (not trashed; personal ones outside groups), so the
// first page and any later page are a walk of `limit` index entries and the count reads the
// index alone. Before, only last_modified had an index and it also held trashed and group
// rows, so a title page sorted the whole library and the count read every row.
import { sql, type Kysely } from 'kysely';

const SORTS = ['last_modified', 'created', 'title'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const sort of SORTS) {
    await db.schema
      .createIndex(`documents_personal_${sort}`)
      .on('documents')
      .columns(['profile_id', sort, 'id'])
      .where(sql<boolean>`group_id IS NULL AND trashed_at IS NULL`)
      .execute();
    await db.schema
      .createIndex(`documents_group_${sort}`)
      .on('documents')
      .columns(['group_id', sort, 'id'])
      .where(sql<boolean>`group_id IS NOT NULL AND trashed_at IS NULL`)
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const sort of SORTS) {
    await db.schema.dropIndex(`documents_personal_${sort}`).ifExists().execute();
    await db.schema.dropIndex(`documents_group_${sort}`).ifExists().execute();
  }
}
