// What the catalog view shows, kept while other tabs are open: the window mounts only the
// active view, and coming back to the catalog should find the search where it was left.
import { create } from 'zustand';
import type { CatalogDocument } from '../../../shared/schemas/catalog.ts';
import type { AddState } from './addNote.ts';
import { EMPTY_SEARCH, type SearchFormState } from './searchForm.ts';

export interface CatalogResults {
  items: CatalogDocument[];
  total?: number;
  next?: string;
}

interface CatalogViewState {
  form: SearchFormState;
  results: CatalogResults | null;
  open: CatalogDocument | null;
  adds: Record<string, AddState>;
  /** Catalog id -> the library document holding it, for the results shown. */
  inLibrary: Record<string, string>;
  set(patch: Partial<Omit<CatalogViewState, 'set' | 'setAdd' | 'markInLibrary'>>): void;
  setAdd(id: string, state: AddState): void;
  /** The library's answer for the records checked: those it holds, and not the others. */
  markInLibrary(checked: readonly string[], held: Record<string, string>): void;
}

export const useCatalogView = create<CatalogViewState>()((set) => ({
  form: EMPTY_SEARCH,
  results: null,
  open: null,
  adds: {},
  inLibrary: {},
  set: (patch) => set(patch),
  setAdd: (id, state) => set((s) => ({ adds: { ...s.adds, [id]: state } })),
  markInLibrary: (checked, held) =>
    set((s) => {
      const next = { ...s.inLibrary };
      for (const id of checked) delete next[id];
      return { inLibrary: { ...next, ...held } };
    }),
}));
