// The duplicates view's way to the core: the library's duplicate sets, merging one, and
// word of library changes (which may make or undo duplicates).
import type { EventListener } from '../../../shared/bridge/contract.ts';
import type { BridgeClient } from '../../bridge/bridgeClient.ts';
import { command, useAreaStore } from '../../state/areaCommands.ts';

export function createDuplicatesStore(bridge: BridgeClient) {
  return {
    list: command(bridge, 'duplicates.list'),
    merge: command(bridge, 'duplicates.merge'),
    /** Calls `listener` on every library change; answers the unsubscribe. */
    onLibraryChanged: (listener: EventListener<'library.changed'>) => bridge.on('library.changed', listener),
  };
}

export type DuplicatesStore = ReturnType<typeof createDuplicatesStore>;

export function useDuplicatesStore(): DuplicatesStore {
  return useAreaStore(createDuplicatesStore);
}
