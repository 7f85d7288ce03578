// The catalog: search the service's catalog (simple or advanced), page through results
// with their reader statistics (marked when the library holds them), open one, and add it
// to the library in one action.
import { useRef, useState } from 'react';
import type { CatalogSearchPage } from '../../../shared/bridge/catalogCommands.ts';
import type { CatalogDocument } from '../../../shared/schemas/catalog.ts';
import { plural } from '../../lib/format.ts';
import { useStores } from '../../state/context.tsx';
import { showInLibrary } from '../../state/showInLibrary.ts';
import { addedState } from './addNote.ts';
import { useCatalogStore } from './catalogStore.ts';
import { CatalogDetails } from './CatalogDetails.tsx';
import { useCatalogView } from './catalogViewState.ts';
import { ResultList } from './ResultList.tsx';
import { SearchPanel } from './SearchPanel.tsx';
import { onlineErrorText } from '../../state/onlineErrors.ts';
import { searchRequestOf, type SearchFormState } from './searchForm.ts';
import './catalog.css';

export function CatalogView() {
  const { app, library } = useStores();
  const catalog = useCatalogStore();
  const { form, results, open, adds, inLibrary, set, setAdd, markInLibrary } = useCatalogView();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const setForm = (next: SearchFormState) => set({ form: next });
  const setOpen = (next: CatalogDocument | null) => set({ open: next });
  const searchId = useRef(0);

  const run = async (load: () => Promise<CatalogSearchPage>, append: boolean) => {
    const id = ++searchId.current;
    setBusy(true);
    setError(null);
    try {
      const page = await load();
      if (id !== searchId.current) return; // a newer search answered first
      void checkInLibrary(page.items);
      const before = useCatalogView.getState().results;
      set({
        results: {
          items: append && before ? [...before.items, ...page.items] : page.items,
          total: append ? before?.total : page.total,
          next: page.next,
        },
      });
    } catch (e) {
      if (id === searchId.current) setError(onlineErrorText(e));
    } finally {
      if (id === searchId.current) setBusy(false);
    }
  };

  /** Marks the results the library holds already (the core answers from the replica). */
  const checkInLibrary = async (items: CatalogDocument[]) => {
    if (!items.length) return;
    try {
      const records = items.map((item) => ({ id: item.id, type: item.type, identifiers: item.identifiers }));
      markInLibrary(records.map((r) => r.id), await catalog.inLibrary({ records }));
    } catch {
      // Only a hint on the list: without it the results still show.
    }
  };

  const search = () => {
    const request = searchRequestOf(form);
    if (request instanceof Error) {
      setError(request.message);
      return;
    }
    setOpen(null);
    void run(() => catalog.search(request), false);
  };

  const openDocument = async (id: string) => {
    try {
      const document = await catalog.get({ id });
      // The list row shows the same reader figures as the fresh copy just opened.
      const shown = useCatalogView.getState().results;
      set({ open: document, results: shown && { ...shown, items: shown.items.map((item) => (item.id === id ? { ...item, ...document } : item)) } });
    } catch (e) {
      setError(onlineErrorText(e));
    }
  };

  const addToLibrary = async (id: string) => {
    setAdd(id, { kind: 'adding' });
    try {
      const added = await catalog.addToLibrary({ id });
      setAdd(id, addedState(added));
      markInLibrary([id], { [id]: added.document.id });
    } catch (e) {
      setAdd(id, { kind: 'failed', message: onlineErrorText(e) });
    }
  };


  return (
    <div className="catalog-view">
      <SearchPanel form={form} onChange={setForm} onSearch={search} busy={busy} />
      {error ? <div className="error-banner" role="alert"><span>{error}</span><button type="button" className="link-button" onClick={() => setError(null)}>Dismiss</button></div> : null}
      <div className="catalog-body">
        <section className="catalog-list" aria-label="Results">
          {results === null ? (
            <div className="empty-state">
              <p className="empty-title">Search the catalog</p>
              <p className="empty-hint">Type words from a title, an author, a journal or an abstract and press Enter. Use Advanced to search one field at a time.</p>
            </div>
          ) : results.items.length === 0 ? (
            <div className="empty-state">
              <p className="empty-title">Nothing matches</p>
              <p className="empty-hint">Try fewer or other words, widen the year range, or turn off “Open access only”.</p>
            </div>
          ) : (
            <>
              <p className="catalog-count" role="status">{results.total !== undefined ? plural(results.total, 'document') : `${results.items.length} shown`}</p>
              <ResultList items={results.items} inLibrary={inLibrary} openId={open?.id ?? null} onOpen={(id) => void openDocument(id)} />
              {results.next ? (
                <button type="button" className="button catalog-more" disabled={busy} onClick={() => void run(() => catalog.search({ next: results.next! }), true)}>
                  {busy ? 'Loading…' : 'Show more results'}
                </button>
              ) : null}
            </>
          )}
        </section>
        <section className="catalog-side" aria-label="Document">
          {open ? (
            <CatalogDetails
              document={open}
              add={adds[open.id] ?? { kind: 'idle' }}
              onAdd={() => void addToLibrary(open.id)}
              libraryId={inLibrary[open.id]}
              onShowInLibrary={(documentId) => void showInLibrary({ app, library }, documentId)}
            />
          ) : (
            <div className="empty-state"><p className="empty-hint">Open a result to see its details and its readers.</p></div>
          )}
        </section>
      </div>
    </div>
  );
}
