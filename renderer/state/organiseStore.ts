// Saved searches and related items: the sidebar's and the details pane's way to the core
// (the replica keeps both on this device). Ids may be ones a push has replaced: the core
// brings them up to date.
import { create } from 'zustand';
import type { SavedSearch } from '../../shared/bridge/organiseCommands.ts';
import type { BridgeClient } from '../bridge/bridgeClient.ts';
import { command, useAreaStore } from './areaCommands.ts';

export function createOrganiseCommands(bridge: BridgeClient) {
  return {
    savedSearches: command(bridge, 'savedSearches.list'),
    saveSearch: command(bridge, 'savedSearches.save'),
    renameSavedSearch: command(bridge, 'savedSearches.rename'),
    deleteSavedSearch: command(bridge, 'savedSearches.delete'),
    related: command(bridge, 'relations.list'),
    relate: command(bridge, 'relations.add'),
    unrelate: command(bridge, 'relations.remove'),
    /** Documents whose title, authors or notes match, to pick one to relate (rows as the list shows them). */
    findDocuments: (text: string, groupId: string | null) => bridge.call('documents.search', { text, groupId, limit: 8, view: 'list' }),
  };
}

export type OrganiseCommands = ReturnType<typeof createOrganiseCommands>;

export function useOrganiseCommands(): OrganiseCommands {
  return useAreaStore(createOrganiseCommands);
}

/**
 * The saved searches as the sidebar last loaded them, and the one the list shows (null: none),
 * so the sidebar marks that one alone as the current place rather than its collection too.
 */
export const useSavedSearches = create<{ list: SavedSearch[]; shownId: string | null; set(list: SavedSearch[], shownId: string | null): void }>((set) => ({
  list: [],
  shownId: null,
  set: (list, shownId) => set({ list, shownId }),
}));
