// The keyboard shortcuts, as data: the handler matches key events against them and the
// "?" dialog lists them, so the two never disagree.

export type ShortcutAction =
  | 'new-document' | 'find' | 'settings' | 'help' | 'trash' | 'select-all' | 'focus-details' | 'focus-list'
  | 'up' | 'down' | 'extend-up' | 'extend-down' | 'first' | 'last' | 'toggle-star' | 'toggle-read' | 'sync'
  | 'copy-bibliography' | 'copy-citation' | 'undo';

export interface Shortcut {
  action: ShortcutAction;
  /** "Mod" is Ctrl, or Cmd on macOS. */
  keys: string;
  description: string;
  /** Works while typing in a text box too. */
  global?: boolean;
}

export const SHORTCUTS: readonly Shortcut[] = [
  { action: 'new-document', keys: 'Mod+N', description: 'Add a document by hand', global: true },
  { action: 'find', keys: 'Mod+F', description: 'Search the library', global: true },
  { action: 'settings', keys: 'Mod+,', description: 'Open settings', global: true },
  { action: 'sync', keys: 'Mod+R', description: 'Sync now', global: true },
  { action: 'help', keys: '?', description: 'Show keyboard shortcuts' },
  { action: 'up', keys: 'ArrowUp', description: 'Previous document' },
  { action: 'down', keys: 'ArrowDown', description: 'Next document' },
  { action: 'extend-up', keys: 'Shift+ArrowUp', description: 'Extend the selection up' },
  { action: 'extend-down', keys: 'Shift+ArrowDown', description: 'Extend the selection down' },
  { action: 'first', keys: 'Home', description: 'First document' },
  { action: 'last', keys: 'End', description: 'Last document' },
  { action: 'select-all', keys: 'Mod+A', description: 'Select every document' },
  { action: 'copy-bibliography', keys: 'Mod+Shift+C', description: 'Copy the selection as a bibliography (default style)' },
  { action: 'copy-citation', keys: 'Mod+Shift+A', description: 'Copy the in-text citation of the selection' },
  { action: 'focus-details', keys: 'Enter', description: 'Edit the selected document' },
  { action: 'focus-list', keys: 'Escape', description: 'Back to the list (or close a dialog)', global: true },
  { action: 'toggle-star', keys: 'S', description: 'Star or unstar the selection' },
  { action: 'toggle-read', keys: 'R', description: 'Mark the selection read or unread' },
  { action: 'trash', keys: 'Delete', description: 'Move the selection to the trash' },
  { action: 'undo', keys: 'Mod+Z', description: 'Undo the move to the trash (while its notice shows)' },
];

export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

export function isMac(platform: string): boolean {
  return /mac|darwin/i.test(platform);
}

function matches(shortcut: Shortcut, event: KeyLike, mac: boolean): boolean {
  const parts = shortcut.keys.split('+');
  const key = parts[parts.length - 1]!;
  const wantMod = parts.includes('Mod');
  const wantShift = parts.includes('Shift');
  const mod = mac ? event.metaKey : event.ctrlKey;
  if (wantMod !== mod || event.altKey) return false;
  // "?" needs Shift on most layouts: do not ask for it, do not forbid it.
  if (key !== '?' && wantShift !== event.shiftKey) return false;
  if (key === 'Delete') return event.key === 'Delete' || (mac && event.key === 'Backspace');
  return event.key.length === 1 ? event.key.toLowerCase() === key.toLowerCase() : event.key === key;
}

/** The shortcut a key event means; while typing, only the global ones count. */
export function shortcutFor(event: KeyLike, mac: boolean, typing: boolean): Shortcut | undefined {
  return SHORTCUTS.find((s) => (!typing || s.global) && matches(s, event, mac));
}

/** "Ctrl+N" or "⌘N" for display. */
export function displayKeys(keys: string, mac: boolean): string {
  const names: Record<string, string> = { ArrowUp: '↑', ArrowDown: '↓', Mod: mac ? '⌘' : 'Ctrl', Shift: mac ? '⇧' : 'Shift' };
  return keys.split('+').map((k) => names[k] ?? k).join(mac ? '' : '+');
}
