import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_WINDOW_STATE, fitToScreens, readWindowState, windowStateFile, writeWindowState } from './windowState.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'refshelf-window-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const screen = { x: 0, y: 0, width: 1920, height: 1050 };

describe('window state', () => {
  it('is kept across launches', () => {
    const file = windowStateFile(dir);
    expect(readWindowState(file)).toEqual(DEFAULT_WINDOW_STATE);
    writeWindowState(file, { x: 100, y: 80, width: 1400, height: 900 }, true);
    expect(readWindowState(file)).toEqual({ x: 100, y: 80, width: 1400, height: 900, maximized: true });
  });

  it('falls back to the defaults for a damaged file, and never opens smaller than the minimum', () => {
    const file = path.join(dir, 'damaged.json');
    writeFileSync(file, '{"width":');
    expect(readWindowState(file)).toEqual(DEFAULT_WINDOW_STATE);
    writeFileSync(file, JSON.stringify({ width: 10, height: 10, x: 'left' }));
    expect(readWindowState(file)).toEqual({ width: 800, height: 500, maximized: false });
  });

  it('keeps a position on a screen, and drops one on a screen that is gone', () => {
    const state = { x: 2200, y: 100, width: 1000, height: 700, maximized: false };
    expect(fitToScreens(state, [screen, { x: 1920, y: 0, width: 1920, height: 1050 }])).toEqual(state);
    expect(fitToScreens(state, [screen])).toEqual({ width: 1000, height: 700, maximized: false });
    expect(fitToScreens({ ...state, x: 100, y: -400 }, [screen])).toEqual({ width: 1000, height: 700, maximized: false });
  });
});
