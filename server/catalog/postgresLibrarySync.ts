// The library scan of librarySync.ts on PostgreSQL: the same watermark (in settings, shared
// by every instance), the same rescan window and mapping rules, each batch in one write
// transaction of the catalog (its advisory lock makes instances scanning at once take turns).
import { sql, type Kysely } from 'kysely';
import type { Database, DocumentsTable } from '../storage/tables.ts';
import { catalogFieldsOf } from './catalogFields.ts';
import { readSetting, writeSetting } from './catalogSettings.ts';
import { parseObject } from './catalogVoters.ts';
import { RESCAN_MS, SCAN_BATCH, WATERMARK_KEY } from './librarySync.ts';
import type { PostgresCatalogStore, PostgresCatalogWriter } from './postgresCatalogStore.ts';

type Queries = Kysely<Database>;

/** Brings the catalog up to date with the libraries; returns how many documents it looked at. */
export async function scanLibrariesPostgres(store: PostgresCatalogStore): Promise<number> {
  // Every catalog read catches up first: when nothing changed (the usual case) it must not
  // queue for the write lock behind other readers, so a look without the lock comes first.
  if (!(await pending(store.db))) return 0;
  let processed = 0;
  for (;;) {
    const batch = await store.write((writer) => step(writer));
    processed += batch;
    if (batch < SCAN_BATCH) return processed;
  }
}

async function watermark(db: Queries): Promise<{ mark: string; since: string }> {
  const mark = (await readSetting(db, WATERMARK_KEY)) ?? '';
  return { mark, since: mark ? new Date(Date.parse(mark) - RESCAN_MS).toISOString() : '' };
}

/** Deleted library documents still mapped to a catalog document. */
const removedQuery = (db: Queries, since: string) =>
  db
    .selectFrom('tombstones as t')
    .innerJoin('catalog_sources as s', 's.document_id', 't.id')
    .select(['t.id as id', 's.catalog_seq as mapped_seq'])
    .where('t.kind', '=', 'document')
    .where('t.deleted_at', '>=', since)
    .where('s.catalog_seq', 'is not', null);

/** Library documents changed since they were last mapped (or never mapped). */
const changedQuery = (db: Queries, since: string) =>
  db
    .selectFrom('documents as d')
    .leftJoin('catalog_sources as s', 's.document_id', 'd.id')
    .where('d.last_modified', '>=', since)
    .where('d.trashed_at', 'is', null)
    .where((eb) => eb.or([eb('s.document_id', 'is', null), eb('s.document_last_modified', '<>', eb.ref('d.last_modified'))]));

/** Whether the scan has anything to map or unmap. */
async function pending(db: Queries): Promise<boolean> {
  const { since } = await watermark(db);
  if (await removedQuery(db, since).limit(1).executeTakeFirst()) return true;
  return Boolean(await changedQuery(db, since).select('d.id').limit(1).executeTakeFirst());
}

async function step(writer: PostgresCatalogWriter): Promise<number> {
  const { db } = writer;
  const { mark, since } = await watermark(db);
  let latest = mark;
  const removed = await removedQuery(db, since).execute();
  for (const gone of removed) {
    await db.updateTable('catalog_sources').set({ catalog_seq: null }).where('document_id', '=', gone.id).execute();
    await writer.publish(gone.mapped_seq!);
  }
  const removedUpTo = (await db
    .selectFrom('tombstones')
    .select((eb) => eb.fn.max('deleted_at').as('latest'))
    .where('kind', '=', 'document')
    .where('deleted_at', '>=', since)
    .executeTakeFirst())?.latest;
  if (removedUpTo && removedUpTo > latest) latest = removedUpTo;

  const changed = await changedQuery(db, since)
    .selectAll('d')
    .select(['s.catalog_seq as mapped_seq'])
    .orderBy('d.last_modified')
    .limit(SCAN_BATCH)
    .execute();
  for (const doc of changed) {
    await map(writer, doc);
    if (doc.last_modified > latest) latest = doc.last_modified;
  }
  if (latest !== mark) await writeSetting(db, WATERMARK_KEY, latest);
  return changed.length;
}

type Changed = Pick<DocumentsTable, 'id' | 'title' | 'type' | 'year' | 'data' | 'last_modified'> & { mapped_seq: number | null };

async function setSource(writer: PostgresCatalogWriter, documentId: string, seq: number | null, lastModified: string): Promise<void> {
  await writer.db
    .insertInto('catalog_sources')
    .values({ document_id: documentId, catalog_seq: seq, document_last_modified: lastModified })
    .onConflict((c) => c.column('document_id').doUpdateSet({ catalog_seq: seq, document_last_modified: lastModified }))
    .execute();
}

async function map(writer: PostgresCatalogWriter, doc: Changed): Promise<void> {
  const data = parseObject(doc.data);
  const previous = doc.mapped_seq;
  if (data.hidden === true) {
    await setSource(writer, doc.id, null, doc.last_modified);
    if (previous !== null) await writer.publish(previous);
    return;
  }
  const fields = catalogFieldsOf({ ...data, title: doc.title, type: doc.type, year: doc.year });
  const current = previous !== null ? await writer.bySeq(previous) : undefined;
  let target = await writer.findDuplicate(fields);
  if (!target && current && current.imported === 0) {
    // The only reader of an entry may still change what it describes.
    const others = await writer.db
      .selectFrom('catalog_sources')
      .select(sql<number>`count(*)`.as('n'))
      .where('catalog_seq', '=', current.seq)
      .where('document_id', '<>', doc.id)
      .executeTakeFirstOrThrow();
    if (others.n === 0) target = current;
  }
  const seq = target ? target.seq : await writer.insert(fields, { imported: false });
  await setSource(writer, doc.id, seq, doc.last_modified);
  // The copy is one vote among its readers' (readerVote.ts), never the record itself.
  await writer.publish(seq);
  if (previous !== null && previous !== seq) await writer.publish(previous);
}
