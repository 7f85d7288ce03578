// What the catalog view shows, kept while other tabs are open: the window mounts only the
// active view, and coming back to the catalog should find the search where it was left.
import { create } from 'zustand';
import type { CatalogDocument } from '../../../shared/schemas/catalog.ts';
import type { AddState } from './CatalogDetails.tsx';
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
  set(patch: Partial<Omit<CatalogViewState, 'set' | 'setAdd'>>): void;
  setAdd(id: string, state: AddState): void;
}

export const useCatalogView = create<CatalogViewState>()((set) => ({
  form: EMPTY_SEARCH,
  results: null,
  open: null,
  adds: {},
  set: (patch) => set(patch),
  setAdd: (id, state) => set((s) => ({ adds: { ...s.adds, [id]: state } })),
}));
