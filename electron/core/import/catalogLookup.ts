// Runs the queued catalog lookups: GET /metadata with what the document knows (identifiers,
// file hash, title, authors, year), or GET /catalog?isbn= for books, then GET /catalog/{id}
// for the record, merged by catalogPatch. Offline (no HTTP answer) the queue stays as it is;
// when the service answers that the public metadata service behind it is down or rate
// limited (503/504), the entry stays queued with that reason, and the other entries go on.
import type { LibraryDocument } from '../../../shared/bridge/contract.ts';
import { NetworkError, ServiceError } from '../../../shared/client/serviceErrors.ts';
import type { LibraryApi } from '../../../shared/client/libraryApi.ts';
import type { CatalogDocument, MetadataLookupQuery } from '../../../shared/schemas/catalog.ts';
import type { Replica } from '../replica/index.ts';
import { catalogPatch, CERTAIN_SCORE } from './catalogMerge.ts';
import type { LookupQueue, QueuedLookup } from '../replica/index.ts';

export type LookupOutcome = 'enriched' | 'no-match' | 'offline' | 'deferred' | 'failed' | 'gone';

export interface LookupDeps {
  replica: Replica;
  api: LibraryApi;
  queue: LookupQueue;
  /** Called with the ids of documents the catalog changed. */
  onChanged(ids: string[]): void;
}

function metadataQuery(document: LibraryDocument, filehash: string | undefined): MetadataLookupQuery {
  const ids = document.identifiers ?? {};
  const query: MetadataLookupQuery = {};
  if (ids.doi) query.doi = ids.doi;
  if (ids.arxiv) query.arxiv = ids.arxiv;
  if (ids.pmid) query.pmid = ids.pmid;
  if (filehash) query.filehash = filehash;
  if (document.title) query.title = document.title;
  const names = (document.authors ?? []).map((a) => a.last_name).filter(Boolean).join(' ');
  if (names) query.authors = names.slice(0, 5000);
  if (document.year !== undefined) query.year = document.year;
  return query;
}

/** The best catalog record for the document and how sure the service is (100: certain). */
export async function findRecord(api: LibraryApi, document: LibraryDocument, filehash: string | undefined): Promise<{ record: CatalogDocument; score: number } | undefined> {
  const ids = document.identifiers ?? {};
  const hasStrongId = ids.doi || ids.arxiv || ids.pmid || filehash;
  if (ids.isbn && !hasStrongId) {
    const [record] = await api.catalog.lookup({ isbn: ids.isbn }, { view: 'all' });
    if (record) return { record, score: CERTAIN_SCORE };
  }
  const match = await api.catalog.metadata(metadataQuery(document, filehash));
  if (!match) return undefined;
  return { record: await api.catalog.get(match.catalog_id, { view: 'all' }), score: match.score };
}

export async function lookupOne(deps: LookupDeps, entry: QueuedLookup): Promise<LookupOutcome> {
  const { replica, api, queue } = deps;
  const document = replica.getDocument(entry.documentId);
  if (!document || document.trashed) {
    queue.done(entry.documentId);
    return 'gone';
  }
  const currentId = replica.followDocument(entry.documentId);
  let found: Awaited<ReturnType<typeof findRecord>>;
  try {
    found = await findRecord(api, document, entry.filehash);
  } catch (error) {
    if (error instanceof NetworkError) return 'offline';
    if (error instanceof ServiceError && (error.status === 503 || error.status === 504)) {
      queue.deferred(entry.documentId, error.message);
      return 'deferred';
    }
    queue.failed(entry.documentId, error instanceof Error ? error.message : String(error));
    return 'failed';
  }
  if (!found) {
    queue.done(entry.documentId);
    return 'no-match';
  }
  // The document may have changed (or been renamed by a push) while the service answered.
  const id = currentId();
  const latest = id ? replica.getDocument(id) : undefined;
  if (!id || !latest || latest.trashed) {
    if (id) queue.done(id);
    return 'gone';
  }
  const patch = catalogPatch({ document: latest, catalog: found.record, score: found.score, written: entry.written, confidence: entry.confidence });
  if (Object.keys(patch).length) {
    replica.updateDocument(id, patch);
    deps.onChanged([id]);
  }
  queue.done(id);
  return Object.keys(patch).length ? 'enriched' : 'no-match';
}

/** Runs every waiting lookup once; stops at the first sign of being offline. */
export async function runLookups(deps: LookupDeps, onEach?: (entry: QueuedLookup, outcome: LookupOutcome) => void): Promise<{ enriched: number; pending: number }> {
  let enriched = 0;
  for (const entry of deps.queue.list()) {
    const outcome = await lookupOne(deps, entry);
    onEach?.(entry, outcome);
    if (outcome === 'enriched') enriched++;
    if (outcome === 'offline') break;
  }
  return { enriched, pending: deps.queue.count() };
}
