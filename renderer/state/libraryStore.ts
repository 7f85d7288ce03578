// The library view's state: which documents the list shows (a virtual window over pages
// fetched on demand), the selection, the folder tree, and the commands that change them.
// Responses of an outdated query are dropped by a generation counter, so typing fast in
// the search box never shows results of an older word, and a query waits for the answer to
// the one before it, so words typed meanwhile are never asked for at all. The ids it holds
// follow the core's renames (state/idRenames.ts).
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { BridgeClient } from '../bridge/bridgeClient.ts';
import type { DocumentPage, DocumentSort, LibraryDocument, LibraryFolderNode, SyncedGroup, TagCount } from '../../shared/bridge/contract.ts';
import { plural } from '../lib/format.ts';
import { emptySelection, moveCursor, selectAll, selectRow, type Modifiers, type Selection } from '../lib/selection.ts';
import { documentCommands, type DocumentCommands } from './documentCommands.ts';
import { followRenames, type IdRenamesStore } from './idRenames.ts';
import { PAGE_SIZE, collectionSort, coreFilter, groupOf, sameCollection, type Collection, type ListFilters } from './listQuery.ts';

export interface LibraryState {
  collection: Collection;
  sort: DocumentSort;
  order: 'asc' | 'desc';
  search: string;
  /** The search the shown rows answer (the box runs ahead of it while an answer is on its way). */
  shownSearch: string;
  /**
   * The sort the shown rows answer (the headers' arrow), set with those rows: a click on a
   * header renders nothing until they are in, so their answer never waits behind a render
   * and a frame that change only the arrow.
   */
  shownSort: DocumentSort;
  shownOrder: 'asc' | 'desc';
  filters: ListFilters;
  /** Rows of the current query; pages fetched so far by page number. */
  total: number;
  pages: ReadonlyMap<number, readonly LibraryDocument[]>;
  /** Bumps whenever the query changes (the list scrolls to the top). */
  queryVersion: number;
  loading: boolean;
  /** The library's tags with their counts (the sidebar lists them). */
  tags: TagCount[];
  selection: Selection;
  folders: LibraryFolderNode[];
  /** The groups whose libraries this machine holds (the sidebar's Groups). */
  groups: SyncedGroup[];
  /** The folder tree of the group whose library is shown (the sidebar nests it under the group). */
  groupFolders: { groupId: string; folders: LibraryFolderNode[] } | null;
  /** The last failure, shown in a banner until dismissed. */
  error: string | null;
  /** A short confirmation ("3 documents moved to the trash"). */
  notice: string | null;
  /** The documents the last move to the trash took, while its notice offers Undo. */
  trashUndo: string[] | null;
}

export interface LibraryActions extends DocumentCommands {
  setCollection(collection: Collection): void;
  /** Sorting by the current column flips the order. */
  sortBy(sort: DocumentSort): void;
  setSearch(text: string): void;
  setFilters(filters: ListFilters): void;
  /** Runs a saved search: its collection, search text and filters at once, as one query. */
  runSearch(criteria: { collection: Collection; search: string; filters: ListFilters }): void;
  loadTags(): Promise<void>;
  /** Records that a document was opened (Recently Read). */
  markOpened(id: string): Promise<void>;
  ensureRange(start: number, end: number): void;
  reload(): Promise<void>;
  /**
   * Settles once the list has had its first answer (rows or an error): the window's other
   * start-up requests wait for it, so that nothing queues ahead of the first rows.
   */
  whenFirstRows(): Promise<void>;
  loadFolders(): Promise<void>;
  loadGroups(): Promise<void>;
  /** Loads the folder tree of the group the current collection belongs to, if any. */
  loadGroupFolders(): Promise<void>;
  /** Why a document of this library cannot be changed here (a followed group), or null. */
  readOnlyReason(groupId: string | null | undefined): string | null;
  docAt(index: number): LibraryDocument | undefined;
  select(index: number, mods?: Modifiers): void;
  selectIds(ids: string[]): void;
  /**
   * "Show in library": the document's whole library (My Library, its group's, or the trash)
   * with no search or filter, scrolled to the document and selected. Answers false when the
   * document is gone.
   */
  reveal(id: string): Promise<boolean>;
  move(delta: number, extend?: boolean): void;
  selectAllRows(): void;
  selectedIds(): string[];
  trash(ids: string[]): Promise<void>;
  /** Brings back what the last move to the trash took (the notice's Undo, Ctrl/Cmd+Z). */
  undoTrash(): Promise<void>;
  restore(ids: string[]): Promise<void>;
  deleteForever(ids: string[]): Promise<void>;
  emptyTrash(): Promise<number>;
  setFlag(ids: string[], field: 'read' | 'starred' | 'confirmed', value: boolean): Promise<void>;
  addToFolder(folderId: string, ids: string[]): Promise<void>;
  /** Shares documents with a group: copies in its library (optionally in one of its folders), with their PDFs. */
  copyToGroup(groupId: string, ids: string[], folderId?: string, withAnnotations?: boolean): Promise<void>;
  removeFromFolder(folderId: string, ids: string[]): Promise<void>;
  /** A folder in the personal library, or in a group's when groupId is given. */
  createFolder(name: string, parentId: string | null, groupId?: string): Promise<string | undefined>;
  renameFolder(id: string, name: string): Promise<void>;
  moveFolder(id: string, parentId: string | null): Promise<void>;
  deleteFolder(id: string): Promise<void>;
  showError(message: string | null): void;
  showNotice(message: string | null): void;
  /** The id a document has now (it may have been renamed by a push). */
  currentId(id: string): string;
  /** The first id a document had here: a key that survives renames. */
  originalId(id: string): string;
}

export type LibraryStore = StoreApi<LibraryState & LibraryActions>;

export function createLibraryStore(bridge: BridgeClient, renames: IdRenamesStore): LibraryStore {
  let generation = 0;
  /** The row a reveal will select once its page arrives (see refresh). */
  let unrevealed: { id: string; index: number } | undefined;
  const inflight = new Set<number>();
  /** Settles when the answer to the last query sent (a search, a sort, a reload) is in. */
  let answering: Promise<void> | null = null;
  let visible: [number, number] = [0, PAGE_SIZE - 1];
  let firstRowsIn: () => void = () => undefined;
  const firstRows = new Promise<void>((resolve) => { firstRowsIn = resolve; });

  return createStore<LibraryState & LibraryActions>()((set, get) => {
    /** One page of the current (core-filtered) query at a raw offset. */
    function fetchRaw(offset: number, limit: number): Promise<DocumentPage> {
      const { collection, filters, search } = get();
      const filter = coreFilter(collection, filters);
      const text = search.trim();
      // The list shows rows: the details pane fetches the whole document it shows.
      if (text) return bridge.call('documents.search', { ...filter, text: search, limit, offset, view: 'list' });
      const { sort, order } = collectionSort(collection) ?? get();
      return bridge.call('documents.list', { ...filter, sort, order, limit, offset, view: 'list' });
    }

    async function loadPage(pageNo: number, gen: number): Promise<void> {
      inflight.add(pageNo);
      try {
        const page = await fetchRaw(pageNo * PAGE_SIZE, PAGE_SIZE);
        if (gen !== generation) return;
        const pages = new Map(get().pages);
        pages.set(pageNo, page.items);
        set({ pages, total: page.total, loading: false });
      } catch (error) {
        if (gen === generation) set({ error: (error as Error).message, loading: false });
      } finally {
        if (gen === generation) inflight.delete(pageNo);
      }
    }

    /**
     * Fetches the visible pages afresh. The old rows stay on screen until the new ones
     * arrive, and then both the rows and the scroll position change in one render: a new
     * query (a keystroke in the search box) paints once, not as an empty list and then rows.
     */
    async function refresh(resetView: boolean, keepSelection = false, revealing?: { id: string; index: number }): Promise<void> {
      const gen = ++generation;
      const asked = get().search;
      inflight.clear();
      // A reveal still on its way is carried by a reload of the same view that overtakes it (the
      // library changed meanwhile), so the revealed row is still selected; a new view drops it.
      if (revealing || resetView) unrevealed = revealing;
      const reveal = unrevealed;
      if (resetView) {
        // A revealed row's page is fetched with the first answer, so the list lands on it.
        visible = reveal ? [reveal.index, reveal.index] : [0, PAGE_SIZE - 1];
        // A new sort shows the same documents: the selection stays (its row positions do not).
        // The same object when nothing changes: the list and the details pane then skip a render.
        const before = get().selection;
        const kept = before.anchor === null && before.cursor === null ? before : { ids: before.ids, anchor: null, cursor: null };
        const selection = keepSelection ? kept : emptySelection;
        set({ loading: true, selection });
      }
      try {
        // The core answers one request at a time, in order: sent while an older query's answer
        // is on its way, this one would queue behind it. It waits for that answer here instead,
        // and is never sent if a newer query replaces it meanwhile: typing fast asks for the
        // rows of the first and the last text, not of every keystroke between.
        while (answering) {
          await answering;
          if (gen !== generation) return;
        }
        const { sort: askedSort, order: askedOrder } = get();
        const first = Math.floor(visible[0] / PAGE_SIZE);
        const last = Math.floor(visible[1] / PAGE_SIZE);
        const wanted = Array.from({ length: last - first + 1 }, (_, i) => first + i);
        wanted.forEach((p) => inflight.add(p));
        const asking = Promise.all(wanted.map((p) => fetchRaw(p * PAGE_SIZE, PAGE_SIZE)));
        const answered = asking.then(() => undefined, () => undefined);
        answering = answered;
        void answered.then(() => { if (answering === answered) answering = null; });
        const results = await asking;
        if (gen !== generation) return;
        const pages = new Map<number, LibraryDocument[]>();
        wanted.forEach((p, i) => pages.set(p, results[i]!.items));
        wanted.forEach((p) => inflight.delete(p));
        const update: Partial<LibraryState> = { pages, total: results[results.length - 1]!.total, loading: false, shownSearch: asked, shownSort: askedSort, shownOrder: askedOrder };
        // The cursor on the revealed row: the list scrolls to it (in the render that shows it).
        // Under the id it has now: a push may have renamed it while the page was fetched.
        if (reveal) update.selection = { ids: new Set([current(reveal.id)]), anchor: reveal.index, cursor: reveal.index };
        if (resetView) set((s) => ({ ...update, queryVersion: s.queryVersion + 1 }));
        else set(update);
      } catch (error) {
        if (gen === generation) set({ error: (error as Error).message, loading: false });
      } finally {
        // The newest query has answered, or failed: a reveal it carried is done either way.
        if (gen === generation) {
          unrevealed = undefined;
          firstRowsIn();
        }
      }
    }

    const current = (id: string) => renames.getState().currentId(id);

    /** Every notice goes here: the offer to undo a move to the trash lives only with its own notice. */
    const announce = (notice: string | null, trashUndo: string[] | null = null) => set({ notice, trashUndo });

    /** Runs a command on each id; reports how many failed, with the first reason; answers the ids it changed. */
    async function each(ids: string[], run: (id: string) => Promise<unknown>, done: (n: number) => string): Promise<string[]> {
      let failed = 0;
      let reason = '';
      const changed: string[] = [];
      for (const id of ids) {
        try {
          await run(current(id));
          changed.push(id);
        } catch (error) {
          failed++;
          reason ||= (error as Error).message;
        }
      }
      if (failed) set({ error: `${plural(failed, 'document')} could not be changed: ${reason}` });
      if (changed.length) announce(done(changed.length));
      await refresh(false);
      return changed;
    }

    const idAt = (index: number) => get().docAt(index)?.id;

    /** The personal folder tree, and the shown group's when a group's library is open. */
    const reloadFolders = () => Promise.all([get().loadFolders(), get().loadGroupFolders()]);

    /** The core renamed rows: the selection, the rows shown and the folder on screen follow. */
    function followIds(currentId: (id: string) => string): void {
      const { selection, pages, collection, filters } = get();
      const renamedRow = (d: LibraryDocument) => (currentId(d.id) === d.id ? d : { ...d, id: currentId(d.id) });
      const update: Partial<LibraryState> = {
        selection: { ...selection, ids: new Set([...selection.ids].map(currentId)) },
        pages: new Map([...pages].map(([no, rows]) => [no, rows.some((d) => currentId(d.id) !== d.id) ? rows.map(renamedRow) : rows])),
      };
      if (collection.kind === 'folder' && currentId(collection.id) !== collection.id) update.collection = { ...collection, id: currentId(collection.id) };
      if (filters.folderId && currentId(filters.folderId) !== filters.folderId) update.filters = { ...filters, folderId: currentId(filters.folderId) };
      set(update);
    }
    followRenames(renames, followIds);

    return {
      ...documentCommands(bridge, current),
      collection: { kind: 'all' },
      sort: 'added',
      order: 'desc',
      search: '',
      shownSearch: '',
      shownSort: 'added',
      shownOrder: 'desc',
      filters: {},
      total: 0,
      pages: new Map(),
      queryVersion: 0,
      loading: true,
      tags: [],
      selection: emptySelection,
      folders: [],
      groups: [],
      groupFolders: null,
      error: null,
      notice: null,
      trashUndo: null,

      setCollection(collection) {
        if (sameCollection(collection, get().collection)) return;
        set({ collection });
        void refresh(true);
        if (groupOf(collection) !== get().groupFolders?.groupId) void get().loadGroupFolders();
      },
      async loadGroupFolders() {
        const groupId = groupOf(get().collection);
        if (!groupId) {
          set({ groupFolders: null });
          return;
        }
        try {
          const folders = await bridge.call('folders.tree', { groupId });
          if (groupOf(get().collection) === groupId) set({ groupFolders: { groupId, folders } });
        } catch (error) {
          set({ error: (error as Error).message });
        }
      },
      sortBy(sort) {
        const { sort: current, order } = get();
        const next = sort === current ? (order === 'asc' ? 'desc' : 'asc') : sort === 'added' || sort === 'modified' || sort === 'year' ? 'desc' : 'asc';
        set({ sort, order: next });
        void refresh(true, true);
      },
      setSearch(text) {
        if (text === get().search) return;
        set({ search: text });
        void refresh(true);
      },
      setFilters(filters) {
        set({ filters });
        void refresh(true);
      },
      runSearch({ collection, search, filters }) {
        const groupChanged = groupOf(collection) !== get().groupFolders?.groupId;
        set({ collection, search, filters });
        void refresh(true);
        if (groupChanged) void get().loadGroupFolders();
      },
      async loadTags() {
        try {
          set({ tags: await bridge.call('documents.tags') });
        } catch (error) {
          set({ error: (error as Error).message });
        }
      },
      async markOpened(id) {
        try {
          await bridge.call('documents.markOpened', { id: current(id) });
        } catch (error) {
          set({ error: (error as Error).message });
        }
      },
      ensureRange(start, end) {
        visible = [start, end];
        const gen = generation;
        const { pages } = get();
        for (let p = Math.floor(start / PAGE_SIZE); p <= Math.floor(end / PAGE_SIZE); p++) {
          if (!pages.has(p) && !inflight.has(p)) void loadPage(p, gen);
        }
      },
      reload: () => refresh(false),
      whenFirstRows: () => firstRows,
      async loadFolders() {
        try {
          set({ folders: await bridge.call('folders.tree') });
        } catch (error) {
          set({ error: (error as Error).message });
        }
      },
      async loadGroups() {
        try {
          const groups = await bridge.call('groups.synced');
          set({ groups });
          // The group on screen is gone (left, removed): back to the user's own library.
          const { collection } = get();
          if (collection.kind === 'group' && !groups.some((g) => g.id === collection.id)) get().setCollection({ kind: 'all' });
        } catch (error) {
          set({ error: (error as Error).message });
        }
      },
      readOnlyReason(groupId) {
        if (!groupId) return null;
        const group = get().groups.find((g) => g.id === groupId);
        if (!group || group.writable) return null;
        return `You follow “${group.name}”: its library is read-only for you. Ask an owner or admin to make you a member to change it.`;
      },
      docAt(index) {
        return get().pages.get(Math.floor(index / PAGE_SIZE))?.[index % PAGE_SIZE];
      },
      select(index, mods) {
        set({ selection: selectRow(get().selection, index, idAt, mods) });
      },
      selectIds(ids) {
        set({ selection: { ids: new Set(ids.map(current)), anchor: null, cursor: null } });
      },
      async reveal(id) {
        let document: LibraryDocument;
        try {
          document = await bridge.call('documents.get', { id: current(id) });
        } catch {
          set({ error: 'This document is no longer in the library.' });
          return false;
        }
        const collection: Collection = document.trashed ? { kind: 'trash' } : document.group_id ? { kind: 'group', id: document.group_id } : { kind: 'all' };
        const { sort, order } = get();
        const { index } = await bridge.call('documents.position', { ...coreFilter(collection, {}), sort, order, id: current(document.id) });
        if (index === null) return false;
        const groupChanged = groupOf(collection) !== get().groupFolders?.groupId;
        set({ collection, search: '', filters: {} });
        if (groupChanged) void get().loadGroupFolders();
        await refresh(true, false, { id: document.id, index });
        return true;
      },
      move(delta, extend) {
        set({ selection: moveCursor(get().selection, delta, get().total, idAt, extend) });
      },
      selectAllRows() {
        set({ selection: selectAll(get().total, idAt, get().selection) });
      },
      selectedIds() {
        return [...get().selection.ids];
      },

      async trash(ids) {
        const trashed = await each(ids, (id) => bridge.call('documents.trash', { id }), (n) => `${plural(n, 'document')} moved to the trash`);
        set({ selection: emptySelection, trashUndo: trashed.length ? trashed.map(current) : null });
      },
      async undoTrash() {
        const ids = get().trashUndo;
        if (!ids) return;
        set({ trashUndo: null });
        const restored = await each(ids, (id) => bridge.call('documents.restore', { id }), (n) => `${plural(n, 'document')} back from the trash`);
        // The documents come back selected, as they were before the move.
        if (restored.length) set({ selection: { ids: new Set(restored.map(current)), anchor: null, cursor: null } });
      },
      async restore(ids) {
        await each(ids, (id) => bridge.call('documents.restore', { id }), (n) => `${plural(n, 'document')} restored`);
        set({ selection: emptySelection });
      },
      async deleteForever(ids) {
        await each(ids, (id) => bridge.call('documents.delete', { id }), (n) => `${plural(n, 'document')} deleted for good`);
        set({ selection: emptySelection });
      },
      async emptyTrash() {
        const ids: string[] = [];
        const pageSize = 1000;
        for (let offset = 0; ; offset += pageSize) {
          const page = await bridge.call('documents.list', { trashed: true, limit: pageSize, offset });
          ids.push(...page.items.map((d) => d.id));
          if (page.items.length < pageSize) break;
        }
        const done = await each(ids, (id) => bridge.call('documents.delete', { id }), (n) => `Trash emptied: ${plural(n, 'document')} deleted for good`);
        set({ selection: emptySelection });
        return done.length;
      },
      async setFlag(ids, field, value) {
        const verb = field === 'read' ? (value ? 'marked read' : 'marked unread') : field === 'starred' ? (value ? 'starred' : 'unstarred') : value ? 'confirmed' : 'marked for review';
        await each(ids, (id) => bridge.call('documents.update', { id, patch: { [field]: value } }), (n) => `${plural(n, 'document')} ${verb}`);
      },
      async addToFolder(folderId, ids) {
        await each(ids, (documentId) => bridge.call('folders.addDocument', { folderId: current(folderId), documentId }), (n) => `${plural(n, 'document')} added to the folder`);
      },
      async copyToGroup(groupId, ids, folderId, withAnnotations = false) {
        const name = get().groups.find((g) => g.id === groupId)?.name ?? 'the group';
        try {
          const result = await bridge.call('documents.copyToGroup', { ids: ids.map(current), groupId, folderId: folderId ? current(folderId) : null, withAnnotations });
          const parts: string[] = [];
          if (result.copies.length) parts.push(`${plural(result.copies.length, 'document')} copied to “${name}”`);
          const left = result.copies.reduce((n, c) => n + c.filesLeftBehind, 0);
          if (left) parts.push(`${plural(left, 'PDF')} not copied: not on this computer, and the service cannot be reached`);
          if (result.skipped.length) parts.push(`${plural(result.skipped.length, 'document')} left alone: ${result.skipped[0]!.reason}`);
          const text = parts.join('; ');
          announce(text.endsWith('.') ? text : `${text}.`);
          if (get().groupFolders?.groupId === groupId) await get().loadGroupFolders();
        } catch (error) {
          set({ error: (error as Error).message });
        }
      },
      async removeFromFolder(folderId, ids) {
        await each(ids, (documentId) => bridge.call('folders.removeDocument', { folderId: current(folderId), documentId }), (n) => `${plural(n, 'document')} removed from the folder`);
      },
      async createFolder(name, parentId, groupId) {
        try {
          const folder = await bridge.call('folders.create', {
            name, parent_id: parentId === null ? null : current(parentId), ...(groupId ? { group_id: groupId } : {}),
          });
          await (groupId ? get().loadGroupFolders() : get().loadFolders());
          return folder.id;
        } catch (error) {
          set({ error: (error as Error).message });
          return undefined;
        }
      },
      async renameFolder(id, name) {
        try {
          await bridge.call('folders.rename', { id: current(id), name });
          await reloadFolders();
        } catch (error) {
          set({ error: (error as Error).message });
        }
      },
      async moveFolder(id, parentId) {
        try {
          await bridge.call('folders.move', { id: current(id), parentId: parentId === null ? null : current(parentId) });
          await reloadFolders();
        } catch (error) {
          set({ error: (error as Error).message });
        }
      },
      async deleteFolder(id) {
        try {
          await bridge.call('folders.delete', { id: current(id) });
          const { collection } = get();
          // Out of a deleted folder: to its group's library, or to My Library.
          if (collection.kind === 'folder' && collection.id === current(id)) get().setCollection(collection.groupId ? { kind: 'group', id: collection.groupId } : { kind: 'all' });
          await reloadFolders();
        } catch (error) {
          set({ error: (error as Error).message });
        }
      },
      showError(message) {
        set({ error: message });
      },
      showNotice(message) {
        announce(message);
      },
      currentId: (id) => renames.getState().currentId(id),
      originalId: (id) => renames.getState().originalId(id),
    };
  });
}
