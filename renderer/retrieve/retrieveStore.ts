// Which documents the Retrieve metadata dialog is open for (null: closed). A store of its
// own, so the list's context menu can open the dialog after the menu itself has closed.
import { create } from 'zustand';
import type { BridgeClient } from '../bridge/bridgeClient.ts';
import { command, useAreaStore } from '../state/areaCommands.ts';

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

/** The dialog's way to the core: what retrieving would change, and writing the ticked changes. */
export function createRetrieveCommands(bridge: BridgeClient) {
  return {
    preview: command(bridge, 'metadata.preview'),
    apply: command(bridge, 'metadata.apply'),
  };
}

export type RetrieveCommands = ReturnType<typeof createRetrieveCommands>;

export function useRetrieveCommands(): RetrieveCommands {
  return useAreaStore(createRetrieveCommands);
}
