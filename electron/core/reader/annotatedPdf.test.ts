// Each kind of annotation written into a real PDF and read back two ways: by pdf.js (its
// subtype, contents, rectangle, colour) and by poppler, which draws the copy (pdftoppm)
// with the annotations where they belong and nowhere else, and still reads the page's
// text (pdftotext): nothing is painted into the page itself.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { LibraryAnnotation } from '../../../shared/bridge/libraryTypes.ts';
import { writeAnnotatedPdf } from './annotatedPdf.ts';
import { annotationsOf, popplerInfo, popplerPage, popplerText } from './exportTesting.ts';
import { pageAnnotations } from './pageAnnotations.ts';

const PDF = 'shared/node/pdf/fixtures/actuar-intro.pdf';
const FILEHASH = 'cd'.repeat(20);
const out = mkdtempSync(path.join(tmpdir(), 'refshelf-kinds-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

const base = { document_id: 'doc', filehash: FILEHASH, privacy_level: 'private' as const, profile_id: 'me', last_modified: '2026-11-20T10:00:00.000Z' };
const box = (x1: number, y1: number, x2: number, y2: number, page = 1) => ({ top_left: { x: x1, y: y2 }, bottom_right: { x: x2, y: y1 }, page });
// Page 1 of the fixture (612 × 792): the title "Introduction to actuar", the first author's name below it.
const TITLE = box(221.96, 603.42, 388.67, 620.64);
const AUTHOR = box(256.71, 574.36, 353.54, 586.32);
const FIGURE = box(100, 300, 300, 380);
const annotations: LibraryAnnotation[] = [
  { ...base, id: 'hl', type: 'highlight', positions: [TITLE], color: { r: 255, g: 212, b: 0 }, text: 'The title' },
  { ...base, id: 'ul', type: 'highlight', style: 'underline', positions: [AUTHOR], color: { r: 0, g: 90, b: 200 } },
  { ...base, id: 'ar', type: 'highlight', style: 'area', positions: [FIGURE], color: { r: 220, g: 40, b: 40 }, text: 'This figure' },
  { ...base, id: 'st', type: 'sticky_note', positions: [box(450, 700, 450, 700)], text: 'A note, ünïcode and all' },
];

async function exported(): Promise<string> {
  const result = await writeAnnotatedPdf(PDF, {
    pages: [1],
    entriesFor: (layout) => pageAnnotations(annotations, { filehash: FILEHASH, pageCount: layout.pageCount, frameOf: layout.frameOf, authorOf: () => 'Ada Reader' }).entries,
  });
  if (!result.ok) throw new Error(result.message);
  const file = path.join(out, 'kinds.pdf');
  writeFileSync(file, result.bytes);
  return file;
}

const close = (actual: ArrayLike<number>, expected: number[]) => {
  expect(actual).toHaveLength(expected.length);
  expected.forEach((value, i) => expect(actual[i]).toBeCloseTo(value, 1));
};
const differs = (a: number[], b: number[]) => a.some((v, i) => Math.abs(v - b[i]!) > 24);

describe('annotated PDF: each kind as its standard annotation', () => {
  it('pdf.js reads back Highlight, Underline, Square and Text with their contents, rectangles and colours', async () => {
    const [page1] = await annotationsOf(readFileSync(await exported()));
    const [before] = await annotationsOf(readFileSync(PDF));
    const bySubtype = (subtype: string) => page1!.find((a) => a.subtype === subtype)!;
    // The page's own links are kept beside the new ones.
    const links = before!.filter((a) => a.subtype === 'Link');
    expect(links.length).toBeGreaterThan(0);
    expect(page1!.filter((a) => a.subtype === 'Link')).toHaveLength(links.length);
    expect(page1!.map((a) => a.subtype).filter((t) => t !== 'Link').sort()).toEqual(['Highlight', 'Popup', 'Popup', 'Popup', 'Square', 'Text', 'Underline']);

    const highlight = bySubtype('Highlight');
    expect(highlight.contentsObj.str).toBe('The title');
    expect(highlight.titleObj?.str).toBe('Ada Reader');
    close(highlight.rect, [221.96, 603.42, 388.67, 620.64]);
    close(highlight.quadPoints!, [221.96, 620.64, 388.67, 620.64, 221.96, 603.42, 388.67, 603.42]);
    expect([...highlight.color!]).toEqual([255, 212, 0]);

    const underline = bySubtype('Underline');
    close(underline.quadPoints!, [256.71, 586.32, 353.54, 586.32, 256.71, 574.36, 353.54, 574.36]);
    expect([...underline.color!]).toEqual([0, 90, 200]);
    expect(underline.contentsObj.str).toBe('');

    const area = bySubtype('Square');
    close(area.rect, [100, 300, 300, 380]);
    expect(area.contentsObj.str).toBe('This figure');
    expect([...area.color!]).toEqual([220, 40, 40]);

    // A note icon with the top left at the note's point; its text, not painted text.
    const note = bySubtype('Text');
    // pdf.js names the icon NoIcon when the annotation brings its own appearance, as ours do.
    expect(note.name).toBe('NoIcon');
    expect(note.contentsObj.str).toBe('A note, ünïcode and all');
    close(note.rect, [450, 680, 470, 700]);
    // Each text has a popup that belongs to its annotation.
    for (const parent of [highlight, area, note]) expect(page1!.some((a) => a.subtype === 'Popup' && a.parentRect && a.parentRect.every((v, i) => Math.abs(v - parent.rect[i]!) < 0.01))).toBe(true);
  });

  it('poppler opens the copy, draws each annotation in its place from its appearance, and still reads the text under them', async () => {
    const file = await exported();
    expect(popplerInfo(file)).toMatch(/Pages:\s+2/);
    expect(popplerText(file, 1)).toBe(popplerText(PDF, 1));

    const drawn = popplerPage(file, 1);
    const bare = popplerPage(file, 1, { hideAnnotations: true });
    const original = popplerPage(PDF, 1);
    // Without its annotations, the copy's page is the original's, pixel for pixel where sampled.
    for (let y = 10; y < 792; y += 37) for (let x = 10; x < 612; x += 41) expect(bare.at(x, y), `${x},${y}`).toEqual(original.at(x, y));

    // The highlight tints the white between the title's letters yellow (multiplied: black stays black).
    expect(drawn.at(223, 605)).toEqual([255, 212, 0]);
    // The underline: a blue line along the bottom of the author's name, not above it.
    expect(drawn.at(300, 574.8)).toEqual([0, 90, 200]);
    expect(drawn.at(300, 570)).toEqual(bare.at(300, 570));
    // The area: a red border, its inside left as it was.
    expect(differs(drawn.at(100.7, 340), [220, 40, 40])).toBe(false);
    expect(drawn.at(200, 340)).toEqual(bare.at(200, 340));
    // The note icon: yellow inside its black border.
    expect(differs(drawn.at(452, 690), [255, 212, 0])).toBe(false);
    // Elsewhere nothing is drawn.
    expect(drawn.at(500, 100)).toEqual(bare.at(500, 100));
    expect(drawn.at(60, 700)).toEqual(bare.at(60, 700));
  });
});
