// The catalog view's way to the core: searching the service's catalog, opening a record,
// adding one to the library, and which results the library holds already.
import type { BridgeClient } from '../../bridge/bridgeClient.ts';
import { command, useAreaStore } from '../../state/areaCommands.ts';

export function createCatalogStore(bridge: BridgeClient) {
  return {
    search: command(bridge, 'catalog.search'),
    get: command(bridge, 'catalog.get'),
    addToLibrary: command(bridge, 'catalog.addToLibrary'),
    inLibrary: command(bridge, 'catalog.inLibrary'),
  };
}

export type CatalogStore = ReturnType<typeof createCatalogStore>;

export function useCatalogStore(): CatalogStore {
  return useAreaStore(createCatalogStore);
}
