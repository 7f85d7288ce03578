// The picture of an area annotation (a rectangle over a figure) for the panel: cut from the
// page's canvas once pdf.js has painted it, and kept in this browser's local storage so it
// shows at once next time, on any page. It is a local cache, never synced: another device
// cuts its own from its own copy of the PDF.
import type { PDFViewer } from 'pdfjs-dist/web/pdf_viewer.mjs';
import type { LibraryAnnotation } from '../../../shared/bridge/contract.ts';
import type { Position } from '../../../shared/schemas/annotation.ts';
import { pageBox } from './pageGeometry.ts';
import { positionToScreenRect } from './pdfCoordinates.ts';

/** Widest picture kept, in pixels: enough for the panel, small enough for local storage. */
const MAX_WIDTH = 480;
const KEY_PREFIX = 'refshelf.areaImage.';

export interface ImageStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** One key per file, page and rectangle: a moved area, or the same area on another device's id, gets its own. */
export function areaImageKey(filehash: string | undefined, position: Position): string {
  const { page, top_left: a, bottom_right: b } = position;
  return `${KEY_PREFIX}${filehash ?? ''}:${page}:${a.x},${a.y},${b.x},${b.y}`;
}

/** The area cut from the page's painted canvas as a PNG data URL, or undefined while the page is not painted. */
function cutFromCanvas(viewer: PDFViewer, position: Position): string | undefined {
  const box = pageBox(viewer, position.page);
  const canvas = box?.div.querySelector('canvas');
  if (!box || !canvas || !canvas.width || !box.div.clientWidth) return undefined;
  const rect = positionToScreenRect(position, box.viewport);
  // Canvas pixels per CSS pixel of the page box (the device pixel ratio, or less for huge pages).
  const ratio = canvas.width / canvas.getBoundingClientRect().width;
  const sx = rect.left * ratio;
  const sy = rect.top * ratio;
  const sw = rect.width * ratio;
  const sh = rect.height * ratio;
  if (sw < 1 || sh < 1) return undefined;
  const scale = Math.min(1, MAX_WIDTH / sw);
  const out = document.createElement('canvas');
  out.width = Math.max(1, Math.round(sw * scale));
  out.height = Math.max(1, Math.round(sh * scale));
  const context = out.getContext('2d');
  if (!context) return undefined;
  context.drawImage(canvas, sx, sy, sw, sh, 0, 0, out.width, out.height);
  return out.toDataURL('image/png');
}

/**
 * A function answering an area's picture: from the store, else cut from its page when
 * painted (and stored; a full store only means it is cut again next time).
 */
export function areaImages(viewer: PDFViewer | null, store: ImageStore): (a: LibraryAnnotation) => string | undefined {
  return (a) => {
    const position = a.positions?.[0];
    if (a.style !== 'area' || !position) return undefined;
    const key = areaImageKey(a.filehash, position);
    const kept = store.getItem(key);
    if (kept) return kept;
    const image = viewer ? cutFromCanvas(viewer, position) : undefined;
    if (image) {
      try {
        store.setItem(key, image);
      } catch {
        // Local storage is full: the picture is shown anyway.
      }
    }
    return image;
  };
}
