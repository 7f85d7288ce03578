// The import panel's state: one row per file of the batches started from this window,
// updated by the core's 'import.progress' events, plus the commands the import UI sends.
// A row follows its file's work: waiting, being read into the core (browser mode stages the
// bytes first), being imported, then what became of it; the panel counts the finished ones.
// Imports from this window ask first about likely duplicates: the items the core held wait
// in `held` for one decision (add anyway, merge into the existing document, or skip).
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { DuplicateChoice, EventListener, HeldDuplicate, ImportFileOutcome, ImportOutcomeStatus, ImportProgress, ResolvedDuplicate } from '../../shared/bridge/contract.ts';
import type { BridgeClient } from '../bridge/bridgeClient.ts';
import { command, commandResult, useAreaStore } from '../state/areaCommands.ts';
import { stageFile } from './stageFile.ts';

/** A row not finished yet: queued, its bytes being handed to the core, or being imported. */
export type RowWork = 'waiting' | 'reading' | 'importing';
const UNFINISHED: ReadonlySet<ImportRow['status']> = new Set<RowWork>(['waiting', 'reading', 'importing']);

export function isFinished(row: Pick<ImportRow, 'status'>): boolean {
  return !UNFINISHED.has(row.status);
}

export interface ImportRow {
  key: string;
  /** The run of this window that made the row (rows of a run are replaced by its report). */
  run: number;
  file: string;
  status: ImportOutcomeStatus | RowWork;
  message?: string;
  problems?: { line: number; message: string }[];
  documentId?: string;
  /** Items of this row held as likely duplicates, until the user decides. */
  heldIds?: string[];
  /** The row is one item (a PDF or an identifier), not a .bib/.ris file of entries. */
  single?: boolean;
}

export interface ImportState {
  rows: ImportRow[];
  panelOpen: boolean;
  busy: boolean;
  phase?: string;
  /** Browser mode: how many of this run's files the core has received so far. */
  read: number;
  pendingLookups: number;
  identifierDialogOpen: boolean;
  /** Items held as likely duplicates, waiting for the user's choice. */
  held: HeldDuplicate[];
}

export interface ImportActions {
  /** Into the folder shown, else into the group's library shown (groupId), else the personal one. */
  importPaths(paths: string[], folderId?: string, groupId?: string): Promise<void>;
  /** Browser mode: the files' bytes are staged first. */
  importFiles(files: File[], folderId?: string, groupId?: string): Promise<void>;
  addIdentifier(identifier: string, folderId?: string): Promise<ImportFileOutcome>;
  onProgress(progress: ImportProgress): void;
  setPanelOpen(open: boolean): void;
  setIdentifierDialogOpen(open: boolean): void;
  clearFinished(): void;
  /** One choice for every held item (the dialog offers it per item when there is one). */
  resolveHeld(choice: DuplicateChoice): Promise<void>;
}

export type ImportStore = StoreApi<ImportState & ImportActions>;

const DECIDED = { added: 'added anyway', merged: 'merged into the existing document', skipped: 'skipped', gone: 'no longer held (the app restarted)' } as const;

/** A row whose held items were decided: what became of them, said in its message. */
function resolvedRow(row: ImportRow, results: Map<string, ResolvedDuplicate>): ImportRow {
  const mine = (row.heldIds ?? []).map((id) => results.get(id)).filter((r): r is ResolvedDuplicate => r !== undefined);
  if (!mine.length) return row;
  const counts = new Map<ResolvedDuplicate['status'], number>();
  for (const r of mine) counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
  const said = [...counts].map(([status, n]) => (mine.length === 1 ? DECIDED[status] : `${n} ${DECIDED[status]}`));
  const sentence = said.join(', ').replace(/^./, (c) => c.toUpperCase()) + '.';
  const kept = mine.some((r) => r.status === 'added' || r.status === 'merged');
  // A row of entries that were all held, or a single item, takes its status from the decision.
  const status: ImportRow['status'] = row.status !== 'held' ? row.status : kept ? 'imported' : mine.every((r) => r.status === 'gone') ? 'failed' : 'duplicate';
  const documentId = row.documentId ?? (row.single ? mine[0]!.documentId : undefined);
  return {
    // A single item's "looks like…" is answered; a file's message keeps its counts.
    ...row, status, message: row.single ? sentence : `${row.message ?? ''} ${sentence}`.trim(),
    heldIds: (row.heldIds ?? []).filter((id) => !results.has(id)), ...(documentId ? { documentId } : {}),
  };
}

let rowCounter = 0;
let runCounter = 0;

export function createImportStore(bridge: BridgeClient): ImportStore {
  return createStore<ImportState & ImportActions>()((set, get) => {
    let currentRun = 0;
    const rowOf = (run: number, file: string, change: Partial<ImportRow>): ImportRow => ({ key: `r${++rowCounter}`, run, file, status: 'waiting', ...change });
    const fromOutcome = (o: ImportFileOutcome) => ({
      status: o.status, message: o.message, problems: o.problems, documentId: o.documentId,
      ...(o.held?.length ? { heldIds: o.held.map((h) => h.heldId), single: o.records === undefined } : {}),
    });

    /** The first unfinished row of this run for `file` (names may repeat: rows are taken in order). */
    const rowFor = (run: number, file: string) => get().rows.find((r) => r.run === run && r.file === file && !isFinished(r));
    const setRow = (row: ImportRow, change: Partial<ImportRow>) => set({ rows: get().rows.map((r) => (r === row ? { ...r, ...change } : r)) });

    async function run(names: string[], paths: (onReading: (index: number, received: boolean) => void) => Promise<string[]>, folderId?: string, groupId?: string): Promise<void> {
      const id = ++runCounter;
      currentRun = id;
      const rows = names.map((file) => rowOf(id, file, {}));
      set({ rows: [...get().rows, ...rows], panelOpen: true, busy: true, phase: 'importing', read: 0 });
      try {
        const list = await paths((index, received) => {
          const row = get().rows.find((r) => r.key === rows[index]?.key);
          if (row) setRow(row, { status: received ? 'waiting' : 'reading' });
          set({ phase: 'reading', read: index + (received ? 1 : 0) });
        });
        set({ phase: 'importing' });
        const report = await bridge.call('import.paths', { paths: list, duplicates: 'ask', ...(folderId ? { folderId } : groupId ? { groupId } : {}) });
        // The report is the truth for this run (folders expand into many files).
        set({
          rows: [...get().rows.filter((r) => r.run !== id), ...report.files.map((o) => rowOf(id, o.file, fromOutcome(o)))],
          pendingLookups: report.pendingLookups,
          held: [...get().held, ...report.files.flatMap((o) => o.held ?? [])],
        });
      } catch (error) {
        set({ rows: get().rows.map((r) => (r.run === id && !isFinished(r) ? { ...r, status: 'failed', message: (error as Error).message } : r)) });
      } finally {
        set({ busy: false, phase: undefined });
      }
    }

    return {
      rows: [],
      panelOpen: false,
      busy: false,
      read: 0,
      pendingLookups: 0,
      identifierDialogOpen: false,
      held: [],

      importPaths: (paths, folderId, groupId) => run(paths.map((p) => p.split(/[\\/]/).pop() || p), async () => paths, folderId, groupId),

      importFiles: (files, folderId, groupId) => run(files.map((f) => f.name), async (onReading) => {
        const staged: string[] = [];
        for (const [index, file] of files.entries()) {
          onReading(index, false);
          staged.push(await stageFile(command(bridge, 'staging.write'), file));
          onReading(index, true);
        }
        return staged;
      }, folderId, groupId),

      async addIdentifier(identifier, folderId) {
        const outcome = await bridge.call('import.identifier', { identifier, duplicates: 'ask', ...(folderId ? { folderId } : {}) });
        set({ rows: [...get().rows, rowOf(++runCounter, outcome.file, fromOutcome(outcome))], panelOpen: true, held: [...get().held, ...(outcome.held ?? [])] });
        return outcome;
      },

      onProgress(progress) {
        if (!get().busy) return; // another window's import
        set({ phase: progress.phase === 'done' ? undefined : progress.phase });
        if (!progress.file) return;
        const row = rowFor(currentRun, progress.file);
        // The core has started on this file (an event without a status), or says what became of it.
        if (!progress.status) {
          if (row) setRow(row, { status: 'importing' });
          return;
        }
        const change = { status: progress.status, message: progress.message, documentId: progress.documentId };
        if (row) setRow(row, change);
        else set({ rows: [...get().rows, rowOf(currentRun, progress.file, change)] }); // a file found in a dropped folder
      },

      setPanelOpen: (open) => set({ panelOpen: open }),
      setIdentifierDialogOpen: (open) => set({ identifierDialogOpen: open }),
      clearFinished: () => set({ rows: get().rows.filter((r) => !isFinished(r)) }),

      async resolveHeld(choice) {
        const held = get().held;
        if (!held.length) return;
        const results = await bridge.call('import.resolveDuplicates', { decisions: held.map((h) => ({ heldId: h.heldId, choice })) });
        const byId = new Map(results.map((r) => [r.heldId, r]));
        set({ held: get().held.filter((h) => !byId.has(h.heldId)), rows: get().rows.map((row) => resolvedRow(row, byId)) });
      },
    };
  });
}

/** The import UI's other ways to the core: the shell's file dialog and menu, the export, the progress events. */
export function createImportCommands(bridge: BridgeClient) {
  return {
    chooseFiles: commandResult(bridge, 'app.chooseFiles'),
    exportBibliography: command(bridge, 'export.bibliography'),
    onMenu: (listener: EventListener<'app.menu'>) => bridge.on('app.menu', listener),
    onProgress: (listener: EventListener<'import.progress'>) => bridge.on('import.progress', listener),
  };
}

export type ImportCommands = ReturnType<typeof createImportCommands>;

export function useImportCommands(): ImportCommands {
  return useAreaStore(createImportCommands);
}
