// Test helper: the bridge's handler map over a test device (replica, file store, service
// client, sync engine from sync/syncTesting.ts), as the core composes it for the renderer.
// Area tests override what they observe (the sync control, the account, the events).
import path from 'node:path';
import type { AppInfo } from '../../shared/bridge/contract.ts';
import type { LibraryApi } from '../../shared/client/libraryApi.ts';
import { createImporter } from './import/importer.ts';
import { createSettingsStore } from './settings/settings.ts';
import type { Device } from './sync/syncTesting.ts';
import type { AccountControl, SyncControl } from './commands/controls.ts';
import { createEventHub, type EventHub } from './commands/eventHub.ts';
import type { Handlers } from './commands/handlerTypes.ts';
import { createHandlers } from './wiring.ts';
import { createStagingArea } from './files/stagingArea.ts';

export interface DeviceHandlerOptions {
  api?: LibraryApi;
  events?: EventHub;
  sync?: SyncControl;
  account?: AccountControl;
  serviceUrl?: string;
}

export function handlersOverDevice(device: Device, options: DeviceHandlerOptions = {}): Handlers {
  const api = options.api ?? device.api;
  const staging = createStagingArea(path.join(device.dir, 'staging'));
  return createHandlers({
    replica: device.replica,
    api,
    fileStore: device.fileStore,
    staging,
    importer: createImporter({
      replica: device.replica, fileStore: device.fileStore, api, staging,
      onChanged: () => {}, onProgress: () => {}, canLookup: () => false,
    }),
    sync: options.sync ?? {
      status: () => device.engine.status(),
      syncNow: () => device.engine.syncNow(),
      requestSync: () => device.engine.requestSync(),
      confirmDeletions: (accept) => device.engine.confirmDeletions(accept),
    },
    account: options.account ?? {
      status: () => ({ signedIn: true, embedded: false }),
      signIn: () => Promise.reject(new Error('tests sign in with a token')),
      signOut: () => Promise.reject(new Error('tests sign in with a token')),
    },
    settings: createSettingsStore(path.join(device.dir, 'settings.json')),
    events: options.events ?? createEventHub(),
    appInfo: (): AppInfo => ({ name: 'RefShelf', version: 'test', platform: process.platform, dataDir: device.dir, serviceUrl: options.serviceUrl, embeddedService: false, tokenStorage: 'file' }),
  });
}
