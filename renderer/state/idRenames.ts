// The window's one record of renamed ids. A row made here has a temporary `local:` id until
// the service accepts it; the core then gives it the service's id and says so with an
// `ids.renamed` event. Everything that holds ids (the list's selection, the folder shown,
// the details pane, the reader, the duplicates view) follows renames through this store.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { BridgeTransport, IdRenamed } from '../../shared/bridge/contract.ts';

export interface IdRenamesState {
  /** Every rename heard since the window opened: old id -> new id. */
  renames: ReadonlyMap<string, string>;
  /** New id -> the first id the row had here. */
  originals: ReadonlyMap<string, string>;
}

export interface IdRenamesActions {
  /** The id a row has now (itself when never renamed). */
  currentId(id: string): string;
  /** The first id a row had here: a key that survives renames (React keys, drafts). */
  originalId(id: string): string;
  learn(rename: IdRenamed): void;
}

export type IdRenamesStore = StoreApi<IdRenamesState & IdRenamesActions>;

/** The store, fed by the bridge's `ids.renamed` events for as long as the bridge lives. */
export function createIdRenamesStore(bridge: Pick<BridgeTransport, 'on'>): IdRenamesStore {
  const store = createStore<IdRenamesState & IdRenamesActions>()((set, get) => ({
    renames: new Map(),
    originals: new Map(),
    currentId(id) {
      const { renames } = get();
      let current = id;
      // A row is renamed once; the bound only guards against a cycle in bad input.
      for (let hops = 0; renames.has(current) && hops < 8; hops++) current = renames.get(current)!;
      return current;
    },
    originalId(id) {
      return get().originals.get(id) ?? id;
    },
    learn({ oldId, newId }) {
      if (oldId === newId || get().renames.get(oldId) === newId) return;
      const first = get().originalId(oldId);
      set((s) => ({ renames: new Map(s.renames).set(oldId, newId), originals: new Map(s.originals).set(newId, first) }));
    },
  }));
  bridge.on('ids.renamed', (rename) => store.getState().learn(rename));
  return store;
}

/**
 * Calls `follow` with the state's current-id function each time a rename is learnt, so a
 * store can bring the ids it holds up to date; returns the function that stops it.
 */
export function followRenames(renames: IdRenamesStore, follow: (currentId: (id: string) => string) => void): () => void {
  return renames.subscribe((state, before) => {
    if (state.renames !== before.renames) follow(state.currentId);
  });
}
