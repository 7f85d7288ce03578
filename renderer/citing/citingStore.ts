// The citing UI's way to the core: the styles and preferences, the live (auto-export) files,
// quick copy, a formatted bibliography, and a citation formatted for a drag.
import type { BridgeClient } from '../bridge/bridgeClient.ts';
import { command, useAreaStore } from '../state/areaCommands.ts';

export function createCitingStore(bridge: Pick<BridgeClient, 'call'>) {
  return {
    styles: command(bridge, 'citing.styles'),
    addStyle: command(bridge, 'citing.addStyle'),
    setPreferences: command(bridge, 'citing.setPreferences'),
    autoExports: command(bridge, 'citing.autoExports'),
    setAutoExport: command(bridge, 'citing.setAutoExport'),
    removeAutoExport: command(bridge, 'citing.removeAutoExport'),
    copy: command(bridge, 'citing.copy'),
    exportBibliography: command(bridge, 'citing.exportBibliography'),
    format: command(bridge, 'citing.format'),
  };
}

export type CitingStore = ReturnType<typeof createCitingStore>;

export function useCitingStore(): CitingStore {
  return useAreaStore(createCitingStore);
}
