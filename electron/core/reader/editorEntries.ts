// A document's annotations as pdf.js annotation-editor entries: the objects its editors'
// serialize() put in annotationStorage, which saveDocument() writes into the PDF as new
// annotations (pdf.worker's AnnotationFactory.saveNewAnnotations).
//   highlight   -> /Highlight per page: QuadPoints (one quad per line), colour /C, the
//                  author as /T, and the text as /Contents with a /Popup
//   sticky_note -> /FreeText at its point (pdf.js writes no /Text icons): the text drawn
//                  on the page, the author as /T
//   note        -> left out: it belongs to no place on a page (Markdown export keeps it)
import type { LibraryAnnotation } from '../../../shared/bridge/libraryTypes.ts';
import type { SkippedAnnotation } from '../../../shared/bridge/readerCommands.ts';
import { boundsOf, boxOf, disjointBoxes, outlinesOf, quadPointsOf, type Box } from './highlightShapes.ts';
import { NOTE_FONT_SIZE, noteRect, wrapText } from './noteBox.ts';

/** pdf.js's AnnotationEditorType values (stable across releases; the importer loads pdf.js lazily). */
export const EDITOR_TYPE = { FREETEXT: 3, HIGHLIGHT: 9 } as const;

/** What a page of the PDF is: its box and how it is shown turned. */
export interface PageFrame {
  view: readonly number[];
  rotate: number;
}

export type EditorEntry = HighlightEntry | FreeTextEntry;

interface EntryBase {
  pageIndex: number;
  rect: [number, number, number, number];
  /** /T: who wrote it. */
  user?: string;
}

export interface HighlightEntry extends EntryBase {
  annotationType: typeof EDITOR_TYPE.HIGHLIGHT;
  color: [number, number, number];
  opacity: number;
  quadPoints: number[];
  outlines: number[][];
  popup?: { contents: string; rect: [number, number, number, number] };
}

export interface FreeTextEntry extends EntryBase {
  annotationType: typeof EDITOR_TYPE.FREETEXT;
  color: [number, number, number];
  fontSize: number;
  value: string;
  rotation: number;
}

export interface EntrySource {
  /** The SHA-1 of the file written: annotations on another file of the document stay out. */
  filehash: string;
  pageCount: number;
  frameOf(page: number): PageFrame;
  /** Who wrote an annotation, when known. */
  authorOf(annotation: LibraryAnnotation): string | undefined;
}

const POPUP_SIZE = { width: 180, height: 100 };
const TEXT_COLOR: [number, number, number] = [0, 0, 0];
const YELLOW: [number, number, number] = [255, 245, 173];

/** A popup beside the highlight's top, inside the page. */
function popupRect(bounds: readonly number[], view: readonly number[]): [number, number, number, number] {
  const [vx1 = 0, vy1 = 0, vx2 = 612] = view;
  const top = Math.max(bounds[3]!, vy1 + POPUP_SIZE.height);
  const x1 = Math.max(vx1, Math.min(bounds[2]! + 4, vx2 - POPUP_SIZE.width));
  return [x1, top - POPUP_SIZE.height, x1 + POPUP_SIZE.width, top];
}

function highlightEntries(a: LibraryAnnotation, source: EntrySource, user: string | undefined): HighlightEntry[] {
  const byPage = new Map<number, Box[]>();
  for (const position of a.positions ?? []) {
    const box = boxOf(position);
    if (box) byPage.set(position.page, [...(byPage.get(position.page) ?? []), box]);
  }
  const color: [number, number, number] = a.color ? [a.color.r, a.color.g, a.color.b] : YELLOW;
  const text = a.text?.trim() ? a.text : undefined;
  return [...byPage.keys()].sort((x, y) => x - y).map((page, index) => {
    const boxes = byPage.get(page)!;
    const rect = boundsOf(boxes);
    return {
      annotationType: EDITOR_TYPE.HIGHLIGHT, pageIndex: page - 1, rect, color, opacity: 1,
      quadPoints: quadPointsOf(boxes), outlines: outlinesOf(disjointBoxes(boxes)),
      ...(user ? { user } : {}),
      // The text goes with the first page's part of a highlight across pages.
      ...(text && index === 0 ? { popup: { contents: text, rect: popupRect(rect, source.frameOf(page).view) } } : {}),
    };
  });
}

function stickyEntry(a: LibraryAnnotation, source: EntrySource, user: string | undefined): FreeTextEntry {
  const position = a.positions![0]!;
  const frame = source.frameOf(position.page);
  const value = wrapText(a.text!.trim());
  return {
    annotationType: EDITOR_TYPE.FREETEXT, pageIndex: position.page - 1,
    rect: noteRect(position.top_left, value, frame.rotate, frame.view),
    color: TEXT_COLOR, fontSize: NOTE_FONT_SIZE, value, rotation: frame.rotate,
    ...(user ? { user } : {}),
  };
}

/** Why an annotation cannot go into this PDF, or undefined when it can. */
function reasonToSkip(a: LibraryAnnotation, source: EntrySource): string | undefined {
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

export function editorEntries(annotations: readonly LibraryAnnotation[], source: EntrySource): { entries: EditorEntry[]; written: string[]; skipped: SkippedAnnotation[] } {
  const entries: EditorEntry[] = [];
  const written: string[] = [];
  const skipped: SkippedAnnotation[] = [];
  for (const a of annotations) {
    const reason = reasonToSkip(a, source);
    if (reason) {
      skipped.push({ id: a.id, type: a.type, reason });
      continue;
    }
    const user = source.authorOf(a);
    if (a.type === 'highlight') entries.push(...highlightEntries(a, source, user));
    else entries.push(stickyEntry(a, source, user));
    written.push(a.id);
  }
  return { entries, written, skipped };
}
