// What the datasets view keeps while another tab is shown (the view unmounts with its tab):
// the open draft, and each draft's edits not saved yet.
import { create } from 'zustand';
import type { DraftForm } from './draftForm.ts';

interface DatasetsViewState {
  openId: string | null;
  unsaved: Readonly<Record<string, DraftForm>>;
  open(id: string | null): void;
  /** Keeps a draft's unsaved form, or forgets it (null) once saved or discarded. */
  keepUnsaved(id: string, form: DraftForm | null): void;
}

export const useDatasetsViewState = create<DatasetsViewState>()((set) => ({
  openId: null,
  unsaved: {},
  open: (openId) => set({ openId }),
  keepUnsaved: (id, form) => set((state) => {
    const { [id]: _previous, ...others } = state.unsaved;
    return { unsaved: form ? { ...others, [id]: form } : others };
  }),
}));
