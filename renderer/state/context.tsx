// The stores and the bridge, handed to components through one React context.
import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { BridgeClient } from '../bridge/bridgeClient.ts';
import type { DragCitations } from '../citing/dragCitations.ts';
import type { AppActions, AppState, AppStore } from './appStore.ts';
import type { IdRenamesActions, IdRenamesState, IdRenamesStore } from './idRenames.ts';
import type { LibraryActions, LibraryState, LibraryStore } from './libraryStore.ts';

export interface Stores {
  bridge: BridgeClient;
  library: LibraryStore;
  app: AppStore;
  /** The formatted bibliography a drag out of the document list carries. */
  dragCitations: DragCitations;
  /** The window's one map of ids the core renamed. */
  renames: IdRenamesStore;
  mac: boolean;
}

export const StoresContext = createContext<Stores | null>(null);

export function useStores(): Stores {
  const stores = useContext(StoresContext);
  if (!stores) throw new Error('useStores outside <StoresContext.Provider>');
  return stores;
}

export function useLibrary<T>(selector: (state: LibraryState & LibraryActions) => T): T {
  return useStore(useStores().library, selector);
}

export function useApp<T>(selector: (state: AppState & AppActions) => T): T {
  return useStore(useStores().app, selector);
}

export function useIdRenames<T>(selector: (state: IdRenamesState & IdRenamesActions) => T): T {
  return useStore(useStores().renames, selector);
}
