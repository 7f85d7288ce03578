// The import store, handed to the import components through its own context, so the app's
// shared Stores stay as they are.
import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { useAreaStore } from '../state/areaCommands.ts';
import { createImportStore, useImportCommands, type ImportActions, type ImportState, type ImportStore } from './importStore.ts';

const ImportContext = createContext<ImportStore | null>(null);

export function ImportProvider({ children }: { children: ReactNode }) {
  const store = useAreaStore(createImportStore);
  const { onProgress } = useImportCommands();
  useEffect(() => onProgress((progress) => store.getState().onProgress(progress)), [onProgress, store]);
  return <ImportContext.Provider value={store}>{children}</ImportContext.Provider>;
}

export function useImportStore(): ImportStore {
  const store = useContext(ImportContext);
  if (!store) throw new Error('useImportStore outside <ImportProvider>');
  return store;
}

export function useImport<T>(selector: (state: ImportState & ImportActions) => T): T {
  return useStore(useImportStore(), selector);
}
