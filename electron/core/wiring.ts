// Where the areas meet: each area's command handlers get the narrow dependencies they
// declare (library/, app/, import/, catalog/, people/, reader/), and their maps join into
// the one map both transports serve. createCore builds the parts and calls this once; no
// area imports another area's wiring or the bridge.
import type { LibraryApi } from '../../shared/client/libraryApi.ts';
import { appHandlers, type AppDeps } from './app/appHandlers.ts';
import { resolveLocalIds } from './bridge/localIdAliases.ts';
import { createSaveGrants, guardSavePaths } from './bridge/saveGrants.ts';
import type { CitingCommands } from '../../shared/bridge/citingCommands.ts';
import { citingUnavailable } from './citing/citingArea.ts';
import { duplicatesHandlers } from './duplicates/duplicatesHandlers.ts';
import { retrieveHandlers } from './retrieve/retrieveHandlers.ts';
import { catalogCommandHandlers } from './catalog/catalogCommandHandlers.ts';
import type { SyncControl } from './commands/controls.ts';
import type { EventHub } from './commands/eventHub.ts';
import type { Handlers, HandlersOf } from './commands/handlerTypes.ts';
import type { FileLinks } from './files/fileLinks.ts';
import type { FileStore } from './files/fileStore.ts';
import { importHandlers } from './import/importHandlers.ts';
import type { Importer } from './import/importer.ts';
import type { PdfLane } from './import/pdfLane.ts';
import { copyToGroupHandlers } from './library/copyToGroup.ts';
import { libraryHandlers } from './library/libraryHandlers.ts';
import { guardGroupWrites } from './people/groupWriteGuard.ts';
import { peopleHandlers } from './people/peopleHandlers.ts';
import { organiseHandlers } from './organise/organiseHandlers.ts';
import type { StagingArea } from './files/stagingArea.ts';
import type { ExportShelf } from './reader/exportShelf.ts';
import { readerHandlers } from './reader/readerHandlers.ts';
import type { Replica } from './replica/index.ts';

/** Every part of the core the areas draw their dependencies from. */
export interface CoreParts extends AppDeps {
  replica: Replica;
  /** The service, signed in as the account (online-only commands: groups, catalog, datasets). */
  api: LibraryApi;
  fileStore: FileStore;
  /** URLs the renderer loads stored files from (the reader); absent where nothing serves them. */
  fileLinks?: FileLinks;
  sync: SyncControl;
  events: EventHub;
  /** The import pipeline (electron/core/import). */
  importer: Importer;
  /** Where bytes from the window become files (imports, dataset uploads): files/stagingArea.ts. */
  staging: StagingArea;
  /** The core's one lane for pdf.js work (shared with the importer); else the reader makes its own. */
  pdfLane?: PdfLane;
  /** Where browser mode's annotated copies wait for their download; absent where nothing serves them. */
  exportShelf?: ExportShelf;
  /** The citing area's handlers (citing/citingArea.ts); absent in handler tests over a bare device. */
  citing?: HandlersOf<CitingCommands>;
}

/** Every command's handler, each area given what it declares it needs. */
export function createHandlers(parts: CoreParts): Handlers {
  const { replica, api, fileStore, fileLinks, sync, events, account, importer } = parts;
  // Paths the save dialog answers are the only ones export commands write to (saveGrants.ts).
  const grants = createSaveGrants();
  const choose = parts.chooseSavePath;
  const chooseSavePath: CoreParts['chooseSavePath'] = choose && (async (options) => grants.grant(await choose(options)));
  // Ids a push replaced are brought up to date first; then writes to a group's library pass
  // the role check (followers only read).
  return guardSavePaths(resolveLocalIds(guardGroupWrites({
    ...appHandlers({ ...parts, chooseSavePath }),
    ...libraryHandlers({ replica, sync, account, events }),
    ...copyToGroupHandlers({ replica, fileStore, api, sync, events }),
    ...catalogCommandHandlers({ api, replica, fileStore, events, sync, account, staging: parts.staging }),
    ...importHandlers({ importer, replica }),
    ...peopleHandlers({ api, replica, account, sync, events }),
    ...readerHandlers({ replica, api, fileStore, fileLinks, pdfLane: parts.pdfLane, exportShelf: parts.exportShelf, account }),
    ...duplicatesHandlers({ replica, api, fileStore, events, sync, finder: importer.duplicates }),
    ...retrieveHandlers({ replica, api, fileStore, pdfLane: parts.pdfLane, events, sync }),
    ...(parts.citing ?? citingUnavailable()),
    ...organiseHandlers({ replica, events }),
  }, replica), replica), grants);
}
