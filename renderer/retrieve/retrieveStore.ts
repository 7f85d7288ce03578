// Which documents the Retrieve metadata dialog is open for (null: closed). A store of its
// own, so the list's context menu can open the dialog after the menu itself has closed.
import { create } from 'zustand';

interface RetrieveState {
  documentIds: string[] | null;
  open(documentIds: string[]): void;
  close(): void;
}

export const useRetrieve = create<RetrieveState>((set) => ({
  documentIds: null,
  open: (documentIds) => set({ documentIds: [...documentIds] }),
  close: () => set({ documentIds: null }),
}));
