// The library store over a small in-memory stand-in of the bridge (the real core is
// exercised end to end in e2e/; here the store's own logic is under test: paging, stale
// responses, the query handed to the core, bulk commands and following renamed ids).
import { describe, expect, it } from 'vitest';
import { bridgeClient } from '../bridge/bridgeClient.ts';
import type { BridgeResult, BridgeTransport, DocumentListQuery, DocumentSearchQuery, LibraryDocument } from '../../shared/bridge/contract.ts';
import type { IdRenamed } from '../../shared/bridge/contract.ts';
import { createIdRenamesStore } from './idRenames.ts';
import { PAGE_SIZE } from './listQuery.ts';
import { createLibraryStore } from './libraryStore.ts';

function library(count: number) {
  const docs: LibraryDocument[] = Array.from({ length: count }, (_, i) => ({
    id: `d${i}`, title: `Doc ${String(i).padStart(5, '0')}`, type: i % 10 === 0 ? 'book' : 'journal', year: 1900 + (i % 100),
    trashed: false, added_local: `2026-01-01T00:00:${String(i % 60).padStart(2, '0')}Z`, modified_local: '2026-01-01T00:00:00Z',
  }));
  const calls: { command: string; request: unknown }[] = [];
  let delayFor: (command: string, request: unknown) => number = () => 0;
  /** An answer held until the test lets it go (a slow core, without a clock). */
  let holdFor: (command: string, request: unknown) => Promise<void> | undefined = () => undefined;
  const handlers: Record<string, (request: never) => unknown> = {
    'documents.list': (q: DocumentListQuery) => {
      const rows = docs.filter((d) => d.trashed === (q.trashed ?? false));
      const sorted = q.order === 'desc' ? [...rows].reverse() : rows;
      return { items: sorted.slice(q.offset ?? 0, (q.offset ?? 0) + (q.limit ?? 100)), total: rows.length };
    },
    'documents.search': (q: DocumentSearchQuery) => {
      const rows = docs.filter((d) => !d.trashed && d.title.includes(q.text));
      return { items: rows.slice(q.offset ?? 0, (q.offset ?? 0) + (q.limit ?? 100)), total: rows.length };
    },
    'documents.trash': ({ id }: { id: string }) => {
      const doc = docs.find((d) => d.id === id);
      if (!doc) throw Object.assign(new Error(`Document ${id} is not in the library`), { code: 'not_found' });
      doc.trashed = true;
    },
    'documents.restore': ({ id }: { id: string }) => {
      docs.find((d) => d.id === id)!.trashed = false;
    },
    'documents.update': () => undefined,
    'folders.tree': () => [],
    'folders.rename': () => undefined,
    'documents.get': ({ id }: { id: string }) => {
      const doc = docs.find((d) => d.id === id);
      if (!doc) throw Object.assign(new Error(`Document ${id} is not in the library`), { code: 'not_found' });
      return doc;
    },
    'documents.position': ({ id }: { id: string }) => {
      const index = [...docs].reverse().findIndex((d) => d.id === id);
      return { index: index < 0 ? null : index };
    },
    'documents.copyToGroup': ({ ids }: { ids: string[] }) => ({ copies: ids.map((id) => ({ from: id, to: `copy-${id}`, filesLeftBehind: 0 })), skipped: [] }),
  };
  const renameListeners = new Set<(rename: IdRenamed) => void>();
  const transport: BridgeTransport = {
    async invoke(command, ...args) {
      calls.push({ command, request: args[0] });
      const wait = delayFor(command, args[0]);
      if (wait) await new Promise((resolve) => setTimeout(resolve, wait));
      await holdFor(command, args[0]);
      try {
        // Copies, like any transport: the store must never share objects with the core.
        return { ok: true, value: structuredClone(handlers[command]!(args[0] as never)) } as BridgeResult<never>;
      } catch (error) {
        return { ok: false, error: { code: (error as { code?: string }).code ?? 'internal', message: (error as Error).message } } as BridgeResult<never>;
      }
    },
    on: ((event: string, listener: (rename: IdRenamed) => void) => {
      if (event === 'ids.renamed') renameListeners.add(listener);
      return () => void renameListeners.delete(listener);
    }) as BridgeTransport['on'],
  };
  const bridge = bridgeClient(transport);
  const store = createLibraryStore(bridge, createIdRenamesStore(bridge));
  /** What the core says after a push gave a row the service's id. */
  const announceRename = (rename: IdRenamed) => renameListeners.forEach((listener) => listener(rename));
  return { store, docs, calls, handlers, announceRename, setDelay: (fn: typeof delayFor) => { delayFor = fn; }, setHold: (fn: typeof holdFor) => { holdFor = fn; } };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

describe('library store', () => {
  it('fetches only the pages the list shows', async () => {
    const { store, calls } = library(1000);
    await store.getState().reload();
    expect(store.getState().total).toBe(1000);
    expect(calls.filter((c) => c.command === 'documents.list')).toHaveLength(1);
    store.getState().ensureRange(PAGE_SIZE * 3 + 5, PAGE_SIZE * 3 + 40);
    await settle();
    const offsets = calls.filter((c) => c.command === 'documents.list').map((c) => (c.request as DocumentListQuery).offset);
    expect(offsets).toEqual([0, PAGE_SIZE * 3]);
    expect(store.getState().docAt(PAGE_SIZE * 3 + 5)?.id).toBeDefined();
    expect(store.getState().docAt(PAGE_SIZE * 2)).toBeUndefined();
  });

  it('serves the end of a 100,000-row library with one page request', async () => {
    const { store, calls } = library(100_000);
    await store.getState().reload();
    calls.length = 0;
    store.getState().ensureRange(99_970, 99_999);
    await settle();
    expect(calls.map((c) => (c.request as DocumentListQuery).offset)).toEqual([Math.floor(99_970 / PAGE_SIZE) * PAGE_SIZE]);
    expect(store.getState().docAt(99_999)?.id).toBe('d0');
  });

  it('asks the core once for the first rows when the window starts, and the list’s own request joins it', async () => {
    const { store, calls } = library(100_000);
    const first = store.getState().reload(); // App, as it makes the stores
    store.getState().ensureRange(0, 33); // the list's first render: the rows a window shows
    await first;
    expect(calls.map((c) => c.command)).toEqual(['documents.list']);
    expect(calls[0]!.request).toMatchObject({ offset: 0, limit: PAGE_SIZE, view: 'list' });
    expect(store.getState().docAt(33)).toBeDefined();
  });

  it('asks the core for one window of rows per search keystroke, and nothing else', async () => {
    const { store, calls } = library(100_000);
    await store.getState().reload();
    store.getState().ensureRange(0, 33);
    for (const text of ['D', 'Do', 'Doc', 'Doc 0', 'Doc 00']) {
      calls.length = 0;
      const answered = new Promise<void>((resolve) => {
        const off = store.subscribe((s) => { if (s.shownSearch === text) { off(); resolve(); } });
      });
      store.getState().setSearch(text);
      // The list draws the new rows from the top: the range it then asks for is in the first page.
      store.getState().ensureRange(0, 33);
      await answered;
      expect(calls.map((c) => c.command), text).toEqual(['documents.search']);
      expect(calls[0]!.request).toMatchObject({ text, offset: 0, limit: PAGE_SIZE, view: 'list' });
      expect(PAGE_SIZE).toBeLessThanOrEqual(60);
    }
  });

  it('drops the answer to an older search that arrives last', async () => {
    const { store, setDelay } = library(300);
    setDelay((command, request) => (command === 'documents.search' && (request as DocumentSearchQuery).text === 'Doc 0000' ? 60 : 0));
    store.getState().setSearch('Doc 0000');
    store.getState().setSearch('Doc 00012');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(store.getState().total).toBe(1);
    expect(store.getState().docAt(0)?.title).toBe('Doc 00012');
    expect(store.getState().shownSearch).toBe('Doc 00012');
  });

  it('sends a search once the answer before it is in, and never the words typed meanwhile', async () => {
    const { store, calls, setHold } = library(300);
    await store.getState().reload();
    calls.length = 0;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => { release = () => resolve(); });
    setHold((command, request) => (command === 'documents.search' && (request as DocumentSearchQuery).text === 'D' ? held : undefined));
    const answered = new Promise<void>((resolve) => {
      const off = store.subscribe((s) => { if (s.shownSearch === 'Doc 0001') { off(); resolve(); } });
    });
    for (const text of ['D', 'Do', 'Doc', 'Doc 0', 'Doc 0001']) store.getState().setSearch(text);
    await Promise.resolve();
    // The core is still busy with "D": nothing else has been sent to queue behind it.
    expect(calls.map((c) => (c.request as DocumentSearchQuery).text)).toEqual(['D']);
    release();
    await answered;
    expect(calls.map((c) => (c.request as DocumentSearchQuery).text)).toEqual(['D', 'Doc 0001']);
    expect(store.getState().docAt(0)?.title).toBe('Doc 00010');
  });

  it('keeps the shown search on the rows it answers until the next answer arrives', async () => {
    const { store, setDelay } = library(300);
    await store.getState().reload();
    const before = store.getState().docAt(0)?.title;
    setDelay((command) => (command === 'documents.search' ? 40 : 0));
    store.getState().setSearch('Doc 0001');
    // The box has the new text at once; the rows (and what they answer) are still the old ones.
    expect(store.getState().search).toBe('Doc 0001');
    expect(store.getState().shownSearch).toBe('');
    expect(store.getState().docAt(0)?.title).toBe(before);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(store.getState().shownSearch).toBe('Doc 0001');
    expect(store.getState().docAt(0)?.title).toBe('Doc 00010');
  });

  it('flips the order when the sorted column is clicked again', () => {
    const { store } = library(5);
    store.getState().sortBy('title');
    expect([store.getState().sort, store.getState().order]).toEqual(['title', 'asc']);
    store.getState().sortBy('title');
    expect(store.getState().order).toBe('desc');
    store.getState().sortBy('year');
    expect([store.getState().sort, store.getState().order]).toEqual(['year', 'desc']);
  });

  it('shows a sort’s arrow with its rows: nothing the list shows changes before they are in', async () => {
    const { store, setHold } = library(300);
    await store.getState().reload();
    let release: () => void = () => undefined;
    setHold((command) => (command === 'documents.list' ? new Promise<void>((resolve) => { release = resolve; }) : undefined));
    const shown = () => { const s = store.getState(); return [s.shownSort, s.shownOrder, s.docAt(0)?.title]; };
    const before = shown();
    expect(before).toEqual(['added', 'desc', 'Doc 00299']);
    store.getState().sortBy('title');
    expect([store.getState().sort, store.getState().order]).toEqual(['title', 'asc']); // asked for at once
    expect(shown()).toEqual(before);
    const answered = new Promise<void>((resolve) => { const stop = store.subscribe((s) => { if (!s.loading) { stop(); resolve(); } }); });
    release();
    await answered;
    expect(shown()).toEqual(['title', 'asc', 'Doc 00000']);
  });

  it('a sort keeps the selected documents, and the very selection object once it has no row positions', async () => {
    const { store } = library(20);
    await store.getState().reload();
    store.getState().select(3);
    const ids = store.getState().selection.ids;
    store.getState().sortBy('title');
    const afterFirst = store.getState().selection;
    expect(afterFirst.ids).toBe(ids);
    expect([afterFirst.anchor, afterFirst.cursor]).toEqual([null, null]);
    // The list and the details pane render on a new selection object: a second sort makes none.
    store.getState().sortBy('title');
    expect(store.getState().selection).toBe(afterFirst);
    await settle();
  });

  it('hands the filter bar and the collection to the core, and lists Recently Read by opening time', async () => {
    const { store, calls } = library(50);
    store.getState().setFilters({ type: 'book', yearFrom: 1950, hasFile: true });
    await settle();
    expect(calls.at(-1)).toEqual({ command: 'documents.list', request: { type: 'book', yearFrom: 1950, hasFile: true, sort: 'added', order: 'desc', limit: PAGE_SIZE, offset: 0, view: 'list' } });
    store.getState().setFilters({});
    store.getState().setCollection({ kind: 'read-recently' });
    await settle();
    expect(calls.at(-1)?.request).toMatchObject({ opened: true, sort: 'opened', order: 'desc' });
    store.getState().setCollection({ kind: 'tag', tag: 'kelp' });
    await settle();
    expect(calls.at(-1)?.request).toMatchObject({ tag: 'kelp', sort: 'added' });
  });

  it('trashes a selection and reports failures with their reason', async () => {
    const { store, docs } = library(10);
    await store.getState().reload();
    await store.getState().trash(['d1', 'd2', 'missing']);
    expect(docs.filter((d) => d.trashed).map((d) => d.id)).toEqual(['d1', 'd2']);
    expect(store.getState().notice).toBe('2 documents moved to the trash');
    expect(store.getState().error).toBe('1 document could not be changed: Document missing is not in the library');
    expect(store.getState().total).toBe(8);
  });

  it('undoes the last move to the trash once, by the ids the documents have now, and selects them again', async () => {
    const { store, docs, announceRename } = library(10);
    await store.getState().reload();
    await store.getState().trash(['d1', 'local:gone', 'd2']);
    expect(store.getState().trashUndo).toEqual(['d1', 'd2']);
    // A push renames one of them while the notice shows: Undo restores it under its new id.
    docs[2]!.id = 'srv-2';
    announceRename({ kind: 'document', oldId: 'd2', newId: 'srv-2' });
    await store.getState().undoTrash();
    expect(docs.filter((d) => d.trashed)).toEqual([]);
    expect(store.getState().total).toBe(10);
    expect(store.getState().notice).toBe('2 documents back from the trash');
    expect([...store.getState().selection.ids].sort()).toEqual(['d1', 'srv-2']);
    expect(store.getState().trashUndo).toBeNull();
  });

  it('offers no undo once another notice replaces the move to the trash', async () => {
    const { store, docs } = library(5);
    await store.getState().reload();
    await store.getState().trash(['d1']);
    await store.getState().setFlag(['d3'], 'starred', true);
    expect(store.getState().trashUndo).toBeNull();
    await store.getState().undoTrash();
    expect(docs.find((d) => d.id === 'd1')!.trashed).toBe(true);
  });

  it('offers no undo beside the notice of a copy to a group that came after the move', async () => {
    const { store } = library(5);
    await store.getState().reload();
    await store.getState().trash(['d1']);
    await store.getState().copyToGroup('g1', ['d3']);
    expect(store.getState().notice).toMatch(/copied to/);
    expect(store.getState().trashUndo).toBeNull();
  });

  it('keeps the selection, the rows and the folder shown on what the core renames', async () => {
    const { store, docs, calls, announceRename } = library(3);
    // Newest first: the last document is the first row.
    docs[2]!.id = 'local:abc';
    store.getState().setCollection({ kind: 'folder', id: 'local:folder' });
    await store.getState().reload();
    store.getState().select(0);
    expect([...store.getState().selection.ids]).toEqual(['local:abc']);
    announceRename({ kind: 'document', oldId: 'local:abc', newId: 'srv-123' });
    announceRename({ kind: 'folder', oldId: 'local:folder', newId: 'srv-folder' });
    expect([...store.getState().selection.ids]).toEqual(['srv-123']);
    expect(store.getState().docAt(0)?.id).toBe('srv-123');
    expect(store.getState().collection).toEqual({ kind: 'folder', id: 'srv-folder' });
    expect(store.getState().currentId('local:abc')).toBe('srv-123');
    expect(store.getState().originalId('srv-123')).toBe('local:abc');
    // Commands go out with the id the row has now.
    await store.getState().renameFolder('local:folder', 'Renamed');
    expect(calls.filter((c) => c.command === 'folders.rename').map((c) => c.request)).toEqual([{ id: 'srv-folder', name: 'Renamed' }]);
  });

  it('selects the revealed document even when the library changes while its page loads', async () => {
    const { store, setHold } = library(3);
    await store.getState().reload();
    // The reveal's page is held; meanwhile a change elsewhere reloads the list (App.tsx does on
    // every library change), overtaking it.
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    let holding = true;
    let asked!: () => void;
    const reached = new Promise<void>((resolve) => { asked = resolve; });
    setHold((command) => {
      if (command !== 'documents.list' || !holding) return undefined;
      asked();
      return held;
    });
    const revealed = store.getState().reveal('d1');
    await reached;
    holding = false;
    const reloaded = store.getState().reload();
    release();
    expect(await revealed).toBe(true);
    await reloaded;
    expect([...store.getState().selection.ids]).toEqual(['d1']);
    expect(store.getState().selection.cursor).toBe(1);
  });

  it('does not select a revealed document at a later reload when its page failed to load', async () => {
    const { store, setHold } = library(3);
    await store.getState().reload();
    let failing = true;
    setHold((command) => (command === 'documents.list' && failing ? Promise.reject(new Error('The library could not be read.')) : undefined));
    await store.getState().reveal('d1');
    expect(store.getState().error).toBe('The library could not be read.');
    failing = false;
    // A change elsewhere reloads the list (App.tsx does on every library change).
    await store.getState().reload();
    expect(store.getState().selection.ids.size).toBe(0);
  });

  it('selects the revealed document even when a push renames it while the list loads', async () => {
    const { store, docs, handlers, announceRename } = library(3);
    docs[0]!.id = 'local:new';
    await store.getState().reload();
    // "Show in library" reads the document under its local id; the push renames it before
    // the list's page is fetched, and the renderer hears of it before the page arrives.
    const position = handlers['documents.position']!;
    handlers['documents.position'] = (request: never) => {
      const answer = position(request);
      docs[0]!.id = 'srv-new';
      announceRename({ kind: 'document', oldId: 'local:new', newId: 'srv-new' });
      return answer;
    };
    expect(await store.getState().reveal('local:new')).toBe(true);
    expect(store.getState().docAt(2)?.id).toBe('srv-new');
    expect([...store.getState().selection.ids]).toEqual(['srv-new']);
    expect(store.getState().selection.cursor).toBe(2);
  });
});
