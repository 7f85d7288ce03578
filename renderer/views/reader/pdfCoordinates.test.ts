import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { mergeIntoLines, pdfPointToScreen, positionToScreenRect, screenRectToPosition } from './pdfCoordinates.ts';

// A US Letter page, and one whose media box does not start at the origin.
const LETTER = [0, 0, 612, 792];
const OFFSET = [20, 30, 632, 822];

/** A two-page PDF with those media boxes (pdf.js rebuilds the cross-reference table it lacks). */
function twoPagePdf(): Uint8Array {
  const box = (b: number[]) => `[${b.join(' ')}]`;
  const text = [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >> endobj',
    `3 0 obj << /Type /Page /Parent 2 0 R /MediaBox ${box(LETTER)} >> endobj`,
    `4 0 obj << /Type /Page /Parent 2 0 R /MediaBox ${box(OFFSET)} >> endobj`,
    'trailer << /Root 1 0 R /Size 5 >>',
    '%%EOF',
  ].join('\n');
  return new TextEncoder().encode(text);
}

let pdf: PDFDocumentProxy;
const pages = new Map<string, Awaited<ReturnType<PDFDocumentProxy['getPage']>>>();
beforeAll(async () => {
  pdf = await getDocument({ data: twoPagePdf(), isEvalSupported: false }).promise;
  pages.set(String(LETTER), await pdf.getPage(1));
  pages.set(String(OFFSET), await pdf.getPage(2));
});

/** The real pdf.js viewport of the page with that media box. */
const viewport = (viewBox: number[], scale: number, rotation: number) => pages.get(String(viewBox))!.getViewport({ scale, rotation });

const line = { top_left: { x: 72, y: 700 }, bottom_right: { x: 300, y: 688 }, page: 3 };

describe('pdf coordinates', () => {
  it('place a position on screen: at scale 1 without rotation y is flipped from the top', () => {
    expect(positionToScreenRect(line, viewport(LETTER, 1, 0))).toEqual({ left: 72, top: 92, width: 228, height: 12 });
    expect(positionToScreenRect(line, viewport(LETTER, 2, 0))).toEqual({ left: 144, top: 184, width: 456, height: 24 });
  });

  it('turn with the page: at 90 degrees a line of text stands upright at the right place', () => {
    // Turned 90 degrees clockwise, the page's top edge is on the right: PDF y 688..700 is screen x 688..700.
    expect(positionToScreenRect(line, viewport(LETTER, 1, 90))).toEqual({ left: 688, top: 72, width: 12, height: 228 });
    expect(positionToScreenRect(line, viewport(LETTER, 1, 180))).toEqual({ left: 312, top: 688, width: 228, height: 12 });
  });

  it('round-trip through the screen at every zoom and rotation, also on an offset media box', () => {
    for (const box of [LETTER, OFFSET]) {
      for (const rotation of [0, 90, 180, 270]) {
        for (const scale of [0.5, 1, 1.37, 3]) {
          const vp = viewport(box, scale, rotation);
          const shifted = { ...line, top_left: { x: line.top_left.x + box[0]!, y: line.top_left.y + box[1]! }, bottom_right: { x: line.bottom_right.x + box[0]!, y: line.bottom_right.y + box[1]! } };
          const back = screenRectToPosition(positionToScreenRect(shifted, vp), vp, 3);
          expect(back).toEqual(shifted);
        }
      }
    }
  });

  it('map a sticky note point, and a point taken from the screen back to the same PDF point', () => {
    const vp = viewport(LETTER, 1.5, 270);
    const at = pdfPointToScreen({ x: 400, y: 120 }, vp);
    const back = screenRectToPosition({ left: at.x, top: at.y, width: 0, height: 0 }, vp, 1);
    expect(back.top_left).toEqual({ x: 400, y: 120 });
    expect(back.bottom_right).toEqual({ x: 400, y: 120 });
  });

  it('merge selection rectangles into one per line, in reading order, across pages', () => {
    const pos = (page: number, x1: number, y2: number, x2: number, y1: number) => ({ top_left: { x: x1, y: y2 }, bottom_right: { x: x2, y: y1 }, page });
    const merged = mergeIntoLines([
      pos(2, 72, 760, 200, 748), // page 2, first line
      pos(1, 150, 700, 300, 688), // page 1 line 1, two spans
      pos(1, 72, 699.5, 149, 688.5),
      pos(1, 72, 686, 250, 674), // page 1 line 2
      pos(1, 100, 695, 120, 690), // a nested fragment of line 1
      pos(1, 80, 600, 80.2, 590), // a zero-width caret rect: dropped
    ]);
    expect(merged).toEqual([
      pos(1, 72, 700, 300, 688),
      pos(1, 72, 686, 250, 674),
      pos(2, 72, 760, 200, 748),
    ]);
  });
});
