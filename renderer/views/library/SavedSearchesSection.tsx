// The sidebar's saved searches: the search box's text and the filters over a collection,
// kept under a name (on this device). A click runs it again over the library as it is now,
// so documents added since show up. + saves what the list shows; the context menu, F2 and
// Delete rename and delete.
import * as ContextMenu from '@radix-ui/react-context-menu';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import type { SavedSearch } from '../../../shared/bridge/organiseCommands.ts';
import { findFolder } from '../../lib/folderTree.ts';
import { criteriaOf, describeCriteria, sameCriteria, suggestedName, type Names } from '../../lib/savedSearch.ts';
import { useLibrary, useStores } from '../../state/context.tsx';
import { useOrganiseCommands, useSavedSearches } from '../../state/organiseStore.ts';
import { afterFirstRowsPainted } from '../../state/startup.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Icon } from '../../components/Icon.tsx';
import { IconButton } from '../../components/IconButton.tsx';

type Editing = { mode: 'save' } | { mode: 'rename'; id: string } | null;

function SearchNameInput({ initial, onDone, inputRef }: { initial: string; onDone(name: string | null): void; inputRef?: Ref<HTMLInputElement> }) {
  const [value, setValue] = useState(initial);
  const done = useRef(false);
  const finish = (name: string | null) => {
    if (done.current) return;
    done.current = true;
    onDone(name === null || name.trim() === '' ? null : name.trim());
  };
  return (
    <input
      ref={inputRef}
      className="folder-name-input"
      aria-label="Saved search name"
      autoFocus
      value={value}
      maxLength={100}
      onFocus={(e) => e.currentTarget.select()}
      onChange={(e) => setValue(e.target.value)}
      onKeyDown={(e: KeyboardEvent<HTMLInputElement>) => {
        if (e.key === 'Enter') finish(value);
        if (e.key === 'Escape') { e.stopPropagation(); finish(null); }
      }}
      onBlur={() => finish(value)}
    />
  );
}

export function SavedSearchesSection() {
  const { library } = useStores();
  const organise = useOrganiseCommands();
  const folders = useLibrary((s) => s.folders);
  const groupFolders = useLibrary((s) => s.groupFolders);
  const groups = useLibrary((s) => s.groups);
  const [saved, setSaved] = useState<SavedSearch[]>([]);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<SavedSearch | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The name box the context menu opened: the closing menu's focus trap would take it back.
  const menuNameBox = useRef<HTMLInputElement>(null);

  const load = useCallback(async () => {
    try {
      setSaved(await organise.savedSearches());
    } catch (e) {
      setError((e as Error).message);
    }
  }, [organise]);
  // After the first rows' frame, like the window's other start-up requests (state/startup.ts).
  useEffect(() => { void afterFirstRowsPainted(library).then(load); }, [library, load]);
  // A sync may give a folder a saved search names its service id: the list follows it.
  useEffect(() => library.getState().onLibraryChanged(({ kinds }) => { if (kinds.includes('folder')) void load(); }), [library, load]);

  const names: Names = useMemo(() => ({
    folder: (id) => findFolder(folders, id)?.name ?? (groupFolders ? findFolder(groupFolders.folders, id)?.name : undefined),
    group: (id) => groups.find((g) => g.id === id)?.name,
  }), [folders, groupFolders, groups]);
  // The criteria on screen are read when needed and the section subscribes only to which
  // saved search they match: subscribed to the search text, it rendered on every keystroke.
  const shownCriteria = () => { const s = library.getState(); return criteriaOf(s.collection, s.search, s.filters); };
  const shownId = useLibrary((s) => {
    const shown = criteriaOf(s.collection, s.search, s.filters);
    return saved.find((x) => sameCriteria(x.criteria, shown))?.id ?? null;
  });
  // The sidebar marks the saved search shown as the current place, not its collection too.
  const publish = useSavedSearches((s) => s.set);
  useEffect(() => publish(saved, shownId), [publish, saved, shownId]);

  const act = async (work: () => Promise<unknown>) => {
    setError(null);
    try {
      await work();
    } catch (e) {
      setError((e as Error).message);
    }
    await load();
  };
  const save = (name: string) => act(() => organise.saveSearch({ name, criteria: shownCriteria() }));
  const rename = (id: string, name: string) => act(() => organise.renameSavedSearch({ id, name }));
  const remove = (id: string) => act(() => organise.deleteSavedSearch({ id }));
  const run = (s: SavedSearch) => library.getState().runSearch({ collection: s.criteria.collection, search: s.criteria.text, filters: s.criteria.filters });

  return (
    <>
      <div className="nav-section">
        <span id="saved-searches-heading">Saved searches</span>
        <IconButton label="Save this search" onClick={() => setEditing({ mode: 'save' })}><Icon name="plus" /></IconButton>
      </div>
      <ul role="tree" aria-labelledby="saved-searches-heading" className="nav-list saved-searches">
        {editing?.mode === 'save' ? (
          <li role="none" className="folder-edit" style={{ paddingLeft: 8 }}>
            <SearchNameInput initial={suggestedName(shownCriteria(), names)} onDone={(name) => { setEditing(null); if (name) void save(name); }} />
          </li>
        ) : null}
        {saved.length === 0 && editing === null ? (
          <li role="none" className="nav-empty">Save a search with +: type in the search box or set filters, then + keeps them here to run again.</li>
        ) : null}
        {saved.map((s) => {
          const active = s.id === shownId;
          if (editing?.mode === 'rename' && editing.id === s.id) {
            return (
              <li role="none" key={s.id} className="folder-edit" style={{ paddingLeft: 8 }}>
                <SearchNameInput inputRef={menuNameBox} initial={s.name} onDone={(name) => { setEditing(null); if (name && name !== s.name) void rename(s.id, name); }} />
              </li>
            );
          }
          return (
            <li role="none" key={s.id}>
              <ContextMenu.Root>
                <ContextMenu.Trigger asChild>
                  <button
                    type="button"
                    role="treeitem"
                    aria-selected={active}
                    className={`nav-item ${active ? 'active' : ''}`}
                    title={`${s.name}: ${describeCriteria(s.criteria, names)}`}
                    onClick={() => run(s)}
                    onKeyDown={(e) => {
                      if (e.key === 'F2') setEditing({ mode: 'rename', id: s.id });
                      if (e.key === 'Delete') setDeleting(s);
                    }}
                  >
                    <span className="nav-icon"><Icon name="search" /></span>
                    <span className="nav-label">{s.name}</span>
                  </button>
                </ContextMenu.Trigger>
                <ContextMenu.Portal>
                  <ContextMenu.Content className="menu" aria-label={`Saved search ${s.name}`} onCloseAutoFocus={(e) => { e.preventDefault(); menuNameBox.current?.focus(); }}>
                    <ContextMenu.Item className="menu-item" onSelect={() => setEditing({ mode: 'rename', id: s.id })}>Rename<span className="menu-hint">F2</span></ContextMenu.Item>
                    <ContextMenu.Separator className="menu-separator" />
                    <ContextMenu.Item className="menu-item danger" onSelect={() => setDeleting(s)}>Delete saved search…</ContextMenu.Item>
                  </ContextMenu.Content>
                </ContextMenu.Portal>
              </ContextMenu.Root>
            </li>
          );
        })}
        {error ? <li role="alert" className="nav-empty field-error">{error}</li> : null}
      </ul>
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete the saved search “${deleting?.name ?? ''}”?`}
        body="Only the saved search goes; the documents it finds stay in the library."
        confirmLabel="Delete saved search"
        onConfirm={() => deleting && void remove(deleting.id)}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
