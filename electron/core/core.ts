// The desktop core, composed: settings, the token vault and account, the replica, the
// local file store, the API client, the sync engine, and (when no remote service is
// configured) the embedded service. The bridge handlers are its one face to the renderer;
// the shell (electron/main.ts) or browser mode (scripts/start.ts) carries them.
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { AppInfo, EntityKind, SyncStatus } from '../../shared/bridge/contract.ts';
import { createLibraryApi } from '../../shared/client/libraryApi.ts';
import { createAccountManager, type AccountManager } from './account/account.ts';
import { startEmbeddedService, type EmbeddedService } from './account/embeddedService.ts';
import { createTokenVault, type SecretCodec } from './account/tokenVault.ts';
import { startBrowserServer, type BrowserServer } from './bridge/browserServer.ts';
import type { Handlers } from './commands/handlerTypes.ts';
import { createWindowActivity, noteWindowActivity } from './commands/windowActivity.ts';
import { createEventHub, type EventHub } from './commands/eventHub.ts';
import { createFileLinks, type FileUrlStyle } from './files/fileLinks.ts';
import { createFileStore } from './files/fileStore.ts';
import { createStagingArea } from './files/stagingArea.ts';
import { createCitingArea } from './citing/citingArea.ts';
import { createImporter, type Importer } from './import/importer.ts';
import { createPdfLane } from './import/pdfLane.ts';
import { createExportShelf } from './reader/exportShelf.ts';
import { storedFileResponse, type StoredFileResponse } from './files/storedFileResponse.ts';
import { openReplica, type Replica } from './replica/index.ts';
import { readAheadForWindow } from './library/startupReads.ts';
import { createSettingsStore } from './settings/settings.ts';
import { createSyncEngine, type SyncEngine } from './sync/syncEngine.ts';
import { createHandlers } from './wiring.ts';
import { systemClock, type Clock } from './clock.ts';

export interface CoreOptions {
  /** The app's data directory (Electron's userData; shared/node/appDataDir.ts in browser mode). */
  dataDir: string;
  /** The built renderer, served in browser mode. */
  rendererDir?: string;
  /** Opens a URL in the system browser (sign-in to a remote service). */
  openExternal(url: string): void | Promise<void>;
  /** Encrypts the token vault (Electron safeStorage); without it, a 0600 file. */
  secretStore?: SecretCodec;
  /** The shell's native file dialog. */
  chooseFiles?: (options: { title?: string; extensions?: string[] }) => Promise<string[]>;
  /** The shell's native save dialog: the chosen path, or undefined when cancelled. */
  chooseSavePath?: (options: { title?: string; defaultName: string; extensions?: string[] }) => Promise<string | undefined>;
  appVersion?: string;
  /** Sync engine timing (tests make it short). */
  syncIntervalMs?: number;
  syncDebounceMs?: number;
  serviceLogLevel?: string;
  /** How file URLs for the reader look: browser mode's /files/ route (default) or the desktop's custom scheme. */
  fileUrlStyle?: FileUrlStyle;
  /** The shell's clipboard, written in several formats at once (quick copy); browser mode's page writes its own. */
  writeClipboard?: (content: { text: string; html: string; rtf: string }) => void;
  /** How soon live bibliography files follow a change (tests make it short). */
  autoExportDebounceMs?: number;
  /** The clock every wait and timer of the core runs on (tests pass a manual one); the system's by default. */
  clock?: Clock;
}

export interface Core {
  handlers: Handlers;
  events: EventHub;
  account: AccountManager;
  replica: Replica;
  sync: SyncEngine;
  importer: Importer;
  /** The embedded service, when it is the one in use. */
  embedded?: EmbeddedService;
  serviceUrl: string;
  /** Signs in the local user of the embedded service if needed, and starts syncing. */
  start(): Promise<void>;
  /** Serves the renderer and the bridge to a browser on a loopback port (browser mode). */
  serveBrowser(options?: { port?: number }): Promise<BrowserServer>;
  /** The answer to a request for a file URL the bridge handed out (the desktop's custom protocol). */
  fileResponse(request: { url: string; method?: string; range?: string | null }): Promise<StoredFileResponse>;
  stop(): Promise<void>;
}

const ALL_KINDS: EntityKind[] = ['document', 'folder', 'annotation', 'file'];

/** A remote service gets its own replica: ids and data of one service mean nothing to another. */
export function replicaFileFor(dataDir: string, serviceUrl: string | null): string {
  if (serviceUrl === null) return path.join(dataDir, 'library.sqlite');
  const tag = createHash('sha256').update(serviceUrl).digest('hex').slice(0, 12);
  return path.join(dataDir, `library-${tag}.sqlite`);
}

export async function createCore(options: CoreOptions): Promise<Core> {
  const { dataDir } = options;
  const clock = options.clock ?? systemClock;
  mkdirSync(dataDir, { recursive: true });
  const events = createEventHub((error) => console.error('[refshelf] an event listener failed:', error));
  const settings = createSettingsStore(path.join(dataDir, 'settings.json'));
  const vault = createTokenVault(dataDir, options.secretStore);
  const configured = settings.get();

  const embedded = configured.serviceUrl === null
    ? await startEmbeddedService({ dataDir: path.join(dataDir, 'service'), vault, logLevel: options.serviceLogLevel })
    : undefined;
  const serviceUrl = embedded ? embedded.url : configured.serviceUrl!;

  const account = createAccountManager({ vault, serviceUrl, embedded, clientId: configured.clientId, openExternal: options.openExternal, clock });
  const replica = openReplica(replicaFileFor(dataDir, configured.serviceUrl));
  const fileStore = createFileStore(path.join(dataDir, 'files'));
  const fileLinks = createFileLinks(options.fileUrlStyle ?? 'browser');
  // Annotated copies for browser mode's downloads are served like stored files.
  const exportShelf = createExportShelf(path.join(dataDir, 'exports'));
  const served = { pathOf: (sha1: string) => (exportShelf.has(sha1) ? exportShelf.pathOf(sha1) : fileStore.pathOf(sha1)) };
  const fileResponse = (request: { url: string; method?: string; range?: string | null }) => storedFileResponse({ fileStore: served, links: fileLinks }, request);
  // pdf.js in Node must not open one document while closing another: one lane for all its uses.
  const pdfLane = createPdfLane();
  const api = createLibraryApi({ baseUrl: serviceUrl, getAccessToken: account.getAccessToken, refreshAccessToken: account.refreshAccessToken });
  const sync = createSyncEngine({
    replica, api, fileStore, clock, downloadPolicy: configured.downloadPolicy,
    ...(options.syncIntervalMs !== undefined ? { intervalMs: options.syncIntervalMs } : {}),
    ...(options.syncDebounceMs !== undefined ? { debounceMs: options.syncDebounceMs } : {}),
  });
  // A search index a quit or a crash left half built goes on at once, signed in or not.
  void sync.searchIndexBuilt();

  let syncing = false;
  const syncStatus = (): SyncStatus => (account.status().signedIn ? sync.status() : { ...sync.status(), state: 'signed-out' });
  let lastState = sync.status().state;
  // Bytes from the window (browser mode's dropped files, dataset uploads) become files here.
  const staging = createStagingArea(path.join(dataDir, 'staging'));
  const importer = createImporter({
    replica, fileStore, api, lane: pdfLane, staging, clock,
    onChanged: (ids) => {
      events.emit('library.changed', { kinds: ['document'], ids });
      sync.requestSync();
    },
    onProgress: (progress) => events.emit('import.progress', progress),
    canLookup: () => account.status().signedIn,
  });
  const offStatus = sync.onStatus((status) => {
    events.emit('sync.status', account.status().signedIn ? status : { ...status, state: 'signed-out' });
    // A sync that finished may have pulled anything: the renderer reloads what it shows.
    if (lastState === 'syncing' && status.state !== 'syncing') events.emit('library.changed', { kinds: ALL_KINDS, ids: [] });
    // The service answered: documents imported offline get their catalog lookup now.
    if (lastState === 'syncing' && status.state === 'idle' && importer.queue.count() > 0) void importer.lookupNow().catch(() => undefined);
    lastState = status.state;
  });

  const offAccount = account.onChange((status) => {
    events.emit('account.changed', status);
    if (status.signedIn && !syncing) {
      syncing = true;
      sync.start();
    } else if (!status.signedIn && syncing) {
      syncing = false;
      void sync.stop();
    }
  });
  const offSettings = settings.onChange((next) => events.emit('settings.changed', next));
  // The window's one way to follow a row that took the service's id (renderer/state/idRenames.ts).
  const offRenames = replica.onIdRenamed((rename) => events.emit('ids.renamed', rename));

  const appInfo = (): AppInfo => ({
    name: 'RefShelf',
    version: options.appVersion ?? '0.0.0-dev',
    platform: process.platform,
    dataDir,
    serviceUrl,
    embeddedService: embedded !== undefined,
    tokenStorage: options.secretStore ? 'keychain' : 'file',
  });

  // The citing area's background work waits while the window is in use (windowActivity.ts).
  const windowActivity = createWindowActivity(clock);
  const citing = createCitingArea({
    dataDir, replica, events, clock, windowActivity,
    onLocalEdit: (ids) => {
      events.emit('library.changed', { kinds: ['document'], ids });
      sync.requestSync();
    },
    ...(options.writeClipboard ? { writeClipboard: options.writeClipboard } : {}),
    ...(options.autoExportDebounceMs !== undefined ? { autoExportDebounceMs: options.autoExportDebounceMs } : {}),
  });

  const handlers = noteWindowActivity(createHandlers({
    citing: citing.handlers,
    replica,
    api,
    fileStore,
    fileLinks,
    sync: { status: syncStatus, syncNow: () => sync.syncNow(), requestSync: () => sync.requestSync(), confirmDeletions: (accept) => sync.confirmDeletions(accept) },
    account,
    settings,
    events,
    appInfo,
    importer,
    staging,
    chooseFiles: options.chooseFiles,
    chooseSavePath: options.chooseSavePath,
    pdfLane,
    exportShelf,
  }), windowActivity);

  const servers: BrowserServer[] = [];
  let stopped = false;
  // What the window asks for first, worked out while it loads (library/startupReads.ts).
  const cancelReadAhead = readAheadForWindow(replica, clock);

  return {
    handlers,
    events,
    account,
    replica,
    sync,
    importer,
    embedded,
    serviceUrl,
    fileResponse,
    async start() {
      if (embedded && !account.status().signedIn) await account.signIn(); // announces, which starts sync
      if (account.status().signedIn && !syncing) {
        syncing = true;
        sync.start();
      }
    },
    async serveBrowser(serveOptions = {}) {
      const server = await startBrowserServer({ handlers, events, rendererDir: options.rendererDir, port: serveOptions.port, serveStoredFile: fileResponse });
      servers.push(server);
      return server;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      cancelReadAhead();
      offStatus();
      offAccount();
      offSettings();
      offRenames();
      await Promise.all(servers.map((server) => server.close()));
      await importer.stop();
      await citing.stop();
      await sync.stop();
      await account.dispose();
      await embedded?.close();
      replica.close();
    },
  };
}
