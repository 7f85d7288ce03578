// The window's start-up order. The list's first page is asked for before anything else and
// the first render waits (briefly) for it, so the window's first paint shows rows; every
// other start-up request (settings, account, folders, tags, groups, saved searches) waits
// until the frame showing them is painted. Before, their answers and the renders they
// caused queued between the rows reaching the DOM and the frame that paints them. The panes
// around the list (sidebar, details, status bar, dialogs) mount after that frame too
// (useFirstRowsPainted.ts): the first frame lays out and paints the list alone.
import type { BridgeClient } from '../bridge/bridgeClient.ts';
import { createIdRenamesStore, type IdRenamesStore } from './idRenames.ts';
import { createLibraryStore, type LibraryStore } from './libraryStore.ts';

/** How long the first render waits for the first rows before showing the window without them. */
export const FIRST_ROWS_WAIT_MS = 250;

/** After the first rows' frame, at the latest this long after they arrived (a hidden window paints no frames). */
const FRAME_WAIT_MS = 100;

export interface PreparedLibrary {
  renames: IdRenamesStore;
  library: LibraryStore;
}

/** The library's stores, with the first page already asked for. */
export function prepareLibrary(bridge: BridgeClient): PreparedLibrary {
  const renames = createIdRenamesStore(bridge);
  const library = createLibraryStore(bridge, renames);
  void library.getState().reload();
  return { renames, library };
}

/** The first rows, or FIRST_ROWS_WAIT_MS, whichever comes first. */
export function firstRowsOrTimeout(library: LibraryStore, ms: number = FIRST_ROWS_WAIT_MS): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    void library.getState().whenFirstRows().then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** The libraries whose first rows' frame has been painted (a window shown again need not wait). */
const painted = new WeakSet<LibraryStore>();

/** Settles once the first rows are in and the frame that shows them has been painted. */
export function afterFirstRowsPainted(library: LibraryStore): Promise<void> {
  return library.getState().whenFirstRows().then(() => new Promise<void>((resolve) => {
    const done = () => { clearTimeout(timer); painted.add(library); resolve(); };
    const timer = setTimeout(done, FRAME_WAIT_MS);
    // The callback runs before the frame's paint; a task queued from it runs after.
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(done, 0));
  }));
}

/** Whether afterFirstRowsPainted has settled for this library: the panes around the list can mount at once. */
export function firstRowsPainted(library: LibraryStore): boolean {
  return painted.has(library);
}
