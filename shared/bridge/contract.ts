// The bridge between the renderer and the desktop core: ONE type of commands
// (name -> request -> response) and events (core -> renderer). The core implements the
// commands once (electron/core/bridge/handlers.ts); two transports carry them: Electron IPC
// (preload + ipcMain.handle) and a loopback WebSocket for browser mode. Errors never cross
// as thrown exceptions: every answer is a BridgeResult, and a failure carries a code the
// UI can act on and a message it can show as is.
import type {
  AnnotationPatch, ConflictResolution, DocumentListQuery, DocumentPage, DocumentPatch, DocumentSearchQuery, EntityKind,
  FolderCreate, LibraryAnnotation, LibraryDocument, LibraryFile, LibraryFolder, LibraryFolderNode, NewAnnotation, NewDocument,
  SyncConflict, TagCount,
} from './libraryTypes.ts';
import { CATALOG_COMMAND_NAMES, type CatalogCommands, type DatasetUploadProgress } from './catalogCommands.ts';
import { CITING_COMMAND_NAMES, type CitingCommands } from './citingCommands.ts';
import { IMPORT_COMMAND_NAMES, type ImportCommands, type ImportOutcomeStatus } from './importCommands.ts';
import { PEOPLE_COMMAND_NAMES, type PeopleCommands } from './peopleCommands.ts';
import { READER_COMMAND_NAMES, type ReaderCommands } from './readerCommands.ts';
import { DUPLICATES_COMMAND_NAMES, type DuplicatesCommands } from './duplicatesCommands.ts';
import { RETRIEVE_COMMAND_NAMES, type RetrieveCommands } from './retrieveCommands.ts';
import { ORGANISE_COMMAND_NAMES, type OrganiseCommands } from './organiseCommands.ts';

export type * from './libraryTypes.ts';
export type * from './catalogCommands.ts';
export type * from './citingCommands.ts';
export type * from './importCommands.ts';
export type * from './peopleCommands.ts';
export type * from './readerCommands.ts';
export type * from './duplicatesCommands.ts';
export type * from './retrieveCommands.ts';
export type * from './organiseCommands.ts';
export { DOCUMENT_SORTS, LIST_ROW_FIELDS, SEARCH_COUNT_CAP } from './libraryTypes.ts';

// ---- Errors -------------------------------------------------------------------------

export type BridgeErrorCode =
  | 'invalid' // bad input; `field` names it when known
  | 'not_found'
  | 'cycle' // a folder moved under itself
  | 'state' // not allowed in the current state
  | 'unknown_command'
  | 'signed_out'
  | 'not_configured'
  | 'unsupported' // not available on this transport (e.g. file dialogs in browser mode)
  | 'forbidden' // the caller may not use the bridge (a foreign frame or origin)
  | 'cancelled'
  | 'network'
  | 'service' // the service answered with an error
  | 'internal';

export interface BridgeError {
  code: BridgeErrorCode;
  message: string;
  field?: string;
  /** The HTTP status when the service answered with an error. */
  status?: number;
}

export type BridgeResult<T> = { ok: true; value: T } | { ok: false; error: BridgeError };

// ---- Shapes of app, account, settings and sync ---------------------------------------

export interface AppInfo {
  name: string;
  version: string;
  platform: string;
  dataDir: string;
  serviceUrl?: string;
  embeddedService: boolean;
  /**
   * Where sign-in tokens are kept: 'keychain' encrypted by the OS keychain (Electron
   * safeStorage); 'file' in a file only the user can read (mode 0600), not encrypted: browser
   * mode, or Linux without a keyring, where Electron's "encryption" would use a fixed key.
   */
  tokenStorage: 'keychain' | 'file';
}

export interface AccountProfile {
  id: string;
  email?: string;
  displayName?: string;
}

export interface AccountStatus {
  signedIn: boolean;
  /** The service this account belongs to (the embedded one listens on a loopback port). */
  serviceUrl?: string;
  embedded: boolean;
  profile?: AccountProfile;
  /** While a browser sign-in waits for the user: the page to open (browser mode shows it). */
  pendingSignIn?: { authorizationUrl: string };
}

export type Theme = 'light' | 'dark' | 'system';
export type DownloadPolicy = 'on-open' | 'eager';

export interface Settings {
  /** null: the embedded service on this machine; else the base URL of a remote service. */
  serviceUrl: string | null;
  /** The OAuth client id registered for this app at the remote service. */
  clientId: string | null;
  downloadPolicy: DownloadPolicy;
  theme: Theme;
}

export interface SettingsChange {
  settings: Settings;
  /** Switching the service takes effect when the app starts again. */
  restartRequired: boolean;
}

export type SyncState = 'idle' | 'syncing' | 'offline' | 'error' | 'waiting-confirmation' | 'signed-out';

export interface SyncStatus {
  state: SyncState;
  lastSyncedAt?: string;
  pendingChanges: number;
  conflicts: number;
  /** Changes the service refused for good, waiting for the person (retry, discard, keep here). */
  heldChanges: number;
  progress?: { phase: string; done: number; total?: number };
  error?: string;
  pendingDeletion?: { count: number; libraryTotal: number };
  /** The search index being built after a first sync (done of total, a measure of progress): searches meanwhile find only what it holds so far. */
  searchIndex?: { done: number; total: number };
}

export type HeldChoice = 'retry' | 'discard' | 'keep-local';

/** A change the service refused for good: kept, out of the retry loop, waiting for a choice. */
export interface HeldChange {
  seq: number;
  kind: EntityKind;
  id: string;
  op: string;
  /** A sentence saying why. */
  reason: string;
  since: string;
}

export interface ImportProgress {
  /** The batch (ImportReport.batchId). */
  id: string;
  /** 'importing' while files go in, 'lookup' while the catalog fills them in, 'done' at the end. */
  phase: string;
  done: number;
  total?: number;
  file?: string;
  error?: string;
  /** What became of `file` (imported, duplicate, warning, failed) and its document. */
  status?: ImportOutcomeStatus;
  documentId?: string;
  message?: string;
}

/** Menu items the renderer acts on (the shell's menu sends them as events). */
export type MenuAction = 'import' | 'new-document' | 'find' | 'preferences' | 'about';

/** What "Copy to group" did: each copy's new id, and the documents it left alone with why. */
export interface CopyToGroupResult {
  /** filesLeftBehind: PDFs neither here nor reachable (offline), so the copy has none of them. */
  copies: { from: string; to: string; filesLeftBehind: number }[];
  skipped: { id: string; reason: string }[];
}

// ---- Commands -----------------------------------------------------------------------

interface Command<Req, Res> {
  request: Req;
  response: Res;
}
type NoRequest = void;

/** The library, account, settings and sync commands; each further area has its own file. */
export interface CoreCommands {
  'app.info': Command<NoRequest, AppInfo>;
  /** Asks the shell for files to open (a native dialog); 'unsupported' in browser mode. */
  'app.chooseFiles': Command<{ title?: string; extensions?: string[] } | void, { paths: string[] }>;
  /** Asks the shell where to save a file (a native dialog): no path when cancelled; 'unsupported' in browser mode. */
  'app.chooseSavePath': Command<{ title?: string; defaultName: string; extensions?: string[] }, { path?: string }>;

  'account.status': Command<NoRequest, AccountStatus>;
  /** Signs in (the embedded service: at once; a remote one: in the system browser). */
  'account.signIn': Command<NoRequest, AccountStatus>;
  'account.signOut': Command<NoRequest, AccountStatus>;

  'settings.get': Command<NoRequest, Settings>;
  'settings.set': Command<Partial<Settings>, SettingsChange>;

  'documents.list': Command<DocumentListQuery | void, DocumentPage>;
  'documents.search': Command<DocumentSearchQuery, DocumentPage>;
  /** Where a document stands in a list query (its row index), or null when the list does not hold it. */
  'documents.position': Command<DocumentListQuery & { id: string }, { index: number | null }>;
  'documents.get': Command<{ id: string }, LibraryDocument>;
  /** The library's tags with their counts (the sidebar's tag list). */
  'documents.tags': Command<{ groupId?: string | null } | void, TagCount[]>;
  /** Records that the document was opened here now (Recently Read). */
  'documents.markOpened': Command<{ id: string }, void>;
  'documents.create': Command<NewDocument, LibraryDocument>;
  'documents.update': Command<{ id: string; patch: DocumentPatch }, LibraryDocument>;
  'documents.trash': Command<{ id: string }, void>;
  'documents.restore': Command<{ id: string }, void>;
  'documents.delete': Command<{ id: string }, void>;
  /** Shares documents with a group: copies in its library, with their PDFs and, on request, the person's annotations. */
  'documents.copyToGroup': Command<{ ids: string[]; groupId: string; folderId?: string | null; withAnnotations?: boolean }, CopyToGroupResult>;

  'folders.tree': Command<{ groupId?: string | null } | void, LibraryFolderNode[]>;
  'folders.create': Command<FolderCreate, LibraryFolder>;
  'folders.rename': Command<{ id: string; name: string }, LibraryFolder>;
  'folders.move': Command<{ id: string; parentId: string | null }, LibraryFolder>;
  'folders.delete': Command<{ id: string }, void>;
  'folders.addDocument': Command<{ folderId: string; documentId: string }, void>;
  'folders.removeDocument': Command<{ folderId: string; documentId: string }, void>;

  'annotations.list': Command<{ documentId: string }, LibraryAnnotation[]>;
  'annotations.create': Command<NewAnnotation, LibraryAnnotation>;
  'annotations.update': Command<{ id: string; patch: AnnotationPatch }, LibraryAnnotation>;
  'annotations.delete': Command<{ id: string }, void>;

  'files.list': Command<{ documentId: string }, LibraryFile[]>;

  'sync.status': Command<NoRequest, SyncStatus>;
  'sync.syncNow': Command<NoRequest, SyncStatus>;
  'sync.confirmDeletions': Command<{ accept: boolean }, SyncStatus>;
  'conflicts.list': Command<{ kind?: EntityKind; id?: string } | void, SyncConflict[]>;
  /** Changes the service refused for good, with the reason in a sentence. */
  'sync.heldChanges': Command<NoRequest, HeldChange[]>;
  'sync.resolveHeldChange': Command<{ seq: number; choice: HeldChoice }, SyncStatus>;
  'conflicts.resolve': Command<{ kind: EntityKind; id: string; field: string; resolution: ConflictResolution }, void>;
}

/**
 * Every command: the core's, and one interface per area (import, reader, people, catalog,
 * datasets), each in its own file beside this one, with its own list of names.
 */
export type BridgeCommands = CoreCommands & CatalogCommands & ImportCommands & PeopleCommands & ReaderCommands & DuplicatesCommands & RetrieveCommands & CitingCommands & OrganiseCommands;

export type CommandName = keyof BridgeCommands;
export type CommandRequest<K extends CommandName> = BridgeCommands[K]['request'];
export type CommandResponse<K extends CommandName> = BridgeCommands[K]['response'];
/** The arguments after the command name: none when the request is void or optional. */
export type CommandArgs<K extends CommandName> = void extends CommandRequest<K>
  ? [request?: Exclude<CommandRequest<K>, void>]
  : [request: CommandRequest<K>];

const CORE_COMMAND_NAMES = [
  'app.info', 'app.chooseFiles', 'app.chooseSavePath',
  'account.status', 'account.signIn', 'account.signOut',
  'settings.get', 'settings.set',
  'documents.list', 'documents.search', 'documents.position', 'documents.get', 'documents.tags', 'documents.markOpened', 'documents.create', 'documents.update',
  'documents.trash', 'documents.restore', 'documents.delete', 'documents.copyToGroup',
  'folders.tree', 'folders.create', 'folders.rename', 'folders.move', 'folders.delete',
  'folders.addDocument', 'folders.removeDocument',
  'annotations.list', 'annotations.create', 'annotations.update', 'annotations.delete',
  'files.list',
  'sync.status', 'sync.syncNow', 'sync.confirmDeletions', 'conflicts.list', 'conflicts.resolve',
  'sync.heldChanges', 'sync.resolveHeldChange',
] as const satisfies readonly (keyof CoreCommands)[];

/** Every command name, for transports that register one channel per command. */
export const COMMAND_NAMES = [
  ...CORE_COMMAND_NAMES,
  ...CATALOG_COMMAND_NAMES,
  ...IMPORT_COMMAND_NAMES,
  ...PEOPLE_COMMAND_NAMES,
  ...READER_COMMAND_NAMES,
  ...DUPLICATES_COMMAND_NAMES,
  ...RETRIEVE_COMMAND_NAMES,
  ...CITING_COMMAND_NAMES,
  ...ORGANISE_COMMAND_NAMES,
] as const satisfies readonly CommandName[];

// The list above must name every command: this fails to compile when one is missing.
type MissingCommand = Exclude<CommandName, (typeof COMMAND_NAMES)[number]>;
const _everyCommandListed: [MissingCommand] extends [never] ? true : MissingCommand = true;
void _everyCommandListed;

// ---- Events -------------------------------------------------------------------------

export interface IdRenamed {
  kind: EntityKind;
  oldId: string;
  newId: string;
}

export interface BridgeEvents {
  'sync.status': SyncStatus;
  /** ids empty: anything of these kinds may have changed (after a pull); reload. */
  'library.changed': { kinds: EntityKind[]; ids: string[] };
  /**
   * A row took another id for good (a push gave a new row the service's id): the window
   * follows it in what it holds. Sent once per rename, before the reload that shows it.
   */
  'ids.renamed': IdRenamed;
  'import.progress': ImportProgress;
  'datasets.uploadProgress': DatasetUploadProgress;
  'account.changed': AccountStatus;
  'settings.changed': Settings;
  'app.menu': { action: MenuAction };
}

export type EventName = keyof BridgeEvents;
export type EventListener<E extends EventName> = (payload: BridgeEvents[E]) => void;

// ---- What the renderer holds --------------------------------------------------------

/** The object the preload exposes as window.refshelf, and the WebSocket client implements. */
export interface BridgeTransport {
  invoke<K extends CommandName>(command: K, ...args: CommandArgs<K>): Promise<BridgeResult<CommandResponse<K>>>;
  on<E extends EventName>(event: E, listener: EventListener<E>): () => void;
}

/** What the desktop preload adds: the path of a file dropped on the window (browsers hide it). */
export interface DesktopBridge extends BridgeTransport {
  pathForFile(file: File): string;
}

/** Electron IPC channel names: one per command, one for all events. */
export const IPC_COMMAND_PREFIX = 'refshelf:command:';
export const IPC_EVENT_CHANNEL = 'refshelf:event';
export const ipcChannel = (command: CommandName): string => `${IPC_COMMAND_PREFIX}${command}`;

/** The WebSocket subprotocols of browser mode: the bridge's, and the one carrying the secret. */
export const WS_PROTOCOL = 'refshelf-bridge.v1';
export const WS_SECRET_PROTOCOL_PREFIX = 'refshelf-secret.';
export const WS_PATH = '/bridge';

/** Messages of the WebSocket transport. */
export type WsClientMessage = { id: number; command: string; request?: unknown };
export type WsServerMessage =
  | { id: number; result: BridgeResult<unknown> }
  | { event: string; payload: unknown };
