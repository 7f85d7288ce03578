// The left pane: the library's fixed collections, the folder tree (create, rename, nest,
// delete, drag to move), group libraries, tags and the trash. Documents dropped on a
// folder are added to it; dropped on the trash, they are trashed.
import * as ContextMenu from '@radix-ui/react-context-menu';
import { useEffect, useMemo, useRef, useState, type DragEvent, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { flattenTree, isSelfOrDescendant } from '../../lib/folderTree.ts';
import { useApp, useIdRenames, useLibrary, useStores } from '../../state/context.tsx';
import { collectionKey, type Collection } from '../../state/listQuery.ts';
import { afterFirstRowsPainted } from '../../state/startup.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DOCUMENTS_MIME, FOLDER_MIME, carries, draggedDocuments } from './dragData.ts';
import { FolderMenu } from './FolderMenu.tsx';
import { Icon, type IconName } from '../../components/Icon.tsx';
import { IconButton } from '../../components/IconButton.tsx';
import { SavedSearchesSection } from './SavedSearchesSection.tsx';
import { useSavedSearches } from '../../state/organiseStore.ts';
import { TagsSection } from './TagsSection.tsx';

const FIXED: { collection: Collection; label: string; icon: IconName }[] = [
  { collection: { kind: 'all' }, label: 'My Library', icon: 'library' },
  { collection: { kind: 'recent' }, label: 'Recently Added', icon: 'clock' },
  { collection: { kind: 'read-recently' }, label: 'Recently Read', icon: 'book' },
  { collection: { kind: 'starred' }, label: 'Favourites', icon: 'star' },
  { collection: { kind: 'review' }, label: 'Needs Review', icon: 'review' },
];

type Editing = { mode: 'create'; parentId: string | null } | { mode: 'rename'; id: string } | null;

function NameInput({ initial, label, onDone, inputRef }: { initial: string; label: string; onDone(name: string | null): void; inputRef?: Ref<HTMLInputElement> }) {
  const [value, setValue] = useState(initial);
  const finish = (name: string | null) => onDone(name === null || name.trim() === '' ? null : name.trim());
  return (
    <input
      ref={inputRef}
      className="folder-name-input"
      aria-label={label}
      autoFocus
      value={value}
      maxLength={255}
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

export function Sidebar() {
  const collection = useLibrary((s) => s.collection);
  const folders = useLibrary((s) => s.folders);
  const setCollection = useLibrary((s) => s.setCollection);
  const createFolder = useLibrary((s) => s.createFolder);
  const renameFolder = useLibrary((s) => s.renameFolder);
  const moveFolder = useLibrary((s) => s.moveFolder);
  const deleteFolder = useLibrary((s) => s.deleteFolder);
  const addToFolder = useLibrary((s) => s.addToFolder);
  const copyToGroup = useLibrary((s) => s.copyToGroup);
  const trash = useLibrary((s) => s.trash);
  const groupFolders = useLibrary((s) => s.groupFolders);
  const [creatingIn, setCreatingIn] = useState<string | null>(null);
  // The name box a folder's menu opened (rename or new subfolder). Its autoFocus is taken
  // back by the closing menu's focus trap, so the menu hands focus to it once it is gone.
  const menuNameBox = useRef<HTMLInputElement>(null);
  const openDialog = useApp((s) => s.openDialog);
  const setView = useApp((s) => s.setView);
  const groups = useLibrary((s) => s.groups);
  const { library } = useStores();
  // Groups come and go with syncs (joined, left, removed) and with the Groups view's actions.
  useEffect(() => {
    // After the first rows' frame, like the window's other start-up requests (state/startup.ts).
    void afterFirstRowsPainted(library).then(() => library.getState().loadGroups());
    return library.getState().onLibraryChanged(() => void library.getState().loadGroups());
  }, [library]);
  // A push may rename a new folder's id while its name box is open: compare ids as the store follows them.
  useIdRenames((s) => s.renames);
  const currentId = useIdRenames((s) => s.currentId);
  const originalId = useIdRenames((s) => s.originalId);
  const same = (a: string | null, b: string) => a !== null && currentId(a) === currentId(b);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [editing, setEditing] = useState<Editing>(null);
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<{ id: string; name: string } | null>(null);
  const flat = useMemo(() => flattenTree(folders, collapsed), [folders, collapsed]);
  // A saved search shown is the current place: its collection is not marked as well.
  const savedShown = useSavedSearches((s) => s.shownId);
  const activeKey = savedShown ? `saved:${savedShown}` : collectionKey(collection);
  // The library the list shows, so the documents dragged from it: the personal one or a group's.
  const shownGroup = collection.kind === 'group' ? collection.id : collection.kind === 'folder' ? collection.groupId : undefined;

  const toggle = (id: string) => setCollapsed((c) => {
    const next = new Set(c);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return next;
  });

  /** Which drags a target accepts, and what a drop does. */
  const dropProps = (key: string, accept: { documents?: (ids: string[]) => void; folder?: (id: string) => void }) => ({
    onDragOver(e: DragEvent) {
      const ok = (accept.documents && carries(e.dataTransfer, DOCUMENTS_MIME)) || (accept.folder && carries(e.dataTransfer, FOLDER_MIME));
      if (!ok) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = carries(e.dataTransfer, FOLDER_MIME) ? 'move' : 'copy';
      setDropTarget(key);
    },
    onDragLeave() {
      setDropTarget((t) => (t === key ? null : t));
    },
    onDrop(e: DragEvent) {
      e.preventDefault();
      setDropTarget(null);
      const docs = draggedDocuments(e.dataTransfer);
      const folder = e.dataTransfer.getData(FOLDER_MIME);
      if (docs && accept.documents) accept.documents(docs);
      else if (folder && accept.folder) accept.folder(folder);
    },
  });

  const item = (key: string, label: string, icon: IconName, onSelect: () => void, extra: Record<string, unknown> = {}, children?: ReactNode) => (
    <li role="none">
      <button
        type="button"
        role="treeitem"
        aria-selected={activeKey === key}
        className={`nav-item ${activeKey === key ? 'active' : ''} ${dropTarget === key ? 'drop-target' : ''}`}
        onClick={onSelect}
        {...extra}
      >
        <span className="nav-icon"><Icon name={icon} /></span>
        <span className="nav-label">{label}</span>
      </button>
      {children}
    </li>
  );

  return (
    <nav className="sidebar" aria-label="Library">
      <ul role="tree" aria-label="Collections" className="nav-list">
        {FIXED.map(({ collection: c, label, icon }) =>
          item(collectionKey(c), label, icon, () => setCollection(c),
            c.kind === 'all' ? dropProps('all', { folder: (id) => void moveFolder(id, null) }) : {}))}
      </ul>

      <div className="nav-section">
        <span id="folders-heading">Folders</span>
        <IconButton label="New folder" onClick={() => setEditing({ mode: 'create', parentId: null })}><Icon name="plus" /></IconButton>
      </div>
      <ul role="tree" aria-labelledby="folders-heading" className="nav-list folders">
        {editing?.mode === 'create' && editing.parentId === null ? (
          <li role="none" className="folder-edit" style={{ paddingLeft: 8 }}>
            <NameInput initial="New folder" label="Folder name" onDone={(name) => { setEditing(null); if (name) void createFolder(name, null); }} />
          </li>
        ) : null}
        {flat.length === 0 && editing === null ? (
          <li role="none" className="nav-empty">No folders yet. Use + to make one, then drag documents onto it.</li>
        ) : null}
        {flat.map(({ folder, depth, hasChildren }) => {
          const key = `folder:${folder.id}`;
          const renaming = editing?.mode === 'rename' && same(editing.id, folder.id);
          return (
            <li role="none" key={originalId(folder.id)}>
              <ContextMenu.Root>
                <ContextMenu.Trigger asChild>
                  <div
                    className={`nav-item folder ${activeKey === key ? 'active' : ''} ${dropTarget === key ? 'drop-target' : ''}`}
                    style={{ paddingLeft: 8 + depth * 14 }}
                    draggable={!renaming}
                    onDragStart={(e) => { e.dataTransfer.setData(FOLDER_MIME, folder.id); e.dataTransfer.effectAllowed = 'move'; }}
                    {...dropProps(key, {
                      documents: (ids) => void addToFolder(folder.id, ids),
                      folder: (id) => { if (!isSelfOrDescendant(folders, id, folder.id)) void moveFolder(id, folder.id); },
                    })}
                  >
                    <button
                      type="button"
                      className="twisty"
                      aria-label={collapsed.has(folder.id) ? `Expand ${folder.name}` : `Collapse ${folder.name}`}
                      tabIndex={-1}
                      style={{ visibility: hasChildren ? 'visible' : 'hidden' }}
                      onClick={() => toggle(folder.id)}
                    >{collapsed.has(folder.id) ? '▸' : '▾'}</button>
                    {renaming ? (
                      <NameInput inputRef={menuNameBox} initial={folder.name} label="Folder name" onDone={(name) => { setEditing(null); if (name && name !== folder.name) void renameFolder(folder.id, name); }} />
                    ) : (
                      <button
                        type="button"
                        role="treeitem"
                        aria-selected={activeKey === key}
                        aria-level={depth + 1}
                        aria-expanded={hasChildren ? !collapsed.has(folder.id) : undefined}
                        className="folder-button"
                        onClick={() => setCollection({ kind: 'folder', id: folder.id })}
                        onDoubleClick={() => setEditing({ mode: 'rename', id: folder.id })}
                        onKeyDown={(e) => {
                          if (e.key === 'F2') setEditing({ mode: 'rename', id: folder.id });
                          if (e.key === 'Delete') setDeleting({ id: folder.id, name: folder.name });
                        }}
                      >
                        <span className="nav-icon"><Icon name="folder" /></span>
                        <span className="nav-label">{folder.name}</span>
                      </button>
                    )}
                  </div>
                </ContextMenu.Trigger>
                <FolderMenu
                  onClosed={() => menuNameBox.current?.focus()}
                  folder={folder}
                  onNewSubfolder={() => { setCollapsed((c) => { const n = new Set(c); n.delete(folder.id); return n; }); setEditing({ mode: 'create', parentId: folder.id }); }}
                  onRename={() => setEditing({ mode: 'rename', id: folder.id })}
                  onMoveToTop={() => void moveFolder(folder.id, null)}
                  onDelete={() => setDeleting({ id: folder.id, name: folder.name })}
                />
              </ContextMenu.Root>
              {editing?.mode === 'create' && same(editing.parentId, folder.id) ? (
                <div className="folder-edit" style={{ paddingLeft: 8 + (depth + 1) * 14 }}>
                  <NameInput inputRef={menuNameBox} initial="New folder" label="Subfolder name" onDone={(name) => { setEditing(null); if (name) void createFolder(name, folder.id); }} />
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>

      <div className="nav-section">
        <span id="groups-heading">Groups</span>
        <IconButton label="Manage groups" onClick={() => setView('groups')}><Icon name="group" /></IconButton>
      </div>
      <ul role="tree" aria-labelledby="groups-heading" className="nav-list groups">
        {groups.length === 0 ? (
          <li role="none" className="nav-empty">No groups yet. Create or join one in the Groups tab; its library shows here.</li>
        ) : null}
        {groups.map((group) => (
          <li role="none" key={group.id}>
            <button
              type="button"
              role="treeitem"
              aria-selected={activeKey === `group:${group.id}`}
              className={`nav-item ${activeKey === `group:${group.id}` ? 'active' : ''} ${dropTarget === `group:${group.id}` ? 'drop-target' : ''}`}
              title={group.writable ? `${group.name}: drop documents here to share copies with the group` : `${group.name} (read-only: you follow this group)`}
              onClick={() => setCollection({ kind: 'group', id: group.id })}
              {...(group.writable && shownGroup !== group.id ? dropProps(`group:${group.id}`, { documents: (ids) => void copyToGroup(group.id, ids) }) : {})}
            >
              <span className="nav-icon"><Icon name="group" /></span>
              <span className="nav-label">{group.name}</span>
              {group.writable ? null : <span className="nav-badge" role="img" aria-label="(read-only)"><Icon name="lock" size={12} /></span>}
            </button>
            {groupFolders?.groupId === group.id ? (
              <ul role="group" aria-label={`Folders of ${group.name}`} className="nav-list group-folders">
                {flattenTree(groupFolders.folders, new Set()).map(({ folder, depth }) => {
                  const key = `folder:${folder.id}`;
                  const renaming = editing?.mode === 'rename' && same(editing.id, folder.id);
                  const row = renaming ? (
                    <div className="folder-edit" style={{ paddingLeft: 22 + depth * 14 }}>
                      <NameInput inputRef={menuNameBox} initial={folder.name} label="Folder name" onDone={(name) => { setEditing(null); if (name && name !== folder.name) void renameFolder(folder.id, name); }} />
                    </div>
                  ) : (
                    <button
                      type="button"
                      role="treeitem"
                      aria-level={depth + 2}
                      aria-selected={activeKey === key}
                      className={`nav-item ${activeKey === key ? 'active' : ''} ${dropTarget === key ? 'drop-target' : ''}`}
                      style={{ paddingLeft: 22 + depth * 14 }}
                      onClick={() => setCollection({ kind: 'folder', id: folder.id, groupId: group.id })}
                      {...(group.writable ? {
                        // From the group's own library: filed; from elsewhere: copied into the group, then filed.
                        ...dropProps(key, { documents: (ids) => void (shownGroup === group.id ? addToFolder(folder.id, ids) : copyToGroup(group.id, ids, folder.id)) }),
                        onDoubleClick: () => setEditing({ mode: 'rename', id: folder.id }),
                        onKeyDown: (e: KeyboardEvent<HTMLButtonElement>) => {
                          if (e.key === 'F2') setEditing({ mode: 'rename', id: folder.id });
                          if (e.key === 'Delete') setDeleting({ id: folder.id, name: folder.name });
                        },
                      } : {})}
                    >
                      <span className="nav-icon"><Icon name="folder" /></span>
                      <span className="nav-label">{folder.name}</span>
                    </button>
                  );
                  return (
                    <li role="none" key={originalId(folder.id)}>
                      {group.writable && !renaming ? (
                        <ContextMenu.Root>
                          <ContextMenu.Trigger asChild>{row}</ContextMenu.Trigger>
                          <FolderMenu
                            onClosed={() => menuNameBox.current?.focus()}
                            folder={folder}
                            onNewSubfolder={() => setEditing({ mode: 'create', parentId: folder.id })}
                            onRename={() => setEditing({ mode: 'rename', id: folder.id })}
                            onMoveToTop={() => void moveFolder(folder.id, null)}
                            onDelete={() => setDeleting({ id: folder.id, name: folder.name })}
                          />
                        </ContextMenu.Root>
                      ) : row}
                      {editing?.mode === 'create' && same(editing.parentId, folder.id) ? (
                        <div className="folder-edit" style={{ paddingLeft: 22 + (depth + 1) * 14 }}>
                          <NameInput inputRef={menuNameBox} initial="New folder" label="Subfolder name" onDone={(name) => { setEditing(null); if (name) void createFolder(name, folder.id, group.id); }} />
                        </div>
                      ) : null}
                    </li>
                  );
                })}
                {group.writable ? (
                  <li role="none" className="folder-edit" style={{ paddingLeft: 22 }}>
                    {creatingIn === group.id ? (
                      <NameInput initial="New folder" label={`Folder name in ${group.name}`} onDone={(name) => { setCreatingIn(null); if (name) void createFolder(name, null, group.id); }} />
                    ) : (
                      <button type="button" className="link-button" aria-label={`New folder in ${group.name}`} onClick={() => setCreatingIn(group.id)}>+ New folder</button>
                    )}
                  </li>
                ) : null}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>

      <SavedSearchesSection />

      <TagsSection />

      <ul role="tree" aria-label="Trash" className="nav-list trash">
        {item('trash', 'Trash', 'trash', () => setCollection({ kind: 'trash' }), dropProps('trash', { documents: (ids) => void trash(ids) }))}
      </ul>
      {collection.kind === 'trash' ? (
        <button type="button" className="button small empty-trash" onClick={() => openDialog('empty-trash')}>Empty trash…</button>
      ) : null}

      <ConfirmDialog
        open={deleting !== null}
        title={`Delete the folder “${deleting?.name ?? ''}”?`}
        body="Its subfolders go too. The documents stay in the library."
        confirmLabel="Delete folder"
        onConfirm={() => deleting && void deleteFolder(deleting.id)}
        onClose={() => setDeleting(null)}
      />
    </nav>
  );
}
