// Keeps the catalog current with users' libraries without hooks in the documents code: a
// scan of documents changed (and tombstones written) since a watermark maps each library
// document that is not hidden and not in the trash to its catalog document, creating one
// when none matches, then republishes that document from all its voters (readerVote.ts).
// It runs at start-up, on a timer, and before each catalog read (cheap when nothing
// changed: an index range over the last few seconds). The watermark lives in the settings
// table, so every instance sharing the database continues where any left off.
// Whether there is anything to do is asked first outside any write transaction: while a
// catalog import holds the write lock batch after batch, a read with nothing to catch up
// must not wait for its commits (WAL readers never wait on the writer).
// PostgreSQL runs the same scan through Kysely (postgresLibrarySync.ts).
import type SQLite from 'better-sqlite3';
import type { DocumentsTable } from '../storage/tables.ts';
import { catalogFieldsOf, catalogStoreOf, type CatalogStore } from './catalogStore.ts';
import { parseObject } from './catalogVoters.ts';

export const WATERMARK_KEY = 'catalog.library_watermark';
/**
 * Writes are stamped before they commit, so a document can appear with a time slightly
 * before the watermark; rescanning this window (skipping unchanged rows) catches it.
 */
export const RESCAN_MS = 5000;
/** Documents mapped per transaction. */
export const SCAN_BATCH = 500;

/** Library documents changed since ? whose catalog mapping is not of their current version. */
const CHANGED = `documents d LEFT JOIN catalog_sources s ON s.document_id = d.id
  WHERE d.last_modified >= ? AND d.trashed_at IS NULL AND (s.document_id IS NULL OR s.document_last_modified <> d.last_modified)`;
/** Library documents deleted since ? that are still mapped to a catalog document. */
const REMOVED = `tombstones t JOIN catalog_sources s ON s.document_id = t.id
  WHERE t.kind = 'document' AND t.deleted_at >= ? AND s.catalog_seq IS NOT NULL`;

interface Changed extends DocumentsTable {
  mapped_seq: number | null;
  mapped_modified: string | null;
}

export class LibrarySync {
  private readonly s: Record<string, SQLite.Statement>;

  constructor(private readonly sqlite: SQLite.Database, private readonly store: CatalogStore) {
    const p = (text: string) => sqlite.prepare(text);
    this.s = {
      watermark: p('SELECT value FROM settings WHERE key = ?'),
      setWatermark: p('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value'),
      changed: p(`SELECT d.*, s.catalog_seq AS mapped_seq, s.document_last_modified AS mapped_modified
                  FROM ${CHANGED} ORDER BY d.last_modified LIMIT ${SCAN_BATCH}`),
      anyChanged: p(`SELECT 1 FROM ${CHANGED} LIMIT 1`),
      removed: p(`SELECT t.id AS id, t.deleted_at AS deleted_at, s.catalog_seq AS mapped_seq FROM ${REMOVED}`),
      anyRemoved: p(`SELECT 1 FROM ${REMOVED} LIMIT 1`),
      maxRemoved: p(`SELECT max(deleted_at) FROM tombstones WHERE kind = 'document' AND deleted_at >= ?`),
      setSource: p(`INSERT INTO catalog_sources (document_id, catalog_seq, document_last_modified) VALUES (?, ?, ?)
                    ON CONFLICT (document_id) DO UPDATE SET catalog_seq = excluded.catalog_seq, document_last_modified = excluded.document_last_modified`),
      unmapSource: p('UPDATE catalog_sources SET catalog_seq = NULL WHERE document_id = ?'),
    };
  }

  private watermark(): string {
    return (this.s.watermark!.pluck().get(WATERMARK_KEY) as string | undefined) ?? '';
  }

  /** Brings the catalog up to date with the libraries; returns how many documents it looked at. */
  run(): number {
    let processed = 0;
    // A scan that would find nothing takes no write lock.
    while (this.pending()) {
      // Immediate: another instance may scan at the same time, and a read transaction that
      // later turns into a write would then fail rather than wait (SQLITE_BUSY_SNAPSHOT).
      const batch = this.sqlite.transaction(() => this.step()).immediate();
      processed += batch;
      if (batch < SCAN_BATCH) break;
    }
    return processed;
  }

  /** Whether step() would change anything: a document to map or unmap, or a later watermark. */
  private pending(): boolean {
    const { mark, since } = this.window();
    if (this.s.anyRemoved!.get(since) || this.s.anyChanged!.get(since)) return true;
    const removedUpTo = this.s.maxRemoved!.pluck().get(since) as string | null;
    return Boolean(removedUpTo && removedUpTo > mark);
  }

  /** The watermark and the time the scan reads from (RESCAN_MS before it). */
  private window(): { mark: string; since: string } {
    const mark = this.watermark();
    return { mark, since: mark ? new Date(Date.parse(mark) - RESCAN_MS).toISOString() : '' };
  }

  private step(): number {
    const { mark, since } = this.window();
    let latest = mark;
    for (const gone of this.s.removed!.all(since) as { id: string; deleted_at: string; mapped_seq: number }[]) {
      this.s.unmapSource!.run(gone.id);
      this.store.publish(gone.mapped_seq);
    }
    const removedUpTo = this.s.maxRemoved!.pluck().get(since) as string | null;
    if (removedUpTo && removedUpTo > latest) latest = removedUpTo;

    const changed = this.s.changed!.all(since) as Changed[];
    for (const doc of changed) {
      this.map(doc);
      if (doc.last_modified > latest) latest = doc.last_modified;
    }
    if (latest !== mark) this.s.setWatermark!.run(WATERMARK_KEY, latest);
    return changed.length;
  }

  private map(doc: Changed): void {
    const data = parseObject(doc.data);
    const previous = doc.mapped_seq;
    if (data.hidden === true) {
      this.s.setSource!.run(doc.id, null, doc.last_modified);
      if (previous !== null) this.store.publish(previous);
      return;
    }
    const fields = catalogFieldsOf({ ...data, title: doc.title, type: doc.type, year: doc.year });
    const current = previous !== null ? this.store.bySeq(previous) : undefined;
    let target = this.store.findDuplicate(fields);
    if (!target && current && current.imported === 0 && this.onlySource(current.seq, doc.id)) {
      // The only reader of an entry may still change what it describes.
      target = current;
    }
    const seq = target ? target.seq : this.store.insert(fields, { imported: false });
    this.s.setSource!.run(doc.id, seq, doc.last_modified);
    // The copy is one vote among its readers' (readerVote.ts), never the record itself.
    this.store.publish(seq);
    if (previous !== null && previous !== seq) this.store.publish(previous);
  }

  private onlySource(seq: number, documentId: string): boolean {
    const others = this.sqlite.prepare('SELECT count(*) FROM catalog_sources WHERE catalog_seq = ? AND document_id <> ?').pluck().get(seq, documentId) as number;
    return others === 0;
  }
}

const syncs = new WeakMap<SQLite.Database, LibrarySync>();

/** One scanner per database handle: the catalog routes and the catalog files share it. */
export function librarySyncOf(sqlite: SQLite.Database): LibrarySync {
  let sync = syncs.get(sqlite);
  if (!sync) {
    sync = new LibrarySync(sqlite, catalogStoreOf(sqlite));
    syncs.set(sqlite, sync);
  }
  return sync;
}
