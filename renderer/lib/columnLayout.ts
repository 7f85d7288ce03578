// The document list's columns as the user arranged them: which are shown and how wide each
// is. Kept in localStorage (a preference of this window, not library data); anything
// unreadable there falls back to the defaults.
export const COLUMN_IDS = ['starred', 'read', 'file', 'title', 'authors', 'year', 'source', 'type', 'added', 'modified'] as const;
export type ColumnId = (typeof COLUMN_IDS)[number];

export interface ColumnLayout {
  hidden: ColumnId[];
  /** Widths in CSS pixels; the title column takes at least its width and any room left. */
  widths: Record<ColumnId, number>;
}

export const DEFAULT_WIDTHS: Record<ColumnId, number> = {
  starred: 26, read: 20, file: 22, title: 200, authors: 130, year: 46, source: 130, type: 80, added: 70, modified: 70,
};
/** Icon columns keep their size; text columns may shrink to this. */
export const FIXED_COLUMNS: ReadonlySet<ColumnId> = new Set(['starred', 'read', 'file']);
export const MIN_WIDTH = 40;
export const MAX_WIDTH = 1200;
/** The title identifies a row: it cannot be hidden. */
export const ALWAYS_SHOWN: ColumnId = 'title';

/** Modified is one click away (the header's menu): by default the title gets its room. */
export const DEFAULT_LAYOUT: ColumnLayout = { hidden: ['modified'], widths: { ...DEFAULT_WIDTHS } };

const isColumn = (value: unknown): value is ColumnId => typeof value === 'string' && (COLUMN_IDS as readonly string[]).includes(value);

export function parseLayout(raw: string | null): ColumnLayout {
  if (!raw) return DEFAULT_LAYOUT;
  // A stored layout lists what it hides, so a column hidden by default can be shown.
  try {
    const data = JSON.parse(raw) as { hidden?: unknown; widths?: Record<string, unknown> };
    const hidden = Array.isArray(data.hidden) ? data.hidden.filter(isColumn).filter((id) => id !== ALWAYS_SHOWN) : [];
    const widths = { ...DEFAULT_WIDTHS };
    for (const id of COLUMN_IDS) {
      const w = data.widths?.[id];
      if (typeof w === 'number' && Number.isFinite(w) && !FIXED_COLUMNS.has(id)) widths[id] = clampWidth(w);
    }
    return { hidden: [...new Set(hidden)], widths };
  } catch {
    return DEFAULT_LAYOUT;
  }
}

export function clampWidth(width: number): number {
  return Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, width)));
}

export function resizeColumn(layout: ColumnLayout, id: ColumnId, width: number): ColumnLayout {
  if (FIXED_COLUMNS.has(id)) return layout;
  return { ...layout, widths: { ...layout.widths, [id]: clampWidth(width) } };
}

/**
 * Moves a column's right edge by delta pixels (a drag, an arrow key). A text column grows or
 * shrinks by it. The title takes the room the others leave, so its edge moves by the
 * columns on its right giving up that room (the next first, then the one after, down to
 * their minimum) or taking it back (the next one).
 */
export function moveColumnEdge(layout: ColumnLayout, id: ColumnId, delta: number): ColumnLayout {
  if (id !== ALWAYS_SHOWN) return resizeColumn(layout, id, layout.widths[id] + delta);
  const shown = visibleColumns(layout);
  const right = shown.slice(shown.indexOf(id) + 1).filter((c) => !FIXED_COLUMNS.has(c));
  if (right.length === 0) return layout;
  if (delta < 0) return resizeColumn(layout, right[0]!, layout.widths[right[0]!] - delta);
  let next = layout;
  let left = delta;
  for (const column of right) {
    const give = Math.min(left, next.widths[column] - MIN_WIDTH);
    if (give <= 0) continue;
    next = resizeColumn(next, column, next.widths[column] - give);
    left -= give;
    if (left <= 0) break;
  }
  return next;
}

export function toggleColumn(layout: ColumnLayout, id: ColumnId): ColumnLayout {
  if (id === ALWAYS_SHOWN) return layout;
  const hidden = layout.hidden.includes(id) ? layout.hidden.filter((h) => h !== id) : [...layout.hidden, id];
  return { ...layout, hidden };
}

export function visibleColumns(layout: ColumnLayout): ColumnId[] {
  return COLUMN_IDS.filter((id) => !layout.hidden.includes(id));
}

/**
 * The CSS grid template of the visible columns. Text columns take their width when the
 * pane has room and shrink towards MIN_WIDTH when it has not (a narrow window never pushes
 * columns out of view); the title takes what is left, at least its own width or 120 px.
 */
export function gridTemplate(layout: ColumnLayout): string {
  return visibleColumns(layout)
    .map((id) => {
      if (id === 'title') return `minmax(${Math.min(layout.widths.title, 120)}px, 1fr)`;
      if (FIXED_COLUMNS.has(id)) return `${layout.widths[id]}px`;
      return `minmax(${MIN_WIDTH}px, ${layout.widths[id]}px)`;
    })
    .join(' ');
}

/** Below this the title is cut to a few words: other columns give way before it shrinks further. */
export const TITLE_READABLE = 200;
/** The columns that make room for the title in a narrow list, the first to go first. */
export const GIVE_WAY_ORDER: readonly ColumnId[] = ['modified', 'added', 'type', 'source', 'year'];

/**
 * The layout as a list `width` px wide shows it: when the visible columns at their widths
 * would leave the title less than TITLE_READABLE (or its own width, if smaller), the columns
 * of GIVE_WAY_ORDER are left out, in that order, until it has that room. The user's layout
 * itself is unchanged (they come back when the window widens).
 */
export function fitColumnsToWidth(layout: ColumnLayout, width: number): ColumnLayout {
  const floor = Math.min(layout.widths.title, TITLE_READABLE);
  const needed = (l: ColumnLayout) => visibleColumns(l).reduce((sum, id) => sum + (id === 'title' ? floor : l.widths[id]), 0);
  let fitted = layout;
  for (const id of GIVE_WAY_ORDER) {
    if (needed(fitted) <= width) break;
    if (!fitted.hidden.includes(id)) fitted = { ...fitted, hidden: [...fitted.hidden, id] };
  }
  return fitted;
}
