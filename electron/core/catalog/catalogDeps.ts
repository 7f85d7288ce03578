// What the catalog and dataset commands need from the core, wired by createCore.
import type { LibraryApi } from '../../../shared/client/libraryApi.ts';
import type { AccountControl, SyncControl } from '../commands/controls.ts';
import type { EventHub } from '../commands/eventHub.ts';
import type { FileStore } from '../files/fileStore.ts';
import type { StagingArea } from '../files/stagingArea.ts';
import type { ReplicaReads, ReplicaWrites } from '../replica/index.ts';

export interface CatalogDeps {
  /** The service, signed in as the account. */
  api: LibraryApi;
  /** "Add to library" creates a document (and attaches the open-access file). */
  replica: ReplicaReads & ReplicaWrites;
  fileStore: FileStore;
  events: EventHub;
  sync: Pick<SyncControl, 'requestSync'>;
  account: Pick<AccountControl, 'status'>;
  /** Where dataset uploads wait between their chunks (the core's one staging area). */
  staging: StagingArea;
}
