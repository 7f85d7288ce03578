// The window: the tab strip, the library screen (views/library/) or another view, the status
// bar and the dialogs. It wires the bridge's events into the stores, applies the theme, and
// owns the global shortcuts.
import * as Tooltip from '@radix-ui/react-tooltip';
import { Suspense, useEffect, useMemo, useRef } from 'react';
import type { BridgeClient } from './bridge/bridgeClient.ts';
import { LibraryView } from './views/library/LibraryView.tsx';
import { Loading } from './components/Loading.tsx';
import { ViewErrorBoundary } from './components/ViewErrorBoundary.tsx';
import { StatusBar } from './components/StatusBar.tsx';
import { ViewTabs } from './components/ViewTabs.tsx';
import { VIEWS } from './views/registry.tsx';
import { ImportProvider } from './import/importContext.tsx';
import { ImportLayer } from './import/ImportLayer.tsx';
import { ReaderTabs } from './views/reader/ReaderTabs.tsx';
import { isMac, shortcutFor } from './lib/shortcuts.ts';
import { useCitingActions } from './citing/useCitingActions.ts';
import { createAppStore, effectiveTheme } from './state/appStore.ts';
import { StoresContext, useApp, useStores, type Stores } from './state/context.tsx';
import { afterFirstRowsPainted, prepareLibrary, type PreparedLibrary } from './state/startup.ts';
import { useFirstRowsPainted } from './state/useFirstRowsPainted.ts';
import { createCitingStore } from './citing/citingStore.ts';
import { createDragCitations } from './citing/dragCitations.ts';
import { onDemand } from './lib/onDemand.ts';

/** Its code loads once the first rows are painted (it mounts then), not before them. */
const WindowDialogs = onDemand(() => import('./WindowDialogs.tsx').then((m) => m.WindowDialogs));

const RELOAD_DELAY_MS = 80;

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || !el.tagName) return false;
  return el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName);
}

function useTheme() {
  const theme = useApp((s) => s.settings?.theme);
  useEffect(() => {
    const query = window.matchMedia('(prefers-color-scheme: dark)');
    const apply = () => {
      document.documentElement.dataset.theme = effectiveTheme(theme, query.matches);
    };
    apply();
    query.addEventListener('change', apply);
    return () => query.removeEventListener('change', apply);
  }, [theme]);
}

function Window() {
  const { bridge, library, app, mac } = useStores();
  const citing = useCitingActions();
  const searchRef = useRef<HTMLInputElement>(null);
  const detailsRef = useRef<HTMLElement>(null);
  const openDialog = useApp((s) => s.openDialog);
  // The list's first rows are painted before the panes around it mount (useFirstRowsPainted.ts).
  const around = useFirstRowsPainted();
  useTheme();

  useEffect(() => {
    // The first rows were asked for before this first render; the rest waits for their frame
    // (the tag list is a walk over every tagged document).
    void afterFirstRowsPainted(library).then(() => {
      void app.getState().load().catch((error: Error) => library.getState().showError(error.message));
      void library.getState().loadFolders();
      void library.getState().loadTags();
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    let folders = false;
    const offs = [
      bridge.on('sync.status', (status) => app.getState().setSync(status)),
      bridge.on('account.changed', (status) => app.getState().setAccount(status)),
      bridge.on('settings.changed', (settings) => app.getState().setSettings(settings)),
      bridge.on('library.changed', ({ kinds }) => {
        folders ||= kinds.includes('folder');
        clearTimeout(timer);
        timer = setTimeout(() => {
          void library.getState().reload();
          void library.getState().loadTags();
          if (folders) {
            void library.getState().loadFolders();
            void library.getState().loadGroupFolders();
          }
          folders = false;
        }, RELOAD_DELAY_MS);
      }),
      bridge.on('app.menu', ({ action }) => {
        if (action === 'new-document') app.getState().openDialog('new-document');
        if (action === 'find') searchRef.current?.focus();
        if (action === 'preferences') app.getState().openDialog('settings');
      }),
    ];
    return () => { clearTimeout(timer); offs.forEach((off) => off()); };
  }, [bridge, library, app]);

  const focusList = () => (document.querySelector('[data-testid="document-list"]') as HTMLElement | null)?.focus();
  /** Focuses the title of the selected document once the details pane shows that document. */
  const focusDetails = (framesLeft = 60) => {
    const ids = library.getState().selectedIds();
    const pane = detailsRef.current;
    const shown = pane?.dataset.docId;
    const ready = ids.length === 1 && shown !== undefined && library.getState().currentId(shown) === library.getState().currentId(ids[0]!);
    if (!ready && framesLeft > 0) {
      requestAnimationFrame(() => focusDetails(framesLeft - 1));
      return;
    }
    const title = pane?.querySelector<HTMLElement>('[name="title"]');
    (title ?? pane)?.focus();
  };

  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      const typing = isTyping(e.target);
      const shortcut = shortcutFor(e, mac, typing);
      if (!shortcut) return;
      const dialogOpen = app.getState().dialog !== null;
      switch (shortcut.action) {
        case 'new-document': e.preventDefault(); openDialog('new-document'); break;
        case 'settings': e.preventDefault(); openDialog('settings'); break;
        case 'find': if (!dialogOpen) { e.preventDefault(); searchRef.current?.focus(); searchRef.current?.select(); } break;
        case 'sync': e.preventDefault(); void app.getState().syncNow(); break;
        case 'help': if (!dialogOpen) { e.preventDefault(); openDialog('shortcuts'); } break;
        case 'copy-bibliography':
        case 'copy-citation':
          if (!dialogOpen && library.getState().selectedIds().length) {
            e.preventDefault();
            void citing.copy(library.getState().selectedIds(), shortcut.action === 'copy-citation' ? 'citation' : 'bibliography');
          }
          break;
        case 'undo':
          // Only right after a move to the trash; text boxes keep their own Undo (not global).
          if (!dialogOpen && app.getState().view === 'library' && library.getState().trashUndo) { e.preventDefault(); void library.getState().undoTrash(); }
          break;
        case 'focus-list': if (!dialogOpen && typing && detailsRef.current?.contains(e.target as Node)) focusList(); break;
        default: break;
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [mac, app, openDialog, library, citing]);

  const view = useApp((s) => s.view);
  const other = VIEWS.find((v) => v.id === view);
  const OtherView = other?.component;
  const reading = view.startsWith('reader:');

  return (
    <div className="app">
      <ViewTabs />
      <ReaderTabs />
      {reading ? null : OtherView ? (
        <main className="view-body"><ViewErrorBoundary key={view}><Suspense fallback={<Loading what={other!.label.toLowerCase()} />}><OtherView /></Suspense></ViewErrorBoundary></main>
      ) : (
        <ViewErrorBoundary>
          <LibraryView around={around} searchRef={searchRef} detailsRef={detailsRef} onOpenDetails={() => {
            // Opening a document (Enter, a double click) counts as reading it here.
            const ids = library.getState().selectedIds();
            if (ids.length === 1) void library.getState().markOpened(ids[0]!);
            focusDetails();
          }} />
        </ViewErrorBoundary>
      )}
      {/* Its box (24 px) from the first frame, so nothing moves when it fills in. */}
      {around ? <StatusBar /> : <footer className="status-bar" aria-hidden="true" />}
      {/* From the first frame: files dropped at once must not be lost. */}
      {OtherView ? null : <ImportLayer />}
      {around ? <Suspense fallback={null}><WindowDialogs focusDetails={focusDetails} /></Suspense> : null}
    </div>
  );
}

/** `prepared`: the library's stores with the first rows already asked for (main.tsx; state/startup.ts). */
export function App({ bridge, platform, prepared }: { bridge: BridgeClient; platform: string; prepared?: PreparedLibrary }) {
  const stores = useMemo<Stores>(() => {
    const { renames, library } = prepared ?? prepareLibrary(bridge);
    return { bridge, renames, library, app: createAppStore(bridge), dragCitations: createDragCitations(createCitingStore(bridge), library), mac: isMac(platform) };
  }, [bridge, platform, prepared]);
  useEffect(() => () => stores.dragCitations.stop(), [stores]);
  return (
    <StoresContext.Provider value={stores}>
      <Tooltip.Provider delayDuration={500}>
        <ImportProvider>
          <Window />
        </ImportProvider>
      </Tooltip.Provider>
    </StoresContext.Provider>
  );
}
