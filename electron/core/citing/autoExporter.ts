// Live bibliography files: a folder or the whole library kept as a .bib (BibTeX or
// BibLaTeX) or CSL-JSON file, rewritten a moment after every change. Each write goes to a
// temporary file next to the target and is renamed over it, so a reader (LaTeX, pandoc,
// an editor) never sees half a file. Documents without a citation key get one from the
// user's pattern, written into the document so it stays stable.
import { randomUUID } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AutoExport, AutoExportFormat, LibraryDocument } from '../../../shared/bridge/contract.ts';
import { formatBibtex } from '../../../shared/bibtex/formatBibtex.ts';
import { documentToCsl } from '../../../shared/csl/documentToCsl.ts';
import { keyFor, uniqueKey } from './citationKeys.ts';
import type { CitingPreferencesStore } from './citingPreferences.ts';
import { systemClock, type CancelTimer, type Clock } from '../clock.ts';

export interface AutoExporterDeps {
  preferences: CitingPreferencesStore;
  documentsIn(scope: AutoExport['scope']): LibraryDocument[];
  /** Why a scope cannot be exported now (its folder was deleted), as a sentence; the last file then stays. */
  scopeProblem(scope: AutoExport['scope']): string | undefined;
  /** Stores made keys in the documents (one local edit each, synced like any other). */
  storeKeys(keys: readonly { id: string; key: string }[]): void;
  /** How long after a change the files are rewritten (changes in that time are written together). */
  debounceMs?: number;
  /** The core's clock, which the debounce waits on. */
  clock?: Clock;
  onError?: (error: unknown) => void;
}

export interface AutoExporter {
  list(): AutoExport[];
  set(request: { id?: string; scope: AutoExport['scope']; format: AutoExportFormat; path: string }): Promise<AutoExport>;
  remove(id: string): void;
  /** The library changed: every file is rewritten after the debounce. */
  notifyChanged(): void;
  /** The key pattern changed: rewrite now (made keys stay; only new ones follow the new pattern). */
  refreshAll(): void;
  /** Resolves when no write is pending or running (tests, bench, shutdown). */
  whenIdle(): Promise<void>;
  /** Listens to finished writes; returns the function that stops listening. */
  onWritten(listener: (status: AutoExport) => void): () => void;
  stop(): Promise<void>;
}

/** The file's text: BibTeX, BibLaTeX or CSL-JSON (whose ids are the citation keys, as pandoc reads them). */
export function autoExportText(format: AutoExportFormat, documents: readonly LibraryDocument[]): string {
  if (format === 'csljson') {
    const taken = new Set<string>();
    const items = documents.map((d) => ({ ...documentToCsl(d), id: uniqueKey(d.citation_key ?? d.id, taken) }));
    return `${JSON.stringify(items, null, 2)}\n`;
  }
  return formatBibtex(documents, { dialect: format });
}

export function createAutoExporter(deps: AutoExporterDeps): AutoExporter {
  const debounceMs = deps.debounceMs ?? 1000;
  const status = new Map<string, Pick<AutoExport, 'lastWrittenAt' | 'entries' | 'error'>>();
  const lastText = new Map<string, string>();
  const listeners = new Set<(status: AutoExport) => void>();
  const clock = deps.clock ?? systemClock;
  let timer: CancelTimer | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  // Who waits for no write to be due or under way. Settled when that becomes true, not on a
  // write: a debounce cleared by stop(), or one that fires with no file left, writes nothing.
  const idleWaiters = new Set<() => void>();
  const settleIfIdle = () => {
    if (timer || running) return;
    for (const resolve of idleWaiters) resolve();
    idleWaiters.clear();
  };

  const configured = () => deps.preferences.get().autoExports;
  const withStatus = (exp: AutoExport): AutoExport => ({ ...exp, ...status.get(exp.id) });

  /** Gives every document without a key one from the pattern, unique in the file and stored. */
  function ensureKeys(documents: LibraryDocument[]): LibraryDocument[] {
    const missing = documents.filter((d) => !d.citation_key?.trim());
    if (!missing.length) return documents;
    const pattern = deps.preferences.get().preferences.keyPattern;
    const taken = new Set(documents.filter((d) => d.citation_key?.trim()).map((d) => d.citation_key!.toLowerCase()));
    const made = new Map(missing.map((d) => [d.id, uniqueKey(keyFor(pattern, d), taken)]));
    // A group's documents may not be the user's to edit (followers only read): their keys
    // are made for the file alone.
    const personal = new Set(missing.filter((d) => !d.group_id).map((d) => d.id));
    const stored = [...made].filter(([id]) => personal.has(id)).map(([id, key]) => ({ id, key }));
    if (stored.length) deps.storeKeys(stored);
    return documents.map((d) => (made.has(d.id) ? { ...d, citation_key: made.get(d.id)! } : d));
  }

  async function writeOne(exp: AutoExport): Promise<void> {
    try {
      const problem = deps.scopeProblem(exp.scope);
      if (problem) throw new Error(problem);
      const documents = ensureKeys(deps.documentsIn(exp.scope));
      const text = autoExportText(exp.format, documents);
      if (lastText.get(exp.id) !== text) {
        const temporary = path.join(path.dirname(exp.path), `.${path.basename(exp.path)}.${randomUUID().slice(0, 8)}.tmp`);
        try {
          await writeFile(temporary, text, 'utf8');
          await rename(temporary, exp.path);
        } catch (error) {
          await rm(temporary, { force: true });
          throw error;
        }
        lastText.set(exp.id, text);
      }
      status.set(exp.id, { lastWrittenAt: new Date().toISOString(), entries: documents.length });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const message = code === 'ENOENT' ? 'The folder this file is written to no longer exists'
        : code === 'EACCES' || code === 'EPERM' ? 'This file may not be written here'
          : (error as Error).message || 'The file could not be written';
      status.set(exp.id, { ...status.get(exp.id), error: message });
      deps.onError?.(error);
    }
    for (const listener of [...listeners]) listener(withStatus(exp));
  }

  function runAll(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        for (const exp of configured()) if (!stopped) await writeOne(exp);
      } while (again && !stopped);
    })().finally(() => {
      running = undefined;
      settleIfIdle();
    });
    return running;
  }

  function schedule(delay: number): void {
    if (stopped || !configured().length) return;
    timer?.();
    timer = clock.after(delay, () => {
      timer = undefined;
      void runAll();
    });
  }

  return {
    list: () => configured().map(withStatus),
    async set(request) {
      const id = request.id ?? randomUUID();
      if (request.id && !configured().some((e) => e.id === request.id)) throw new Error(`No live bibliography file ${request.id}`);
      const entry: AutoExport = { id, scope: request.scope, format: request.format, path: request.path };
      deps.preferences.update((state) => ({ ...state, autoExports: [...state.autoExports.filter((e) => e.id !== id), entry] }));
      lastText.delete(id);
      status.delete(id);
      await writeOne(entry);
      return withStatus(entry);
    },
    remove(id) {
      deps.preferences.update((state) => ({ ...state, autoExports: state.autoExports.filter((e) => e.id !== id) }));
      status.delete(id);
      lastText.delete(id);
    },
    notifyChanged: () => schedule(debounceMs),
    refreshAll: () => schedule(0),
    async whenIdle() {
      if (!timer && !running) return;
      await new Promise<void>((resolve) => idleWaiters.add(resolve));
    },
    onWritten(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    async stop() {
      stopped = true;
      timer?.();
      timer = undefined;
      settleIfIdle();
      await running;
    },
  };
}
