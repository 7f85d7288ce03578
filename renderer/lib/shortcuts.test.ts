import { describe, expect, it } from 'vitest';
import { SHORTCUTS, displayKeys, isMac, shortcutFor } from './shortcuts.ts';

const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }> = {}) =>
  ({ key: k, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });

describe('shortcuts', () => {
  it('maps Mod to Ctrl, or Cmd on macOS', () => {
    expect(shortcutFor(key('n', { ctrlKey: true }), false, false)?.action).toBe('new-document');
    expect(shortcutFor(key('n', { ctrlKey: true }), true, false)).toBeUndefined();
    expect(shortcutFor(key('n', { metaKey: true }), true, false)?.action).toBe('new-document');
    expect(shortcutFor(key(',', { ctrlKey: true }), false, false)?.action).toBe('settings');
  });

  it('while typing, only global shortcuts count', () => {
    expect(shortcutFor(key('Delete'), false, true)).toBeUndefined();
    expect(shortcutFor(key('s'), false, true)).toBeUndefined();
    expect(shortcutFor(key('f', { ctrlKey: true }), false, true)?.action).toBe('find');
  });

  it('tells arrows from shift+arrows, and takes ? with or without shift', () => {
    expect(shortcutFor(key('ArrowDown'), false, false)?.action).toBe('down');
    expect(shortcutFor(key('ArrowDown', { shiftKey: true }), false, false)?.action).toBe('extend-down');
    expect(shortcutFor(key('?', { shiftKey: true }), false, false)?.action).toBe('help');
    expect(shortcutFor(key('Backspace'), true, false)?.action).toBe('trash');
    expect(shortcutFor(key('Backspace'), false, false)).toBeUndefined();
  });

  it('has one shortcut per key combination', () => {
    const keys = SHORTCUTS.map((s) => s.keys);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('displays keys per platform', () => {
    expect(displayKeys('Mod+N', false)).toBe('Ctrl+N');
    expect(displayKeys('Mod+N', true)).toBe('⌘N');
    expect(isMac('darwin')).toBe(true);
    expect(isMac('linux')).toBe(false);
  });
});
