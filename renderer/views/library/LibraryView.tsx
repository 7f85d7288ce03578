// The library screen, the window's first tab: the toolbar, the error banner and the three
// panes (sidebar, document list, details) with their splitters. The window (App.tsx) keeps
// the refs its shortcuts need: the search box and the details pane. Until the list's first
// rows are painted (`around`, state/useFirstRowsPainted.ts) the sidebar and the details pane
// are empty boxes of their own size and colours, so nothing moves when they fill in. The
// details pane's code (forms, validation, notes in Markdown) is a chunk of its own, fetched
// when it mounts; the empty box stands in until it is there.
import { Suspense, type RefObject } from 'react';
import { onDemand } from '../../lib/onDemand.ts';
import { PANE_BOUNDS, parsePaneLayout } from '../../lib/paneLayout.ts';
import { usePersistentState } from '../../lib/usePersistentState.ts';
import { useLibrary } from '../../state/context.tsx';
import { DocumentList } from './DocumentList.tsx';
import { PaneSplitter } from './PaneSplitter.tsx';
import { Sidebar } from './Sidebar.tsx';
import { Toolbar } from './Toolbar.tsx';

const DetailsPane = onDemand(() => import('./DetailsPane.tsx').then((m) => m.DetailsPane));

function ErrorBanner() {
  const error = useLibrary((s) => s.error);
  const showError = useLibrary((s) => s.showError);
  if (!error) return null;
  return (
    <div className="error-banner" role="alert">
      <span>{error}</span>
      <button type="button" className="link-button" onClick={() => showError(null)}>Dismiss</button>
    </div>
  );
}

export function LibraryView({ around, searchRef, detailsRef, onOpenDetails }: {
  around: boolean;
  searchRef: RefObject<HTMLInputElement | null>;
  detailsRef: RefObject<HTMLElement | null>;
  onOpenDetails: () => void;
}) {
  const [panes, setPanes] = usePersistentState('refshelf.panes', parsePaneLayout);
  const emptyDetails = <div className="details-pane" aria-hidden="true" />;
  return (
    <>
      <Toolbar ref={searchRef} />
      <ErrorBanner />
      <main className="panes" style={{ gridTemplateColumns: `${panes.sidebar}px 0 minmax(360px, 1fr) 0 ${panes.details}px` }}>
        {around ? <Sidebar /> : <div className="sidebar" aria-hidden="true" />}
        <PaneSplitter label="Resize the sidebar" side="left" width={panes.sidebar} {...PANE_BOUNDS.sidebar} onChange={(sidebar) => setPanes({ ...panes, sidebar })} />
        <DocumentList onOpenDetails={onOpenDetails} />
        <PaneSplitter label="Resize the details pane" side="right" width={panes.details} {...PANE_BOUNDS.details} onChange={(details) => setPanes({ ...panes, details })} />
        {around ? <Suspense fallback={emptyDetails}><DetailsPane ref={detailsRef} /></Suspense> : emptyDetails}
      </main>
    </>
  );
}
