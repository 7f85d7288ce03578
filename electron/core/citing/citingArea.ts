// The citing area as the core composes it: styles and locales (bundled and the user's),
// the citeproc-js formatter, the area's preferences, the live bibliography files, and the
// bridge handlers over them. Its narrow needs: the replica, the event hub it listens to
// for library changes, a way to announce its own edits, and the shell's clipboard. Soon
// after start it warms the citation engine up with the library's first references, then
// fills the per-reference render cache quick copy reads (renderCache.ts) in the background.
import path from 'node:path';
import type { CitingCommands, ExportScope } from '../../../shared/bridge/contract.ts';
import { documentToCsl } from '../../../shared/csl/documentToCsl.ts';
import { resourcePath } from '../../../shared/node/resourcesDir.ts';
import type { HandlersOf } from '../commands/handlerTypes.ts';
import { BridgeFailure } from '../commands/failure.ts';
import type { EventHub } from '../commands/eventHub.ts';
import { noWindowActivity, stepsWhenWindowQuiet, type WindowActivity } from '../commands/windowActivity.ts';
import { documentsInScope } from '../import/bibliographyExport.ts';
import { openRenderCacheStore, type Replica } from '../replica/index.ts';
import { createAutoExporter, type AutoExporter } from './autoExporter.ts';
import { createCitationFormatter } from './citationFormatter.ts';
import { createRenderCache, withRenderCache } from './renderCache.ts';
import { createRenderCacheFiller, type RenderCacheFiller } from './renderCacheFiller.ts';
import { WARM_UP_REFERENCES, warmUpSteps } from './engineWarmUp.ts';
import { citingHandlers } from './citingHandlers.ts';
import { createCitingPreferences } from './citingPreferences.ts';
import { createStyleLibrary } from './styleLibrary.ts';
import { CITING_COMMAND_NAMES } from '../../../shared/bridge/citingCommands.ts';
import { systemClock, type CancelTimer, type Clock } from '../clock.ts';

export interface CitingAreaDeps {
  dataDir: string;
  replica: Pick<Replica, 'getDocument' | 'listDocuments' | 'getFolder' | 'updateDocument'>;
  events: Pick<EventHub, 'subscribe'>;
  /** After the area wrote documents (made citation keys): announce and sync them. */
  onLocalEdit(ids: string[]): void;
  writeClipboard?: (content: { text: string; html: string; rtf: string }) => void;
  /** resources/csl unless given (tests). */
  bundledDir?: string;
  autoExportDebounceMs?: number;
  /** The core's clock (the live bibliography files' debounce). */
  clock?: Clock;
  /** When to warm the citation engine up after start (engineWarmUp.ts), then fill the render cache; null: neither. 5 s unless given. */
  warmUpAfterMs?: number | null;
  /** The window's use: the warm-up and the fill wait for a pause in it (none: they never wait). */
  windowActivity?: WindowActivity;
}

/** The render cache's file in the data folder. */
export const RENDER_CACHE_FILE = 'citation-cache.sqlite';

export interface CitingArea {
  handlers: HandlersOf<CitingCommands>;
  autoExporter: AutoExporter;
  /** Settles once the warm-up ran (true when it formatted references) or was skipped (a copy or an export came first, or stop); for tests. */
  warmedUp: Promise<boolean>;
  /** The render cache's background work (starts once the warm-up settled). */
  renderCacheFiller: RenderCacheFiller;
  stop(): Promise<void>;
}

export function createCitingArea(deps: CitingAreaDeps): CitingArea {
  const styles = createStyleLibrary({ bundledDir: deps.bundledDir ?? resourcePath('csl'), userDir: path.join(deps.dataDir, 'csl-styles') });
  const formatter = createCitationFormatter(styles);
  const renderCacheStore = openRenderCacheStore(path.join(deps.dataDir, RENDER_CACHE_FILE));
  const renderCache = createRenderCache(formatter, renderCacheStore);
  const quickCopyFormatter = withRenderCache(formatter, renderCache);
  const savedPreferences = createCitingPreferences(path.join(deps.dataDir, 'citing.json'));
  const replica = deps.replica as Replica;
  let renderCacheStarted = false;
  const renderCacheFiller = createRenderCacheFiller({
    cache: renderCache,
    clock: deps.clock ?? systemClock,
    ...(deps.windowActivity ? { activity: deps.windowActivity } : {}),
    options() {
      const { style, locale } = savedPreferences.get().preferences;
      return styles.has(style) ? { style, locale } : undefined;
    },
    // Newest first: what was just added is what is about to be cited.
    page: (offset, limit) => replica.listDocuments({ sort: 'added', order: 'desc', limit, offset }).map(documentToCsl),
    documents: (ids) => ids.flatMap((id) => {
      const document = deps.replica.getDocument(id);
      return document ? [documentToCsl(document)] : [];
    }),
    onError: (error) => console.error('[refshelf] the citation render cache could not be filled:', error),
  });
  // A new default style or locale: the cache is filled for it (once its filling has begun).
  const styleAndLocale = () => {
    const { style, locale } = savedPreferences.get().preferences;
    return `${style}\u0000${locale}`;
  };
  const preferences: typeof savedPreferences = {
    ...savedPreferences,
    update(change) {
      const before = styleAndLocale();
      const state = savedPreferences.update(change);
      if (renderCacheStarted && styleAndLocale() !== before) renderCacheFiller.start();
      return state;
    },
  };
  const documentsIn = (scope: ExportScope) => documentsInScope(replica, scope);
  const autoExporter = createAutoExporter({
    preferences,
    documentsIn,
    scopeProblem: (scope) => ('folderId' in scope && !deps.replica.getFolder(scope.folderId) ? 'The folder this file follows was deleted' : undefined),
    storeKeys(keys) {
      for (const { id, key } of keys) deps.replica.updateDocument(id, { citation_key: key });
      deps.onLocalEdit(keys.map((k) => k.id));
    },
    debounceMs: deps.autoExportDebounceMs,
    ...(deps.clock ? { clock: deps.clock } : {}),
    onError: (error) => console.error('[refshelf] a live bibliography file could not be written:', error),
  });
  const offEvents = deps.events.subscribe((event, payload) => {
    if (event !== 'library.changed') return;
    const { kinds } = payload as { kinds: string[] };
    if (kinds.includes('document') || kinds.includes('folder')) autoExporter.notifyChanged();
    if (kinds.includes('document') && renderCacheStarted) renderCacheFiller.notifyChanged((payload as { ids: string[] }).ids);
  });
  // Keys and files are brought up to date once at start: the library may have changed while the app was closed.
  autoExporter.refreshAll();
  // Soon after start, not during it: the app's own start-up work goes first, and so do the
  // live bibliography files' writes just scheduled (they too run on this thread).
  let cancelWarmUp: CancelTimer | undefined;
  let warmUpOff = false;
  let warmUpStopped = false;
  let settleWarmUp: (warmed: boolean) => void = () => {};
  const warmedUp = new Promise<boolean>((resolve) => {
    settleWarmUp = resolve;
    const after = deps.warmUpAfterMs === undefined ? 5_000 : deps.warmUpAfterMs;
    if (after === null) return resolve(false);
    cancelWarmUp = (deps.clock ?? systemClock).after(after, () => {
      cancelWarmUp = undefined;
      void autoExporter.whenIdle().then(() => {
        if (warmUpOff) return;
        // Not while the window is in use: each step holds the core's thread for a while.
        const steps = warmUpStepsNow();
        if (!steps.length) return resolve(false);
        // skipWarmUp cancels the steps left, so a step runs only while the warm-up is on.
        cancelWarmUp = stepsWhenWindowQuiet(deps.clock ?? systemClock, deps.windowActivity ?? noWindowActivity, steps.map((step) => () => {
          try {
            step();
          } catch (error) {
            console.error('[refshelf] the citation engine could not be warmed up:', error);
            skipWarmUp();
          }
        }), () => resolve(true));
      });
    });
  });
  function warmUpStepsNow(): (() => void)[] {
    try {
      const { style, locale } = preferences.get().preferences;
      if (!styles.has(style)) return [];
      const documents = replica.listDocuments({ sort: 'first_author', order: 'asc', limit: WARM_UP_REFERENCES, offset: 0 });
      return warmUpSteps(formatter, documents.map(documentToCsl), { style, locale });
    } catch (error) {
      console.error('[refshelf] the citation engine could not be warmed up:', error);
      return [];
    }
  }
  // A copy or an export before the warm-up has warmed the engine up itself: the warm-up would only cost.
  const skipWarmUp = () => {
    warmUpOff = true;
    cancelWarmUp?.();
    cancelWarmUp = undefined;
    settleWarmUp(false);
  };
  // The cache is filled after the warm-up, whether it ran or a copy came first.
  void warmedUp.then(() => {
    if (warmUpStopped || deps.warmUpAfterMs === null) return;
    renderCacheStarted = true;
    renderCacheFiller.start();
  });
  const handlers = citingHandlers({
    styles,
    formatter: {
      ...formatter,
      allOutputs(...args) {
        skipWarmUp();
        return quickCopyFormatter.allOutputs(...args);
      },
      bibliography(...args) {
        skipWarmUp();
        return formatter.bibliography(...args);
      },
    },
    preferences, documentsIn, autoExporter,
    scopeName: (scope) => ('folderId' in scope ? (deps.replica.getFolder(scope.folderId)?.name ?? 'folder') : 'library' in scope ? 'library' : 'selection'),
    ...(deps.writeClipboard ? { writeClipboard: deps.writeClipboard } : {}),
  });
  return {
    handlers,
    autoExporter,
    warmedUp,
    renderCacheFiller,
    async stop() {
      warmUpStopped = true;
      skipWarmUp();
      renderCacheFiller.stop();
      offEvents();
      await autoExporter.stop();
      renderCacheStore.close();
    },
  };
}

/** Where no citing area was composed (handler tests over a bare device): a clear answer. */
export function citingUnavailable(): HandlersOf<CitingCommands> {
  const fail = () => {
    throw new BridgeFailure('unsupported', 'Citation styles are not available here');
  };
  return Object.fromEntries(CITING_COMMAND_NAMES.map((name) => [name, fail])) as unknown as HandlersOf<CitingCommands>;
}
