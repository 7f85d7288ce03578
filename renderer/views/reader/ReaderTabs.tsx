// Every open reader tab, kept mounted while another tab is shown (so a PDF does not load
// again on every switch); Ctrl/Cmd+W closes the current one, saving typed text first. The
// reader's code is a chunk of its own, fetched when the first tab opens (pdf.js follows it).
import { Suspense, useEffect } from 'react';
import { readerViewId } from '../../state/appStore.ts';
import { useApp, useStores } from '../../state/context.tsx';
import { Loading } from '../../components/Loading.tsx';
import { ViewErrorBoundary } from '../../components/ViewErrorBoundary.tsx';
import { onDemand } from '../../lib/onDemand.ts';

const ReaderView = onDemand(() => import('./ReaderView.tsx').then((m) => m.ReaderView));

export function ReaderTabs() {
  const { app } = useStores();
  const readers = useApp((s) => s.readers);
  const view = useApp((s) => s.view);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.key.toLowerCase() !== 'w' || e.shiftKey || e.altKey) return;
      const current = app.getState().view;
      if (!current.startsWith('reader:')) return;
      e.preventDefault();
      app.getState().closeReader(current.slice('reader:'.length));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [app]);

  return (
    <>
      {readers.map((r) => {
        const active = view === readerViewId(r.documentId);
        return (
          <main key={r.documentId} className="view-body reader-body-host" hidden={!active} role="tabpanel" aria-label={r.title}>
            <ViewErrorBoundary><Suspense fallback={<Loading what="the reader" />}><ReaderView documentId={r.documentId} active={active} /></Suspense></ViewErrorBoundary>
          </main>
        );
      })}
    </>
  );
}
