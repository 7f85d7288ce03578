// The main window's size and position, kept across launches in <dataDir>/window-state.json.
// A saved position is used only if the window would still show on one of today's screens
// (a monitor may have been unplugged); otherwise the size is kept and the OS places it.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface WindowState {
  width: number;
  height: number;
  x?: number;
  y?: number;
  maximized: boolean;
}

export const DEFAULT_WINDOW_STATE: WindowState = { width: 1280, height: 800, maximized: false };
const MIN = { width: 800, height: 500 };
/** How much of the title bar must lie on a screen for a saved position to be kept. */
const VISIBLE_MARGIN = 64;

const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

export function windowStateFile(dataDir: string): string {
  return path.join(dataDir, 'window-state.json');
}

export function readWindowState(file: string): WindowState {
  try {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Partial<WindowState>;
    if (!finite(saved.width) || !finite(saved.height)) return DEFAULT_WINDOW_STATE;
    const state: WindowState = { width: Math.max(MIN.width, saved.width), height: Math.max(MIN.height, saved.height), maximized: saved.maximized === true };
    return finite(saved.x) && finite(saved.y) ? { ...state, x: saved.x, y: saved.y } : state;
  } catch {
    return DEFAULT_WINDOW_STATE;
  }
}

export function writeWindowState(file: string, bounds: Rect, maximized: boolean): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify({ ...bounds, maximized }));
  renameSync(temp, file);
}

/** The state to open with on these screens (their work areas): the position dropped if it would be off all of them. */
export function fitToScreens(state: WindowState, workAreas: readonly Rect[]): WindowState {
  if (state.x === undefined || state.y === undefined) return state;
  const { x, y } = state;
  const onSome = workAreas.some((area) =>
    x + state.width - VISIBLE_MARGIN >= area.x && x + VISIBLE_MARGIN <= area.x + area.width && y >= area.y && y + VISIBLE_MARGIN <= area.y + area.height,
  );
  if (onSome) return state;
  const { x: _x, y: _y, ...rest } = state;
  return rest;
}
