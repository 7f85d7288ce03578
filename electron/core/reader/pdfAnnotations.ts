// Standard PDF annotation objects for a page, written with pdf-lib's object model: each
// with its own appearance stream (/AP), so that every reader (Acrobat, poppler, pdf.js)
// draws the same thing and none has to invent one, and with its text in /Contents and a
// /Popup to show it in. Nothing is painted into the page's content: its text stays as it was.
import { PDFHexString, PDFName, PDFString, type PDFContext, type PDFPage, type PDFRef } from 'pdf-lib';
import { disjointBoxes, quadPointsOf, type Box } from './highlightShapes.ts';
import type { PageAnnotation, Rect, Rgb, TextMarkup } from './pageAnnotations.ts';

/** /F bits: Print; and for note icons also NoZoom and NoRotate, as Acrobat writes them. */
const PRINT = 4;
const NOTE_FLAGS = PRINT | 8 | 16;
const SQUARE_BORDER = 1.5;

/** pdf-lib's plain-object form of a dictionary (its type is not exported). */
type Fields = NonNullable<Parameters<PDFContext['stream']>[1]>;

const num = (n: number) => String(Math.round(n * 1000) / 1000);
const rgb = (c: Rgb) => c.map((v) => num(v / 255)).join(' ');
const rectOp = (x1: number, y1: number, x2: number, y2: number) => `${num(x1)} ${num(y1)} ${num(x2 - x1)} ${num(y2 - y1)} re`;

/** The line under a line of text: on the side of the box the page shows at the bottom. */
function underlineOf(box: Box, rotate: number): Rect {
  const turn = ((rotate % 360) + 360) % 360;
  const across = turn === 90 || turn === 270 ? box.x2 - box.x1 : box.y2 - box.y1;
  const t = Math.max(0.75, across / 14);
  if (turn === 90) return [box.x2 - t, box.y1, box.x2, box.y2];
  if (turn === 180) return [box.x1, box.y2 - t, box.x2, box.y2];
  if (turn === 270) return [box.x1, box.y1, box.x1 + t, box.y2];
  return [box.x1, box.y1, box.x2, box.y1 + t];
}

function markupContent(a: TextMarkup): string {
  const parts = a.subtype === 'Highlight'
    ? disjointBoxes(a.boxes).map((b) => rectOp(b.x1, b.y1, b.x2, b.y2))
    : a.boxes.map((b) => rectOp(...underlineOf(b, a.rotate)));
  // Highlights multiply with the page, so the text under them stays black.
  return `${a.subtype === 'Highlight' ? '/Mult gs ' : ''}${rgb(a.color)} rg ${parts.join(' ')} f`;
}

function appearance(context: PDFContext, a: PageAnnotation): PDFRef {
  const [x1, y1, x2, y2] = a.rect;
  let content: string;
  let bbox: number[] = [...a.rect];
  const resources: Fields = {};
  if (a.subtype === 'Text') {
    // A note: a coloured sheet with three lines of writing, drawn in the icon's own space.
    const w = x2 - x1;
    const h = y2 - y1;
    bbox = [0, 0, w, h];
    content = `${rgb(a.color)} rg 0 G 1 w 0.5 0.5 ${num(w - 1)} ${num(h - 1)} re B `
      + [0.7, 0.5, 0.3].map((f, i) => `${num(w * 0.2)} ${num(h * f)} m ${num(w * (i === 2 ? 0.6 : 0.8))} ${num(h * f)} l`).join(' ') + ' S';
  } else if (a.subtype === 'Square') {
    const half = SQUARE_BORDER / 2;
    content = `${num(SQUARE_BORDER)} w ${rgb(a.color)} RG ${rectOp(x1 + half, y1 + half, x2 - half, y2 - half)} S`;
  } else {
    content = markupContent(a);
    if (a.subtype === 'Highlight') resources.ExtGState = { Mult: { Type: 'ExtGState', BM: 'Multiply' } };
  }
  return context.register(context.stream(content, { Type: 'XObject', Subtype: 'Form', BBox: bbox, Resources: resources }));
}

/** Adds the annotation (and its popup) to the page. */
export function addPageAnnotation(page: PDFPage, a: PageAnnotation): void {
  const { context } = page.doc;
  const fields: Fields = {
    Type: 'Annot', Subtype: a.subtype, Rect: [...a.rect], C: a.color.map((v) => v / 255), P: page.ref,
    F: a.subtype === 'Text' ? NOTE_FLAGS : PRINT, NM: PDFHexString.fromText(a.id), AP: { N: appearance(context, a) },
  };
  if (a.author) fields.T = PDFHexString.fromText(a.author);
  if (a.contents) fields.Contents = PDFHexString.fromText(a.contents);
  if (a.modified) fields.M = PDFString.fromDate(a.modified);
  if (a.subtype === 'Text') Object.assign(fields, { Name: 'Comment', Open: false });
  if (a.subtype === 'Highlight' || a.subtype === 'Underline') {
    fields.QuadPoints = quadPointsOf(a.boxes);
  }
  if (a.subtype === 'Square') fields.BS = { W: SQUARE_BORDER, S: 'S' };
  const dict = context.obj(fields);
  const ref = context.register(dict);
  page.node.addAnnot(ref);
  if (a.popup && a.contents) {
    const popup = context.register(context.obj({ Type: 'Annot', Subtype: 'Popup', Rect: [...a.popup], Parent: ref, Open: false }));
    dict.set(PDFName.of('Popup'), popup);
    page.node.addAnnot(popup);
  }
}
