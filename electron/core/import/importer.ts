// The import pipeline, composed: files and folders (PDFs, .bib, .ris) and identifiers into
// the replica, progress as 'import.progress' events, the catalog lookup queue (run after
// each batch, after each successful sync, and on a retry timer), and the full-text index.
// Batches run one after another so de-duplication by hash sees every earlier file.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { DuplicateChoice, DuplicatePolicy, ImportFileOutcome, ImportProgress, ImportReport, LookupRunResult, ResolvedDuplicate } from '../../../shared/bridge/contract.ts';
import type { LibraryApi } from '../../../shared/client/libraryApi.ts';
import type { FileStore } from '../files/fileStore.ts';
import type { Replica } from '../replica/index.ts';
import { importBibliography } from './bibliographyImport.ts';
import { runLookups } from './catalogLookup.ts';
import { collectFiles } from './collectFiles.ts';
import { kindByName } from './fileChecks.ts';
import { createFullTextIndexer } from './fullTextIndexer.ts';
import { createIdentifierDocument, identifierDocument, parseIdentifier } from './identifierImport.ts';
import { importPdf } from './pdfImport.ts';
import { createPdfLane, type PdfLane } from './pdfLane.ts';
import { BridgeFailure } from '../commands/failure.ts';
import { createDuplicateFinder, type DuplicateFinder } from '../duplicates/libraryDuplicates.ts';
import { mergeDuplicates } from '../duplicates/mergeDuplicates.ts';
import { createDuplicateGate, heldMessage, type DuplicateGate } from './duplicateGate.ts';
import { createHeldDuplicates } from './heldDuplicates.ts';
import type { StagingArea } from '../files/stagingArea.ts';
import { every, systemClock, type Clock } from '../clock.ts';
import type { ImportTarget } from './importTarget.ts';

export interface ImporterDeps {
  replica: Replica;
  fileStore: FileStore;
  api: LibraryApi;
  /** Where browser uploads are staged (under the data directory). */
  /** Where bytes from the window become files to import (shared with dataset uploads). */
  staging: StagingArea;
  /** Documents were created or changed (the core tells the UI and asks for a sync). */
  onChanged(ids: string[]): void;
  onProgress(progress: ImportProgress): void;
  /** Whether lookups can be tried now (signed in); offline is found out by trying. */
  canLookup(): boolean;
  /** How often waiting lookups are retried (default one minute). */
  retryMs?: number;
  /** The core's clock, which the lookup retries wait on. */
  clock?: Clock;
  /** The core's one lane for pdf.js work (shared with the reader's export); else a lane of its own. */
  lane?: PdfLane;
  /** The library's duplicate index (shared with the Duplicates view); else one of its own. */
  duplicates?: DuplicateFinder;
}


export function createImporter(deps: ImporterDeps) {
  const { replica, fileStore } = deps;
  const queue = replica.importLookups;
  const { staging } = deps;
  const lane = deps.lane ?? createPdfLane();
  const fullText = createFullTextIndexer(replica, lane, (error) => console.error('[refshelf] full-text indexing failed:', error));
  const onChanged = deps.onChanged;
  const duplicates = deps.duplicates ?? createDuplicateFinder(replica);
  const held = createHeldDuplicates({
    replica,
    merge: async (existingId, newId) => {
      const result = mergeDuplicates({ replica, hasBytes: (hash) => fileStore.has(hash) }, { masterId: existingId, duplicateIds: [newId] });
      onChanged([result.masterId, ...result.deleted]);
    },
  });
  let chain: Promise<unknown> = Promise.resolve();
  let lookups: Promise<LookupRunResult> | undefined;
  let stopped = false;

  /** One batch at a time: later batches wait for earlier ones (dedupe must see their files). */
  function serial<T>(work: () => Promise<T>): Promise<T> {
    const run = chain.then(work, work);
    chain = run.catch(() => undefined);
    return run;
  }

  /** A pass over the queue; a call during a pass gets a pass of its own after it (the running one may have missed its entries). */
  function lookupNow(): Promise<LookupRunResult> {
    if (!deps.canLookup()) return Promise.resolve({ enriched: 0, pending: queue.count() });
    const pass = (lookups ?? Promise.resolve()).catch(() => undefined).then(() => runLookups({ replica, api: deps.api, queue, onChanged }));
    lookups = pass;
    void pass.finally(() => {
      if (lookups === pass) lookups = undefined;
    }).catch(() => undefined);
    return pass;
  }

  async function importOne(file: string, target: ImportTarget, gate: DuplicateGate): Promise<ImportFileOutcome> {
    const displayName = path.basename(file);
    const kind = kindByName(file);
    try {
      if (kind === 'bibtex' || kind === 'ris') return await importBibliography({ replica, onChanged, gate }, file, { kind, displayName, ...target });
      const outcome = await importPdf({ replica, fileStore, queue, lane, onChanged, gate }, file, { displayName, ...target });
      return outcome;
    } catch (error) {
      return { file: displayName, status: 'failed', message: error instanceof Error ? error.message : String(error) };
    } finally {
      // Staged bytes are in the file store now (or were refused): the staging copy goes.
      if (staging.contains(file)) staging.discard(file);
    }
  }

  async function importPaths(paths: readonly string[], options: ImportTarget & { duplicates?: DuplicatePolicy } = {}): Promise<ImportReport> {
    if (options.folderId && !replica.getFolder(options.folderId)) throw new BridgeFailure('not_found', `Folder ${options.folderId} is not in the library`, 'folderId');
    // Whether this person may write to the group is the core's group-write guard's to say.
    const target: ImportTarget = { folderId: options.folderId, groupId: options.groupId };
    return serial(async () => {
      const batchId = randomUUID();
      const gate = createDuplicateGate(options.duplicates ?? 'add', duplicates.batch(), held);
      const { files, missing } = await collectFiles(paths);
      const outcomes: ImportFileOutcome[] = missing.map((p) => ({ file: path.basename(p), status: 'failed', message: 'The file does not exist or cannot be read.' }));
      const total = files.length + missing.length;
      for (const outcome of outcomes) deps.onProgress({ id: batchId, phase: 'importing', done: outcomes.indexOf(outcome) + 1, total, file: outcome.file, status: 'failed', error: outcome.message });
      for (const file of files) {
        if (stopped) break;
        deps.onProgress({ id: batchId, phase: 'importing', done: outcomes.length, total, file: path.basename(file) });
        const outcome = await importOne(file, target, gate);
        outcomes.push(outcome);
        deps.onProgress({
          id: batchId, phase: 'importing', done: outcomes.length, total, file: outcome.file, status: outcome.status,
          ...(outcome.documentId ? { documentId: outcome.documentId } : {}),
          ...(outcome.message ? { message: outcome.message } : {}),
          ...(outcome.status === 'failed' && outcome.message ? { error: outcome.message } : {}),
        });
        // Let bridge messages and sync work in between files.
        await new Promise((resolve) => setImmediate(resolve));
      }
      // Full text after the batch's metadata: every file is in the library with its details first.
      for (const outcome of outcomes) {
        if (!outcome.documentId || outcome.status === 'duplicate' || outcome.records !== undefined) continue;
        const stored = replica.listFiles(outcome.documentId)[0]?.local_path;
        if (stored) fullText.add(outcome.documentId, stored);
      }
      if (outcomes.some((o) => o.documentId && o.status !== 'duplicate')) {
        deps.onProgress({ id: batchId, phase: 'lookup', done: outcomes.length, total });
        await lookupNow().catch((error: unknown) => console.error('[refshelf] catalog lookups failed:', error));
      }
      const pendingLookups = queue.count();
      deps.onProgress({ id: batchId, phase: 'done', done: outcomes.length, total });
      return { batchId, files: outcomes, pendingLookups };
    });
  }

  async function importIdentifier(raw: string, folderId?: string, policy: DuplicatePolicy = 'add'): Promise<ImportFileOutcome> {
    const parsed = parseIdentifier(raw);
    if (!parsed) throw new BridgeFailure('invalid', 'Not a DOI, arXiv id or ISBN (ISBNs must have a valid check digit)', 'identifier');
    const folder = folderId ? replica.getFolder(folderId) : undefined;
    if (folderId && !folder) throw new BridgeFailure('not_found', `Folder ${folderId} is not in the library`, 'folderId');
    const start = identifierDocument(parsed);
    const gate = createDuplicateGate(policy, duplicates.batch(), held);
    const admitted = await gate.admit(start, folder?.group_id ?? null, {
      // Added now, or later on the user's word (its lookup then runs in resolveDuplicates).
      add: async () => createIdentifierDocument({ replica, queue, onChanged }, parsed, folderId).documentId!,
      discard: async () => {},
    });
    if ('held' in admitted) return { file: start.title, status: 'held', held: [admitted.held], message: heldMessage(admitted.held) };
    const currentId = replica.followDocument(admitted.documentId);
    await lookupNow().catch(() => undefined);
    const id = currentId();
    const created = { file: start.title, status: 'imported' as const };
    const outcome: ImportFileOutcome = { ...created, ...(id ? { documentId: id } : {}) };
    const waiting = id ? queue.get(id) : undefined;
    if (waiting) {
      // The service's own sentence says which metadata service failed; the retry is automatic here.
      const reason = waiting.lastError?.replace(/;\s*try again (?:later|in \d+ s)\.?$/, '.');
      return { ...outcome, message: reason ? `Saved. ${reason} The details will be looked up again later.` : 'Saved; the details will be looked up when the service can be reached.' };
    }
    const document = id ? replica.getDocument(id) : undefined;
    const found = document && document.title !== created.file;
    return { ...outcome, file: document?.title ?? created.file, ...(found ? {} : { status: 'warning', message: 'The catalog does not know this identifier; the document keeps it as its title.' }) };
  }

  /** The user's decisions on held duplicates; what they add gets its full text and its lookup. */
  async function resolveDuplicates(decisions: readonly { heldId: string; choice: DuplicateChoice }[]): Promise<ResolvedDuplicate[]> {
    return serial(async () => {
      const results = await held.resolve(decisions);
      for (const result of results) {
        if (result.status !== 'added' || !result.documentId) continue;
        const stored = replica.listFiles(result.documentId)[0]?.local_path;
        if (stored) fullText.add(result.documentId, stored);
      }
      if (results.some((r) => r.status === 'added' || r.status === 'merged')) await lookupNow().catch(() => undefined);
      return results;
    });
  }

  const stopRetries = every(deps.clock ?? systemClock, deps.retryMs ?? 60_000, () => {
    if (queue.count() > 0) void lookupNow().catch(() => undefined);
  });

  return {
    queue,
    staging,
    importPaths,
    importIdentifier,
    resolveDuplicates,
    duplicates,
    lookupNow,
    /** Resolves when batches, lookups and full-text indexing started so far have finished. */
    async idle(): Promise<void> {
      await chain;
      await lookups;
      await fullText.idle();
    },
    async stop(): Promise<void> {
      stopped = true;
      stopRetries();
      await chain;
      await lookups?.catch(() => undefined);
      await fullText.stop();
    },
  };
}

export type Importer = ReturnType<typeof createImporter>;
