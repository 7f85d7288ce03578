// Which rows of a list of equal-height rows are in view: arithmetic on the scroll offset, so
// a list of 100,000 rows costs no per-row work when its row count changes (a virtualiser
// that measures rows keeps an entry per row and rebuilds them all for every new count).

export interface RowWindow {
  /** The first and last row to draw (overscan included); last < first when there are none. */
  first: number;
  last: number;
}

/** The rows in view at `scrollTop` in a viewport `height` px tall, with `overscan` more each side. */
export function rowWindow(scrollTop: number, height: number, rowHeight: number, count: number, overscan: number): RowWindow {
  if (count <= 0) return { first: 0, last: -1 };
  const top = Math.max(0, Math.floor(scrollTop / rowHeight));
  const bottom = Math.ceil((scrollTop + Math.max(height, rowHeight)) / rowHeight) - 1;
  return { first: Math.max(0, top - overscan), last: Math.min(count - 1, Math.max(top, bottom) + overscan) };
}

/**
 * The scroll offset that brings `index` into view, moving as little as possible ("auto"):
 * unchanged when the row is already whole in view.
 */
export function scrollOffsetFor(index: number, scrollTop: number, height: number, rowHeight: number): number {
  const start = index * rowHeight;
  const end = start + rowHeight;
  if (start < scrollTop) return start;
  if (end > scrollTop + height) return Math.max(0, end - height);
  return scrollTop;
}
