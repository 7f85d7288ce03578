// The persistent queue of documents waiting for a catalog lookup (replica table
// import_lookups, migration 0002). A row stays until a lookup has answered (found or not);
// network failures leave it for the next run, other failures count attempts.
import type { Db } from './database.ts';
import { stmt } from './statements.ts';

export interface QueuedLookup {
  documentId: string;
  /** Field values the import wrote itself; the lookup may replace these, not user edits. */
  written: Record<string, unknown>;
  /** Confidence (0..1) of the fields in `written`. */
  confidence: Record<string, number>;
  filehash?: string;
  attempts: number;
  lastError?: string;
}

/** Service errors other than "offline" give up after this many tries. */
export const MAX_LOOKUP_ATTEMPTS = 5;

interface Row {
  document_id: string;
  written: string;
  confidence: string;
  filehash: string | null;
  attempts: number;
  last_error: string | null;
}

export function createLookupQueue(db: Db) {
  const toQueued = (row: Row): QueuedLookup => ({
    documentId: row.document_id,
    written: JSON.parse(row.written) as Record<string, unknown>,
    confidence: JSON.parse(row.confidence) as Record<string, number>,
    ...(row.filehash ? { filehash: row.filehash } : {}),
    attempts: row.attempts,
    ...(row.last_error ? { lastError: row.last_error } : {}),
  });

  return {
    /** Queues (or re-queues with fresh values) a document's lookup. */
    enqueue(entry: { documentId: string; written: Record<string, unknown>; confidence?: Record<string, number>; filehash?: string }): void {
      stmt(db, `
        INSERT INTO import_lookups (document_id, written, confidence, filehash, queued_at) VALUES (?, ?, ?, ?, ?)
        ON CONFLICT (document_id) DO UPDATE SET written = excluded.written, confidence = excluded.confidence,
          filehash = coalesce(excluded.filehash, filehash), attempts = 0, last_error = NULL
      `).run(entry.documentId, JSON.stringify(entry.written), JSON.stringify(entry.confidence ?? {}), entry.filehash ?? null, new Date().toISOString());
    },
    get(documentId: string): QueuedLookup | undefined {
      const row = stmt(db, 'SELECT * FROM import_lookups WHERE document_id = ?').get(documentId) as Row | undefined;
      return row ? toQueued(row) : undefined;
    },
    /** Waiting lookups, oldest first. */
    list(limit = 500): QueuedLookup[] {
      return (stmt(db, 'SELECT * FROM import_lookups WHERE attempts < ? ORDER BY queued_at, document_id LIMIT ?').all(MAX_LOOKUP_ATTEMPTS, limit) as Row[]).map(toQueued);
    },
    count(): number {
      return stmt(db, 'SELECT count(*) FROM import_lookups WHERE attempts < ?').pluck().get(MAX_LOOKUP_ATTEMPTS) as number;
    },
    done(documentId: string): void {
      stmt(db, 'DELETE FROM import_lookups WHERE document_id = ?').run(documentId);
    },
    /** The service could not answer for now (its upstream is down): kept, not counted as a try. */
    deferred(documentId: string, message: string): void {
      stmt(db, 'UPDATE import_lookups SET last_error = ? WHERE document_id = ?').run(message.slice(0, 500), documentId);
    },
    /** A failure that is not "offline": tried again later, at most MAX_LOOKUP_ATTEMPTS times. */
    failed(documentId: string, message: string): void {
      stmt(db, 'UPDATE import_lookups SET attempts = attempts + 1, last_error = ? WHERE document_id = ?').run(message.slice(0, 500), documentId);
    },
  };
}

export type LookupQueue = ReturnType<typeof createLookupQueue>;
