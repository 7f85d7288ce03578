// Where things are on the viewer's pages: from client coordinates (mouse, selection) to a
// page and PDF units, through each page's current viewport (pdfCoordinates.ts).
import type { PDFViewer } from 'pdfjs-dist/web/pdf_viewer.mjs';
import type { Point, Position } from '../../../shared/schemas/annotation.ts';
import { mergeIntoLines, screenPointToPdf, screenRectToPosition, type ViewportLike } from './pdfCoordinates.ts';

export interface PageBox {
  page: number;
  div: HTMLElement;
  viewport: ViewportLike;
}

export function pageBox(viewer: PDFViewer, page: number): PageBox | undefined {
  const view = viewer.getPageView(page - 1) as { div: HTMLElement; viewport: ViewportLike } | undefined;
  return view ? { page, div: view.div, viewport: view.viewport } : undefined;
}

/** The page under a client point and the point in CSS pixels of that page's box. */
function pageAt(viewer: PDFViewer, clientX: number, clientY: number): { box: PageBox; x: number; y: number } | undefined {
  for (let page = 1; page <= viewer.pagesCount; page++) {
    const box = pageBox(viewer, page);
    if (!box) continue;
    const r = box.div.getBoundingClientRect();
    if (clientY < r.top || clientY > r.bottom || clientX < r.left || clientX > r.right) continue;
    return { box, x: clientX - r.left - box.div.clientLeft, y: clientY - r.top - box.div.clientTop };
  }
  return undefined;
}

export function clientPointToPdf(viewer: PDFViewer, clientX: number, clientY: number): { page: number; point: Point } | undefined {
  const hit = pageAt(viewer, clientX, clientY);
  return hit ? { page: hit.box.page, point: screenPointToPdf(hit.x, hit.y, hit.box.viewport) } : undefined;
}

/**
 * A rectangle dragged from one client point to another as a position on the page where the
 * drag started (the end is kept inside that page); undefined off the pages or when too small to mean anything.
 */
export function clientDragToPosition(viewer: PDFViewer, from: { x: number; y: number }, to: { x: number; y: number }): Position | undefined {
  const start = pageAt(viewer, from.x, from.y);
  if (!start) return undefined;
  const r = start.box.div.getBoundingClientRect();
  const endX = Math.min(Math.max(to.x, r.left), r.right) - r.left - start.box.div.clientLeft;
  const endY = Math.min(Math.max(to.y, r.top), r.bottom) - r.top - start.box.div.clientTop;
  const rect = { left: Math.min(start.x, endX), top: Math.min(start.y, endY), width: Math.abs(endX - start.x), height: Math.abs(endY - start.y) };
  if (rect.width < MIN_DRAG_PX || rect.height < MIN_DRAG_PX) return undefined;
  return screenRectToPosition(rect, start.box.viewport, start.box.page);
}

/** A drag shorter than this (CSS pixels) either way is a click, not an area. */
const MIN_DRAG_PX = 6;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** A text selection in the viewer as highlight positions: one rectangle per line, on every page it spans. */
export function selectionToPositions(viewer: PDFViewer, range: Range): Position[] {
  const rects = [...range.getClientRects()].filter((r) => r.width > 0.5 && r.height > 0.5);
  // Browsers add rectangles for the text layer's end-of-content box and line breaks: far taller than the text.
  const lineHeight = median(rects.map((r) => r.height));
  const positions: Position[] = [];
  for (const rect of rects) {
    if (rect.height > lineHeight * 2.5) continue;
    const hit = pageAt(viewer, rect.left + rect.width / 2, rect.top + rect.height / 2);
    if (!hit) continue;
    const r = hit.box.div.getBoundingClientRect();
    const left = rect.left - r.left - hit.box.div.clientLeft;
    const top = rect.top - r.top - hit.box.div.clientTop;
    positions.push(screenRectToPosition({ left, top, width: rect.width, height: rect.height }, hit.box.viewport, hit.box.page));
  }
  return mergeIntoLines(positions);
}

/** A page's text layer, when pdf.js has one in the page's box. */
export function textLayerOf(viewer: PDFViewer, page: number): Element | null {
  return pageBox(viewer, page)?.div.querySelector('.textLayer') ?? null;
}

interface SpanBox { text: string; left: number; top: number; right: number; bottom: number }

/** Each leaf span's box in the page box's CSS pixels, measured once per text layer and viewport. */
const measuredSpans = new WeakMap<Element, { stamp: string; spans: SpanBox[] }>();

function spanBoxes(box: PageBox, layer: Element): SpanBox[] {
  const viewport = box.viewport as ViewportLike & { scale?: number; rotation?: number };
  const stamp = `${viewport.scale}:${viewport.rotation}:${layer.childElementCount}`;
  const known = measuredSpans.get(layer);
  if (known?.stamp === stamp) return known.spans;
  const pageRect = box.div.getBoundingClientRect();
  const originX = pageRect.left + box.div.clientLeft;
  const originY = pageRect.top + box.div.clientTop;
  const spans: SpanBox[] = [];
  for (const span of layer.querySelectorAll('span')) {
    if (span.children.length) continue;
    const r = span.getBoundingClientRect();
    spans.push({ text: span.textContent ?? '', left: r.left - originX, top: r.top - originY, right: r.right - originX, bottom: r.bottom - originY });
  }
  measuredSpans.set(layer, { stamp, spans });
  return spans;
}

/** The text under a highlight's rectangles, read from the text layer (for the export and the panel). */
export function textUnder(viewer: PDFViewer, positions: Position[]): string {
  const lines: string[] = [];
  for (const position of positions) {
    const box = pageBox(viewer, position.page);
    const layer = textLayerOf(viewer, position.page);
    if (!box || !layer) continue;
    const [x1, y1, x2, y2] = box.viewport.convertToViewportRectangle([position.top_left.x, position.top_left.y, position.bottom_right.x, position.bottom_right.y]) as number[];
    const left = Math.min(x1!, x2!);
    const right = Math.max(x1!, x2!);
    const top = Math.min(y1!, y2!);
    const bottom = Math.max(y1!, y2!);
    const words: string[] = [];
    for (const s of spanBoxes(box, layer)) {
      const width = s.right - s.left;
      const cx = s.left + width / 2;
      const cy = (s.top + s.bottom) / 2;
      if (cy >= top && cy <= bottom && s.right > left && s.left < right && cx >= left - width / 2) words.push(s.text);
    }
    if (words.length) lines.push(words.join('').trim());
  }
  return lines.join(' ');
}
