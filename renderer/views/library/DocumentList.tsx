// The middle pane: a virtual grid over the current query (100,000 rows cost the DOM only
// the rows in view), sortable by header, multi-selectable by mouse and keyboard, with a
// context menu, and rows that drag onto folders.
import * as ContextMenu from '@radix-ui/react-context-menu';
import { DocumentExportItems } from '../../import/DocumentExportItems.tsx';
import { FirstRunActions } from '../../import/FirstRunActions.tsx';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type DragEvent, type KeyboardEvent, type MouseEvent, type PointerEvent as ReactPointerEvent } from 'react';
import type { DocumentSort, LibraryDocument } from '../../../shared/bridge/contract.ts';
import { folderPaths } from '../../lib/folderTree.ts';
import { ALWAYS_SHOWN, FIXED_COLUMNS, fitColumnsToWidth, gridTemplate, moveColumnEdge, parseLayout, resizeColumn, toggleColumn, visibleColumns, type ColumnId } from '../../lib/columnLayout.ts';
import { useElementWidth } from '../../lib/useElementWidth.ts';
import { plural } from '../../lib/format.ts';
import { useRowWindow } from '../../lib/useRowWindow.ts';
import { assignRowSlots } from '../../lib/rowSlots.ts';
import { usePersistentState } from '../../lib/usePersistentState.ts';
import { searchTerms } from '../../lib/highlight.ts';
import { shortcutFor } from '../../lib/shortcuts.ts';
import { useApp, useLibrary, useStores } from '../../state/context.tsx';
import { RetrieveMetadataDialog } from '../../retrieve/RetrieveMetadataDialog.tsx';
import { useRetrieve } from '../../retrieve/retrieveStore.ts';
import { COLUMN_SORTS, groupOf } from '../../state/listQuery.ts';
import { DOCUMENTS_MIME } from './dragData.ts';
import { dragOutData } from '../../citing/dragCitations.ts';
import { COLUMNS, DocumentRow, ROW_HEIGHT, type Column, type RowActions } from './DocumentRow.tsx';
import { Icon } from '../../components/Icon.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';

/** Rows drawn beyond the visible ones each side: each is laid out again with every new query. */
const OVERSCAN = 4;

const COLUMN_SYMBOLS: Partial<Record<ColumnId, React.ReactNode>> = { starred: '★', read: '●', file: <Icon name="clip" size={12} /> };
const RESIZE_STEP = 16;

/** What to do next when the list is empty; nothing while rows are on their way. */
function EmptyState() {
  const collection = useLibrary((s) => s.collection);
  const search = useLibrary((s) => s.shownSearch);
  const empty = useLibrary((s) => s.total === 0 && !s.loading);
  const filtered = useLibrary((s) => Object.keys(s.filters).some((k) => s.filters[k as keyof typeof s.filters] !== undefined && s.filters[k as keyof typeof s.filters] !== false));
  const openDialog = useApp((s) => s.openDialog);
  if (!empty) return null;
  let title = 'Your library is empty';
  let hint = 'Bring in the documents you already have, or add one by hand.';
  if (search.trim()) { title = `Nothing matches “${search.trim()}”`; hint = 'Try fewer or shorter words; the search looks in titles, authors, sources, abstracts, tags and notes.'; }
  else if (filtered) { title = 'No documents pass these filters'; hint = 'Widen the year range or clear the filters.'; }
  else if (collection.kind === 'trash') { title = 'The trash is empty'; hint = 'Documents you delete wait here until you empty the trash.'; }
  else if (collection.kind === 'starred') { title = 'No favourites yet'; hint = 'Star a document (S, or the ☆ in its row) to keep it here.'; }
  else if (collection.kind === 'review') { title = 'Nothing needs review'; hint = 'Documents whose details nobody has confirmed yet show up here.'; }
  else if (collection.kind === 'recent') { title = 'Nothing added in the last 30 days'; hint = 'New documents show up here for a month.'; }
  else if (collection.kind === 'group') { title = 'This group’s library is empty'; hint = 'Documents that members add to the group appear here after a sync.'; }
  else if (collection.kind === 'folder') { title = 'This folder is empty'; hint = 'Drag documents from the list onto the folder, or use “Add to folder” in their menu.'; }
  return (
    <div className="empty-state" role="status">
      <p className="empty-title">{title}</p>
      <p className="empty-hint">{hint}</p>
      {!search && collection.kind === 'all' && !filtered ? <FirstRunActions onNewDocument={() => openDialog('new-document')} /> : null}
    </div>
  );
}

export function DocumentList({ onOpenDetails }: { onOpenDetails(): void }) {
  const { library, app, mac, dragCitations } = useStores();
  const total = useLibrary((s) => s.total);
  const pages = useLibrary((s) => s.pages);
  const selection = useLibrary((s) => s.selection);
  // The arrow of the rows shown: it changes with them (a click renders nothing before).
  const sort = useLibrary((s) => s.shownSort);
  const order = useLibrary((s) => s.shownOrder);
  // The rows' own search, not the box's: a keystroke re-renders the box, and the list
  // renders once, when the rows for the new text arrive.
  const search = useLibrary((s) => s.shownSearch);
  const queryVersion = useLibrary((s) => s.queryVersion);
  const collection = useLibrary((s) => s.collection);
  const folders = useLibrary((s) => s.folders);
  const groupFolders = useLibrary((s) => s.groupFolders);
  const groups = useLibrary((s) => s.groups);
  const terms = useMemo(() => searchTerms(search), [search]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [layout, setLayout] = usePersistentState('refshelf.columns', parseLayout);
  // Deleting from the trash cannot be undone: the key and the menu ask first, naming how many.
  const [deleteAsked, setDeleteAsked] = useState<string[] | null>(null);
  // In a narrow window the less needed columns give way so the title stays readable.
  const paneRef = useRef<HTMLElement>(null);
  const paneWidth = useElementWidth(paneRef);
  // Kept while the layout and width stay: the rows are memoised on them.
  const fitted = useMemo(() => fitColumnsToWidth(layout, paneWidth), [layout, paneWidth]);
  const shown = useMemo(() => visibleColumns(fitted).map((id) => COLUMNS[id]), [fitted]);
  const template = useMemo(() => gridTemplate(fitted), [fitted]);
  const searching = search.trim() !== '';
  /** A collection that shows part of a library: "Show in library" shows the document in the whole of it. */
  const narrowed = collection.kind !== 'all' && collection.kind !== 'group';

  // Rows are all ROW_HEIGHT tall: the drawn ones follow from the scroll offset (rowWindow.ts).
  const { first, last, scrollTo, scrollToRow } = useRowWindow(scrollRef, total, ROW_HEIGHT, OVERSCAN);

  useEffect(() => {
    library.getState().ensureRange(first, Math.max(first, last));
  }, [first, last, pages, library, queryVersion]);

  // A new query starts at the top, in the same frame as its rows (nothing moves when it is there).
  useLayoutEffect(() => {
    scrollTo(0);
  }, [queryVersion, scrollTo]);

  // Whether an answer is on its way, for tests and styles: set on the element, so that a
  // keystroke (which starts one) does not re-render the list. Set before the first paint.
  useLayoutEffect(() => {
    const show = (loading: boolean) => { if (scrollRef.current) scrollRef.current.dataset.loading = String(loading); };
    show(library.getState().loading);
    return library.subscribe((s, before) => { if (s.loading !== before.loading) show(s.loading); });
  }, [library]);

  useEffect(() => {
    if (selection.cursor !== null) scrollToRow(selection.cursor);
  }, [selection.cursor, scrollToRow]);

  const state = library.getState;
  const openReader = (doc: LibraryDocument | undefined) => {
    if (doc?.file_attached) app.getState().openReader({ documentId: doc.id, title: doc.title });
    else onOpenDetails();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      const ids = state().selectedIds();
      if (ids.length === 1) {
        e.preventDefault();
        openReader(findLoaded(ids[0]!));
      }
      return;
    }
    const shortcut = shortcutFor(e.nativeEvent, mac, false);
    if (!shortcut) {
      if (e.key === 'PageDown' || e.key === 'PageUp') {
        e.preventDefault();
        const rows = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 260) / ROW_HEIGHT) - 1);
        state().move(e.key === 'PageDown' ? rows : -rows, e.shiftKey);
      }
      return;
    }
    const ids = state().selectedIds();
    const handled = () => { e.preventDefault(); e.stopPropagation(); };
    switch (shortcut.action) {
      case 'down': handled(); state().move(1); break;
      case 'up': handled(); state().move(-1); break;
      case 'extend-down': handled(); state().move(1, true); break;
      case 'extend-up': handled(); state().move(-1, true); break;
      case 'first': handled(); state().move(-total); break;
      case 'last': handled(); state().move(total); break;
      case 'select-all': handled(); state().selectAllRows(); break;
      case 'focus-details': if (ids.length > 0) { handled(); onOpenDetails(); } break;
      case 'trash':
        if (ids.length === 0) break;
        handled();
        if (collection.kind === 'trash') setDeleteAsked(ids);
        else void state().trash(ids);
        break;
      case 'toggle-star': {
        if (ids.length === 0) break;
        handled();
        const docs = ids.map((id) => findLoaded(id)).filter(Boolean) as LibraryDocument[];
        void state().setFlag(ids, 'starred', !docs.every((d) => d.starred));
        break;
      }
      case 'toggle-read': {
        if (ids.length === 0) break;
        handled();
        const docs = ids.map((id) => findLoaded(id)).filter(Boolean) as LibraryDocument[];
        void state().setFlag(ids, 'read', !docs.every((d) => d.read));
        break;
      }
      default:
        break;
    }
  };

  const findLoaded = (id: string): LibraryDocument | undefined => {
    for (const page of state().pages.values()) {
      const found = page.find((d) => d.id === id);
      if (found) return found;
    }
    return undefined;
  };

  const onRowMouseDown = (e: MouseEvent, index: number) => {
    if (e.button === 2) {
      // A right click on an unselected row selects it first, like file managers do.
      if (!selection.ids.has(state().docAt(index)?.id ?? '')) state().select(index);
      return;
    }
    if (e.button !== 0) return;
    const toggle = mac ? e.metaKey : e.ctrlKey;
    // Keep a multi-selection when a drag starts from inside it; the click (mouseup) narrows it.
    const id = state().docAt(index)?.id;
    if (!e.shiftKey && !toggle && id && selection.ids.has(id) && selection.ids.size > 1) {
      dragCitations.prepare([...selection.ids]); // a drag may follow: its bibliography, fresh
      return;
    }
    state().select(index, { shift: e.shiftKey, toggle });
    if (!e.shiftKey && !toggle && id) dragCitations.prepare([id]);
  };

  const onRowClick = (e: MouseEvent, index: number) => {
    const toggle = mac ? e.metaKey : e.ctrlKey;
    const id = state().docAt(index)?.id;
    if (!e.shiftKey && !toggle && id && selection.ids.has(id) && selection.ids.size > 1) state().select(index);
  };

  const onRowDragStart = (e: DragEvent, index: number, doc: LibraryDocument, isSelected: boolean) => {
    const ids = isSelected ? [...state().selection.ids] : [doc.id];
    if (!isSelected) state().select(index);
    e.dataTransfer.setData(DOCUMENTS_MIME, JSON.stringify(ids));
    // Dropped into another application: the formatted references (dragCitations.ts).
    const out = dragOutData(dragCitations.forDrag(ids), ids.length === 1 ? doc.title : `${ids.length} documents`);
    for (const [type, value] of Object.entries(out)) e.dataTransfer.setData(type, value);
    e.dataTransfer.effectAllowed = 'copyMove';
  };

  // The rows get one object for good (they are memoised); it calls this render's handlers.
  const latest = useRef({ onRowMouseDown, onRowClick, openReader, onRowDragStart });
  latest.current = { onRowMouseDown, onRowClick, openReader, onRowDragStart };
  const rowActions = useMemo<RowActions>(() => ({
    mouseDown: (e, index) => latest.current.onRowMouseDown(e, index),
    click: (e, index) => latest.current.onRowClick(e, index),
    open: (doc) => latest.current.openReader(doc),
    dragStart: (e, index, doc, isSelected) => latest.current.onRowDragStart(e, index, doc, isSelected),
    toggleStar: (doc) => void library.getState().setFlag([doc.id], 'starred', !doc.starred),
  }), [library]);

  // The title's width is what the others leave: its separator reports it as drawn.
  const titleHeader = useRef<HTMLDivElement>(null);
  const [titleWidth, setTitleWidth] = useState(0);
  useEffect(() => {
    const cell = titleHeader.current;
    if (!cell) return;
    const observer = new ResizeObserver(() => setTitleWidth(Math.round(cell.getBoundingClientRect().width)));
    observer.observe(cell);
    return () => observer.disconnect();
  }, []);

  /** Dragging a header's right edge moves it (moveColumnEdge); arrows do the same from the keyboard. */
  const startResize = (e: ReactPointerEvent<HTMLDivElement>, id: ColumnId) => {
    e.preventDefault();
    e.stopPropagation();
    const startX = e.clientX;
    const handle = e.currentTarget;
    handle.setPointerCapture(e.pointerId);
    let latest = layout;
    const onMove = (move: PointerEvent) => {
      latest = moveColumnEdge(layout, id, move.clientX - startX);
      setLayout(latest);
    };
    const onUp = () => {
      handle.removeEventListener('pointermove', onMove);
      handle.removeEventListener('pointerup', onUp);
      setLayout(latest);
    };
    handle.addEventListener('pointermove', onMove);
    handle.addEventListener('pointerup', onUp);
  };

  const header = (column: Column) => {
    const sortKey: DocumentSort | undefined = COLUMN_SORTS[column.id];
    const active = !searching && sortKey === sort;
    const ariaSort = active ? (order === 'asc' ? 'ascending' : 'descending') : undefined;
    const compact = FIXED_COLUMNS.has(column.id);
    const label = compact ? <><span className="sr-only">{column.label}</span><span aria-hidden="true">{COLUMN_SYMBOLS[column.id]}</span></> : column.label;
    return (
      <div role="columnheader" aria-sort={ariaSort} key={column.id} ref={column.id === ALWAYS_SHOWN ? titleHeader : undefined} className={`cell header-cell ${compact ? 'compact' : ''}`}>
        {sortKey && !searching ? (
          <button type="button" className="sort-button" onClick={() => state().sortBy(sortKey)} title={`Sort by ${column.label.toLowerCase()}`}>
            {label}
            {compact ? null : <span className="sort-arrow" aria-hidden="true">{active ? (order === 'asc' ? '▲' : '▼') : ''}</span>}
          </button>
        ) : (
          <span className="header-label" title={sortKey ? 'Search results are ranked by relevance' : column.label}>{label}</span>
        )}
        {compact ? null : (
          <div
            role="separator"
            aria-orientation="vertical"
            aria-label={`Resize ${column.label}`}
            aria-valuenow={column.id === ALWAYS_SHOWN ? titleWidth : layout.widths[column.id]}
            tabIndex={0}
            className="column-resizer"
            onPointerDown={(e) => startResize(e, column.id)}
            onDoubleClick={() => setLayout(resizeColumn(layout, column.id, parseLayout(null).widths[column.id]))}
            onKeyDown={(e) => {
              if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
              e.preventDefault();
              setLayout(moveColumnEdge(layout, column.id, e.key === 'ArrowRight' ? RESIZE_STEP : -RESIZE_STEP));
            }}
          />
        )}
      </div>
    );
  };

  // The drawn rows, keyed by slot (rowSlots.ts): a document still drawn keeps its element.
  const drawn = Array.from({ length: Math.max(0, last - first + 1) }, (_, k) => first + k);
  const drawnDocs = drawn.map((index) => state().docAt(index));
  const slots = useRef<ReadonlyMap<string, number>>(new Map());
  const { keys: rowKeys, slots: nextSlots } = assignRowSlots(slots.current, drawnDocs.map((doc, k) => doc?.id ?? `loading:${drawn[k]}`));
  slots.current = nextSlots;

  const selected = [...selection.ids];
  const contextDocs = selected.map(findLoaded).filter(Boolean) as LibraryDocument[];
  const inTrash = collection.kind === 'trash';
  // A group's documents file into that group's folders; the personal ones into the personal tree.
  const shownGroup = groupOf(collection);
  const folderList = folderPaths(shownGroup ? (groupFolders?.groupId === shownGroup ? groupFolders.folders : []) : folders);
  const copyTargets = groups.filter((g) => g.writable && g.id !== shownGroup);

  return (
    <section ref={paneRef} className="list-pane" aria-label="Documents">
      <div role="grid" aria-label="Documents" aria-rowcount={total + 1} aria-colcount={shown.length} aria-multiselectable="true" className="grid">
        <ContextMenu.Root>
          <ContextMenu.Trigger asChild>
            <div role="row" aria-rowindex={1} className="grid-row header-row" style={{ gridTemplateColumns: template }}>
              {shown.map(header)}
            </div>
          </ContextMenu.Trigger>
          <ContextMenu.Portal>
            <ContextMenu.Content className="menu" aria-label="Columns">
              <ContextMenu.Label className="menu-label">Columns</ContextMenu.Label>
              {Object.values(COLUMNS).map((c) => (
                <ContextMenu.CheckboxItem
                  key={c.id}
                  className="menu-item"
                  checked={!layout.hidden.includes(c.id)}
                  disabled={c.id === ALWAYS_SHOWN}
                  onSelect={(e) => { e.preventDefault(); setLayout(toggleColumn(layout, c.id)); }}
                >
                  <span className="menu-check" aria-hidden="true">{layout.hidden.includes(c.id) ? '' : '✓'}</span><span className="menu-item-label">{c.label}</span>
                  {fitted.hidden.includes(c.id) && !layout.hidden.includes(c.id) ? <span className="menu-hint">no room</span> : null}
                </ContextMenu.CheckboxItem>
              ))}
              <ContextMenu.Separator className="menu-separator" />
              <ContextMenu.Item className="menu-item" onSelect={() => setLayout(parseLayout(null))}>Reset columns</ContextMenu.Item>
            </ContextMenu.Content>
          </ContextMenu.Portal>
        </ContextMenu.Root>
        <ContextMenu.Root>
          <ContextMenu.Trigger asChild>
            <div
              ref={scrollRef}
              className="grid-body"
              tabIndex={0}
              data-testid="document-list"
              data-query-version={queryVersion}
              aria-label="Document rows"
              onKeyDown={onKeyDown}
              onFocus={() => { if (selection.cursor === null && total > 0 && selection.ids.size === 0) state().select(0); }}
            >
              <EmptyState />
              <div style={{ height: total * ROW_HEIGHT, position: 'relative' }}>
                {drawn.map((index, k) => {
                  const doc = drawnDocs[k];
                  return (
                    <DocumentRow key={rowKeys[k]} index={index} doc={doc} selected={doc ? selection.ids.has(doc.id) : false} cursor={index === selection.cursor}
                      template={template} columns={shown} terms={terms} actions={rowActions} />
                  );
                })}
              </div>
            </div>
          </ContextMenu.Trigger>
          <ContextMenu.Portal>
            <ContextMenu.Content className="menu" aria-label="Document actions">
              {selected.length === 0 ? <ContextMenu.Item className="menu-item" disabled>No document selected</ContextMenu.Item> : inTrash ? (
                <>
                  <ContextMenu.Item className="menu-item" onSelect={() => void state().restore(selected)}>Restore</ContextMenu.Item>
                  <ContextMenu.Separator className="menu-separator" />
                  <ContextMenu.Item className="menu-item danger" onSelect={() => setDeleteAsked(selected)}>Delete for good…<span className="menu-hint">Del</span></ContextMenu.Item>
                </>
              ) : (
                <>
                  {contextDocs.length === 1 && contextDocs[0]!.file_attached ? (
                    <ContextMenu.Item className="menu-item" onSelect={() => openReader(contextDocs[0])}>Open PDF<span className="menu-hint">{mac ? '⌘' : 'Ctrl+'}Enter</span></ContextMenu.Item>
                  ) : null}
                  <ContextMenu.Item className="menu-item" onSelect={onOpenDetails}>Edit details<span className="menu-hint">Enter</span></ContextMenu.Item>
                  {contextDocs.length === 1 && (searching || narrowed) ? (
                    <ContextMenu.Item className="menu-item" onSelect={() => void state().reveal(contextDocs[0]!.id)}>Show in library</ContextMenu.Item>
                  ) : null}
                  <ContextMenu.Item className="menu-item" onSelect={() => useRetrieve.getState().open(selected)}>Retrieve metadata…</ContextMenu.Item>
                  <ContextMenu.Item className="menu-item" onSelect={() => void state().setFlag(selected, 'starred', !contextDocs.every((d) => d.starred))}>
                    {contextDocs.every((d) => d.starred) ? 'Unstar' : 'Star'}<span className="menu-hint">S</span>
                  </ContextMenu.Item>
                  <ContextMenu.Item className="menu-item" onSelect={() => void state().setFlag(selected, 'read', !contextDocs.every((d) => d.read))}>
                    {contextDocs.every((d) => d.read) ? 'Mark unread' : 'Mark read'}<span className="menu-hint">R</span>
                  </ContextMenu.Item>
                  <ContextMenu.Item className="menu-item" onSelect={() => void state().setFlag(selected, 'confirmed', !contextDocs.every((d) => d.confirmed))}>
                    {contextDocs.every((d) => d.confirmed) ? 'Mark as needing review' : 'Confirm details'}
                  </ContextMenu.Item>
                  <ContextMenu.Sub>
                    <ContextMenu.SubTrigger className="menu-item" disabled={folderList.length === 0}>Add to folder<span className="menu-hint">▸</span></ContextMenu.SubTrigger>
                    <ContextMenu.Portal>
                      <ContextMenu.SubContent className="menu">
                        {folderList.map((f) => (
                          <ContextMenu.Item key={f.id} className="menu-item" onSelect={() => void state().addToFolder(f.id, selected)}>{f.path}</ContextMenu.Item>
                        ))}
                      </ContextMenu.SubContent>
                    </ContextMenu.Portal>
                  </ContextMenu.Sub>
                  <ContextMenu.Sub>
                    <ContextMenu.SubTrigger className="menu-item" disabled={copyTargets.length === 0}>Copy to group<span className="menu-hint">▸</span></ContextMenu.SubTrigger>
                    <ContextMenu.Portal>
                      <ContextMenu.SubContent className="menu" aria-label="Copy to group">
                        {/* Each group twice: the copies bring the PDFs; on request, the person's annotations too. */}
                        {copyTargets.map((g) => [
                          <ContextMenu.Item key={g.id} className="menu-item" onSelect={() => void state().copyToGroup(g.id, selected)}>{g.name}</ContextMenu.Item>,
                          <ContextMenu.Item key={`${g.id}:annotations`} className="menu-item menu-item-sub" onSelect={() => void state().copyToGroup(g.id, selected, undefined, true)}>{g.name}, with my annotations</ContextMenu.Item>,
                        ])}
                      </ContextMenu.SubContent>
                    </ContextMenu.Portal>
                  </ContextMenu.Sub>
                  {collection.kind === 'folder' ? (
                    <ContextMenu.Item className="menu-item" onSelect={() => void state().removeFromFolder(collection.id, selected)}>Remove from this folder</ContextMenu.Item>
                  ) : null}
                  <ContextMenu.Separator className="menu-separator" />
                  <DocumentExportItems ids={selected} />
                  <ContextMenu.Item className="menu-item danger" onSelect={() => void state().trash(selected)}>Move to trash<span className="menu-hint">Del</span></ContextMenu.Item>
                </>
              )}
            </ContextMenu.Content>
          </ContextMenu.Portal>
        </ContextMenu.Root>
      </div>
      <RetrieveMetadataDialog />
      <ConfirmDialog
        open={deleteAsked !== null}
        title={`Delete ${plural(deleteAsked?.length ?? 0, 'document')} for good?`}
        body="They are deleted here and on the service, with their files and annotations. This cannot be undone."
        confirmLabel="Delete for good"
        onConfirm={() => { if (deleteAsked) void state().deleteForever(deleteAsked); }}
        onClose={() => setDeleteAsked(null)}
      />
    </section>
  );
}
