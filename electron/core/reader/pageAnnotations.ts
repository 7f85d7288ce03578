// A document's annotations as the standard PDF annotations its exported copy holds
// (pdfAnnotations.ts writes them):
//   highlight   -> /Highlight per page: QuadPoints (one quad per line), colour /C, the
//                  author as /T, the text as /Contents (shown in a /Popup)
//   underline   -> /Underline, the same shape (a highlight whose style is 'underline')
//   area        -> /Square around the rectangle (a highlight whose style is 'area')
//   sticky_note -> /Text: a note icon at its point, the text as /Contents
//   note        -> left out: it belongs to no place on a page (Markdown export keeps it)
import type { LibraryAnnotation } from '../../../shared/bridge/libraryTypes.ts';
import type { SkippedAnnotation } from '../../../shared/bridge/readerCommands.ts';
import { DEFAULT_HIGHLIGHT_COLOR } from '../../../shared/schemas/annotation.ts';
import { boundsOf, boxOf, type Box } from './highlightShapes.ts';

/** What a page of the PDF is: its box and how it is shown turned. */
export interface PageFrame {
  view: readonly number[];
  rotate: number;
}

export type Rect = [number, number, number, number];
export type Rgb = [number, number, number];

interface PageAnnotationBase {
  /** /NM: the annotation's id, so a reader can tell them apart. */
  id: string;
  pageIndex: number;
  rect: Rect;
  color: Rgb;
  /** /T: who wrote it. */
  author?: string;
  contents?: string;
  /** Where a reader opens the contents: beside the annotation, inside the page. */
  popup?: Rect;
  modified?: Date;
}

export interface TextMarkup extends PageAnnotationBase {
  subtype: 'Highlight' | 'Underline';
  /** The lines covered, as boxes in page space. */
  boxes: Box[];
  /** The page's /Rotate: which side of a line its text stands on. */
  rotate: number;
}

export interface SquareMark extends PageAnnotationBase {
  subtype: 'Square';
}

export interface TextNote extends PageAnnotationBase {
  subtype: 'Text';
}

export type PageAnnotation = TextMarkup | SquareMark | TextNote;

export interface AnnotationSource {
  /** The SHA-1 of the file written: annotations on another file of the document stay out. */
  filehash: string;
  pageCount: number;
  frameOf(page: number): PageFrame;
  /** Who wrote an annotation, when known. */
  authorOf(annotation: LibraryAnnotation): string | undefined;
}

/** A sticky note's icon: this many points square, its top left corner at the note's point. */
export const NOTE_ICON_SIZE = 20;
const NOTE_COLOR: Rgb = [255, 212, 0];
const POPUP_SIZE = { width: 180, height: 100 };

/** A popup beside the annotation's top right, inside the page. */
function popupRect(bounds: Rect, view: readonly number[]): Rect {
  const [vx1 = 0, vy1 = 0, vx2 = 612] = view;
  const top = Math.max(bounds[3], vy1 + POPUP_SIZE.height);
  const x1 = Math.max(vx1, Math.min(bounds[2] + 4, vx2 - POPUP_SIZE.width));
  return [x1, top - POPUP_SIZE.height, x1 + POPUP_SIZE.width, top];
}

function colorOf(a: LibraryAnnotation): Rgb {
  const c = a.color ?? DEFAULT_HIGHLIGHT_COLOR;
  return [c.r, c.g, c.b];
}

function common(a: LibraryAnnotation, user: string | undefined): Omit<PageAnnotationBase, 'pageIndex' | 'rect' | 'color'> {
  const modified = a.last_modified ? new Date(a.last_modified) : undefined;
  return {
    id: a.id,
    ...(user ? { author: user } : {}),
    ...(modified && !Number.isNaN(modified.getTime()) ? { modified } : {}),
  };
}

function markupAnnotations(a: LibraryAnnotation, source: AnnotationSource, user: string | undefined): PageAnnotation[] {
  const byPage = new Map<number, Box[]>();
  for (const position of a.positions ?? []) {
    const box = boxOf(position);
    if (box) byPage.set(position.page, [...(byPage.get(position.page) ?? []), box]);
  }
  const text = a.text?.trim() ? a.text : undefined;
  return [...byPage.keys()].sort((x, y) => x - y).flatMap((page, index): PageAnnotation[] => {
    const boxes = byPage.get(page)!;
    const rect = boundsOf(boxes);
    const frame = source.frameOf(page);
    const base = {
      ...common(a, user), pageIndex: page - 1, rect, color: colorOf(a),
      // The text goes with the first page's part of a highlight across pages.
      ...(text && index === 0 ? { contents: text, popup: popupRect(rect, frame.view) } : {}),
    };
    if (a.style === 'area') return [{ ...base, subtype: 'Square' }];
    return [{ ...base, subtype: a.style === 'underline' ? 'Underline' : 'Highlight', boxes, rotate: frame.rotate }];
  });
}

/** The icon's box: its top left at the point as the page is shown, kept inside the page. */
function iconRect(point: { x: number; y: number }, view: readonly number[]): Rect {
  const [vx1 = 0, vy1 = 0, vx2 = 612, vy2 = 792] = view;
  const x = Math.min(Math.max(point.x, vx1), vx2 - NOTE_ICON_SIZE);
  const y = Math.max(Math.min(point.y, vy2), vy1 + NOTE_ICON_SIZE);
  return [x, y - NOTE_ICON_SIZE, x + NOTE_ICON_SIZE, y];
}

function stickyAnnotation(a: LibraryAnnotation, source: AnnotationSource, user: string | undefined): TextNote {
  const position = a.positions![0]!;
  const view = source.frameOf(position.page).view;
  const rect = iconRect(position.top_left, view);
  return {
    ...common(a, user), subtype: 'Text', pageIndex: position.page - 1, rect,
    color: a.color ? colorOf(a) : NOTE_COLOR, contents: a.text!.trim(), popup: popupRect(rect, view),
  };
}

/** Why an annotation cannot go into this PDF, or undefined when it can. */
function reasonToSkip(a: LibraryAnnotation, source: AnnotationSource): string | undefined {
  if (a.type === 'note') return 'The document note belongs to no place on a page; the Markdown export keeps it.';
  if (a.filehash && a.filehash.toLowerCase() !== source.filehash.toLowerCase()) return 'It was made on another file of this document.';
  const positions = a.positions ?? [];
  const outside = positions.find((p) => p.page > source.pageCount);
  if (outside) return `It is on page ${outside.page}, and this PDF has ${source.pageCount} pages.`;
  if (a.type === 'sticky_note' && !a.text?.trim()) return 'The sticky note has no text.';
  if (a.type === 'sticky_note' && positions.length !== 1) return 'The sticky note has no point on a page.';
  if (a.type === 'highlight' && !positions.some((p) => boxOf(p))) return 'The highlight covers no area of a page.';
  return undefined;
}

export function pageAnnotations(annotations: readonly LibraryAnnotation[], source: AnnotationSource): { entries: PageAnnotation[]; written: string[]; skipped: SkippedAnnotation[] } {
  const entries: PageAnnotation[] = [];
  const written: string[] = [];
  const skipped: SkippedAnnotation[] = [];
  for (const a of annotations) {
    const reason = reasonToSkip(a, source);
    if (reason) {
      skipped.push({ id: a.id, type: a.type, reason });
      continue;
    }
    const user = source.authorOf(a);
    if (a.type === 'highlight') entries.push(...markupAnnotations(a, source, user));
    else entries.push(stickyAnnotation(a, source, user));
    written.push(a.id);
  }
  return { entries, written, skipped };
}
