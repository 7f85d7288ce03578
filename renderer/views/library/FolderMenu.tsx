// A folder's context menu in the sidebar, for the personal tree and a group's alike.
import * as ContextMenu from '@radix-ui/react-context-menu';

interface Props {
  folder: { name: string; parent_id?: string | null };
  onNewSubfolder(): void;
  onRename(): void;
  onMoveToTop(): void;
  onDelete(): void;
  /** The menu has closed: focus what it opened (the menu's own focus return is off). */
  onClosed(): void;
}

export function FolderMenu({ folder, onNewSubfolder, onRename, onMoveToTop, onDelete, onClosed }: Props) {
  return (
    <ContextMenu.Portal>
      {/* Focus goes to the name box the menu opens, not back to the folder. */}
      <ContextMenu.Content className="menu" aria-label={`Folder ${folder.name}`} onCloseAutoFocus={(e) => { e.preventDefault(); onClosed(); }}>
        <ContextMenu.Item className="menu-item" onSelect={onNewSubfolder}>New subfolder</ContextMenu.Item>
        <ContextMenu.Item className="menu-item" onSelect={onRename}>Rename<span className="menu-hint">F2</span></ContextMenu.Item>
        {folder.parent_id ? <ContextMenu.Item className="menu-item" onSelect={onMoveToTop}>Move to top level</ContextMenu.Item> : null}
        <ContextMenu.Separator className="menu-separator" />
        <ContextMenu.Item className="menu-item danger" onSelect={onDelete}>Delete folder…</ContextMenu.Item>
      </ContextMenu.Content>
    </ContextMenu.Portal>
  );
}
