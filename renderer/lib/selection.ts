// Multi-selection of list rows the way desktop file lists do it: a click selects one row,
// Ctrl/Cmd+click toggles a row, Shift+click selects the range from the anchor. Rows are
// addressed by index (the list is virtual) and selected by id (ids survive re-sorting).

export interface Selection {
  ids: ReadonlySet<string>;
  /** Where a Shift range starts. */
  anchor: number | null;
  /** The row with keyboard focus. */
  cursor: number | null;
}

export const emptySelection: Selection = { ids: new Set(), anchor: null, cursor: null };

export interface Modifiers {
  shift?: boolean;
  toggle?: boolean;
}

/** idAt answers undefined for rows not loaded yet; a range skips them. */
export function selectRow(current: Selection, index: number, idAt: (index: number) => string | undefined, mods: Modifiers = {}): Selection {
  const id = idAt(index);
  if (id === undefined) return current;
  if (mods.shift && current.anchor !== null) {
    const [from, to] = current.anchor <= index ? [current.anchor, index] : [index, current.anchor];
    const ids = new Set<string>(mods.toggle ? current.ids : []);
    for (let i = from; i <= to; i++) {
      const rowId = idAt(i);
      if (rowId !== undefined) ids.add(rowId);
    }
    return { ids, anchor: current.anchor, cursor: index };
  }
  if (mods.toggle) {
    const ids = new Set(current.ids);
    if (ids.has(id)) ids.delete(id);
    else ids.add(id);
    return { ids, anchor: index, cursor: index };
  }
  return { ids: new Set([id]), anchor: index, cursor: index };
}

/** Arrow keys: move the cursor (and with Shift, grow the range from the anchor). */
export function moveCursor(current: Selection, delta: number, count: number, idAt: (index: number) => string | undefined, extend = false): Selection {
  if (count === 0) return current;
  const start = current.cursor ?? (delta > 0 ? -1 : count);
  const target = Math.max(0, Math.min(count - 1, start + delta));
  if (extend && current.anchor !== null) return selectRow(current, target, idAt, { shift: true });
  return selectRow(current, target, idAt);
}

export function selectAll(count: number, idAt: (index: number) => string | undefined, current: Selection): Selection {
  const ids = new Set<string>();
  for (let i = 0; i < count; i++) {
    const id = idAt(i);
    if (id !== undefined) ids.add(id);
  }
  return { ids, anchor: current.anchor ?? 0, cursor: current.cursor ?? 0 };
}
