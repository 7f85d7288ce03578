// The app around the library: settings (the theme applies at once), the account, the sync
// status (kept current by the 'sync.status' event), and which dialog is open.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { BridgeClient } from '../bridge/bridgeClient.ts';
import type { AccountStatus, AppInfo, BridgeResult, HeldChange, HeldChoice, Settings, SyncConflict, SyncStatus } from '../../shared/bridge/contract.ts';

export type DialogName = 'new-document' | 'settings' | 'shortcuts' | 'conflicts' | 'empty-trash' | null;

/** A document open in a reader tab; its view id is `reader:<documentId>`. */
export interface ReaderTab {
  documentId: string;
  title: string;
}

export const readerViewId = (documentId: string) => `reader:${documentId}`;

export interface AppState {
  info: AppInfo | null;
  settings: Settings | null;
  account: AccountStatus | null;
  sync: SyncStatus | null;
  conflicts: SyncConflict[];
  dialog: DialogName;
  /** Set when a changed setting takes effect only after a restart. */
  restartRequired: boolean;
  /** The tab the window shows: 'library', the id of a registered view (views/registry.tsx) or of a reader tab. */
  view: string;
  /** Open documents, in tab order. */
  readers: ReaderTab[];
}

export interface AppActions {
  load(): Promise<void>;
  openDialog(name: DialogName): void;
  setView(view: string): void;
  /** Opens (or shows) a document's reader tab. */
  openReader(tab: ReaderTab): void;
  /** Closes a reader tab; the tab to its left (or the library) is shown if it was the current one. */
  closeReader(documentId: string): void;
  updateSettings(change: Partial<Settings>): Promise<string | undefined>;
  signIn(): Promise<string | undefined>;
  signOut(): Promise<string | undefined>;
  syncNow(): Promise<string | undefined>;
  loadConflicts(): Promise<void>;
  resolveConflict(conflict: SyncConflict, keep: 'mine' | 'theirs'): Promise<string | undefined>;
  /** Changes the service refused for good, waiting for the person's choice. */
  heldChanges(): Promise<BridgeResult<HeldChange[]>>;
  resolveHeldChange(seq: number, choice: HeldChoice): Promise<BridgeResult<unknown>>;
  /** The answer to "the service deleted many documents: delete them here too?". */
  confirmDeletions(accept: boolean): Promise<BridgeResult<unknown>>;
  setSync(status: SyncStatus): void;
  setAccount(status: AccountStatus): void;
  setSettings(settings: Settings): void;
}

export type AppStore = StoreApi<AppState & AppActions>;

const messageOf = (error: unknown) => (error as Error).message;

export function createAppStore(bridge: BridgeClient): AppStore {
  return createStore<AppState & AppActions>()((set, get) => ({
    info: null,
    settings: null,
    account: null,
    sync: null,
    conflicts: [],
    dialog: null,
    restartRequired: false,
    view: 'library',
    readers: [],

    async load() {
      const [info, settings, account, sync] = await Promise.all([
        bridge.call('app.info'), bridge.call('settings.get'), bridge.call('account.status'), bridge.call('sync.status'),
      ]);
      set({ info, settings, account, sync });
      if (sync.conflicts > 0) await get().loadConflicts();
    },
    openDialog(name) {
      set({ dialog: name });
    },
    setView(view) {
      set({ view });
    },
    openReader(tab) {
      const readers = get().readers;
      const existing = readers.find((r) => r.documentId === tab.documentId);
      set({ readers: existing ? readers.map((r) => (r === existing ? tab : r)) : [...readers, tab], view: readerViewId(tab.documentId) });
      // Reading it counts for Recently Read; a failure here is no reason to keep the tab shut.
      void bridge.call('documents.markOpened', { id: tab.documentId }).catch(() => undefined);
    },
    closeReader(documentId) {
      const readers = get().readers;
      const index = readers.findIndex((r) => r.documentId === documentId);
      if (index < 0) return;
      const rest = readers.filter((r) => r.documentId !== documentId);
      const wasShown = get().view === readerViewId(documentId);
      const neighbour = rest[Math.min(index, rest.length) - 1] ?? rest[index];
      set({ readers: rest, view: wasShown ? (neighbour ? readerViewId(neighbour.documentId) : 'library') : get().view });
    },
    async updateSettings(change) {
      try {
        const result = await bridge.call('settings.set', change);
        set({ settings: result.settings, restartRequired: get().restartRequired || result.restartRequired });
        return undefined;
      } catch (error) {
        return messageOf(error);
      }
    },
    async signIn() {
      try {
        set({ account: await bridge.call('account.signIn') });
        return undefined;
      } catch (error) {
        return messageOf(error);
      }
    },
    async signOut() {
      try {
        set({ account: await bridge.call('account.signOut') });
        return undefined;
      } catch (error) {
        return messageOf(error);
      }
    },
    async syncNow() {
      try {
        set({ sync: await bridge.call('sync.syncNow') });
        return undefined;
      } catch (error) {
        return messageOf(error);
      }
    },
    async loadConflicts() {
      try {
        set({ conflicts: await bridge.call('conflicts.list') });
      } catch {
        set({ conflicts: [] });
      }
    },
    async resolveConflict(conflict, keep) {
      try {
        await bridge.call('conflicts.resolve', { kind: conflict.kind, id: conflict.id, field: conflict.field, resolution: { keep } });
        await get().loadConflicts();
        return undefined;
      } catch (error) {
        return messageOf(error);
      }
    },
    heldChanges: () => bridge.invoke('sync.heldChanges'),
    resolveHeldChange: (seq, choice) => bridge.invoke('sync.resolveHeldChange', { seq, choice }),
    confirmDeletions: (accept) => bridge.invoke('sync.confirmDeletions', { accept }),
    setSync(status) {
      const had = get().sync?.conflicts ?? 0;
      set({ sync: status });
      if (status.conflicts !== had) void get().loadConflicts();
    },
    setAccount(status) {
      set({ account: status });
    },
    setSettings(settings) {
      set({ settings });
    },
  }));
}

/** The theme a setting means on this system right now. */
export function effectiveTheme(theme: Settings['theme'] | undefined, prefersDark: boolean): 'light' | 'dark' {
  if (theme === 'light' || theme === 'dark') return theme;
  return prefersDark ? 'dark' : 'light';
}
