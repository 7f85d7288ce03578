// reader.exportAnnotatedPdf on a real PDF: highlights (one across two pages), a sticky note,
// the document note and an annotation on another file; the copy is opened again with
// pdf.js and its annotations compared with ours, number by number. Then the ways it can
// fail: each a typed answer, and the lane goes on working afterwards. The kinds one by one,
// read back by pdf.js and by poppler, are in annotatedPdf.test.ts.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AnnotatedPdfExport } from '../../../shared/bridge/readerCommands.ts';
import { syntheticPdf } from '../../../shared/node/pdf/syntheticPdf.ts';
import { dispatch, type Handlers } from '../bridge/dispatch.ts';
import { createFileLinks } from '../files/fileLinks.ts';
import { oneUserDevices, type Device } from '../sync/syncTesting.ts';
import { createExportShelf } from './exportShelf.ts';
import { annotationsOf } from './exportTesting.ts';
import { readerHandlers } from './readerHandlers.ts';

const PDF = 'shared/node/pdf/fixtures/actuar-intro.pdf';
const { device } = oneUserDevices();
const out = mkdtempSync(path.join(tmpdir(), 'refshelf-export-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

function handlersOf(d: Device, options: { shelf?: boolean } = {}): Handlers {
  const fileLinks = createFileLinks('browser');
  const exportShelf = options.shelf ? createExportShelf(path.join(d.dir, 'exports')) : undefined;
  const account = { status: () => ({ signedIn: true, embedded: false, profile: { id: 'me', displayName: 'Ada Reader' } }) };
  return readerHandlers({ replica: d.replica, api: d.api, fileStore: d.fileStore, fileLinks, exportShelf, account }) as unknown as Handlers;
}

async function attach(d: Device, title: string, bytes: Buffer | string, fileName = 'paper.pdf') {
  const doc = d.replica.createDocument({ title, type: 'journal' });
  const stored = await d.fileStore.put(typeof bytes === 'string' ? { path: bytes } : bytes);
  d.replica.addFile({ document_id: doc.id, filehash: stored.sha1, file_name: fileName, mime_type: 'application/pdf', size: stored.size, local_path: d.fileStore.pathOf(stored.sha1) });
  return { doc, sha1: stored.sha1 };
}

const close = (actual: ArrayLike<number>, expected: number[]) => {
  expect(actual).toHaveLength(expected.length);
  expected.forEach((value, i) => expect(actual[i]).toBeCloseTo(value, 2));
};

describe('reader.exportAnnotatedPdf', () => {
  it('writes highlights as /Highlight and sticky notes as /Text into a copy, where pdf.js reads them back', async () => {
    const d = device();
    const { doc, sha1 } = await attach(d, 'Annotated', PDF, 'actuar-intro.pdf');
    const lines = [
      { top_left: { x: 72.5, y: 700.25 }, bottom_right: { x: 300, y: 688 }, page: 1 },
      { top_left: { x: 72.5, y: 688.5 }, bottom_right: { x: 180.75, y: 674 }, page: 1 },
    ];
    const highlight = d.replica.createAnnotation({ document_id: doc.id, type: 'highlight', filehash: sha1, positions: lines, color: { r: 186, g: 230, b: 160 }, text: 'Heavy tails: the main point' });
    const across = d.replica.createAnnotation({
      document_id: doc.id, type: 'highlight', filehash: sha1, color: { r: 255, g: 245, b: 173 }, text: 'Runs over the page break',
      positions: [{ top_left: { x: 90, y: 120 }, bottom_right: { x: 500, y: 108 }, page: 1 }, { top_left: { x: 72, y: 720 }, bottom_right: { x: 240, y: 708 }, page: 2 }],
    });
    const sticky = d.replica.createAnnotation({ document_id: doc.id, type: 'sticky_note', filehash: sha1, positions: [{ top_left: { x: 400, y: 500 }, bottom_right: { x: 400, y: 500 }, page: 2 }], text: 'Check the Pareto example' });
    const note = d.replica.createAnnotation({ document_id: doc.id, type: 'note', text: 'Overall: a good introduction' });
    const elsewhere = d.replica.createAnnotation({ document_id: doc.id, type: 'sticky_note', filehash: 'ab'.repeat(20), positions: [{ top_left: { x: 10, y: 10 }, bottom_right: { x: 10, y: 10 }, page: 1 }], text: 'On the other file' });

    const target = path.join(out, 'copy.pdf');
    const result = await dispatch(handlersOf(d), 'reader.exportAnnotatedPdf', { documentId: doc.id, path: target });
    expect(result).toMatchObject({ ok: true, value: { path: target, fileName: 'actuar-intro (annotated).pdf', written: 3 } });
    const value = (result as { value: AnnotatedPdfExport }).value;
    expect(value.skipped).toHaveLength(2);
    expect(value.skipped).toEqual(expect.arrayContaining([
      { id: note.id, type: 'note', reason: expect.stringMatching(/no place on a page/) },
      { id: elsewhere.id, type: 'sticky_note', reason: 'It was made on another file of this document.' },
    ]));
    expect(value.url).toBeUndefined();

    const copy = readFileSync(target);
    expect(value.size).toBe(copy.length);
    expect(d.replica.listAnnotations(doc.id)).toHaveLength(5); // the library is untouched

    const [page1, page2] = await annotationsOf(copy);
    const highlights1 = page1!.filter((a) => a.subtype === 'Highlight');
    expect(highlights1).toHaveLength(2);
    const first = highlights1.find((a) => a.contentsObj.str === 'Heavy tails: the main point')!;
    // One quad per line: top left, top right, bottom left, bottom right.
    close(first.quadPoints!, [72.5, 700.25, 300, 700.25, 72.5, 688, 300, 688, 72.5, 688.5, 180.75, 688.5, 72.5, 674, 180.75, 674]);
    close(first.rect, [72.5, 674, 300, 700.25]);
    expect([...first.color!]).toEqual([186, 230, 160]);
    expect(first.titleObj?.str).toBe('Ada Reader');
    // Its text is the comment of a popup.
    const popup = page1!.find((a) => a.subtype === 'Popup' && a.contentsObj.str === 'Heavy tails: the main point');
    expect(popup?.parentRect).toBeDefined();
    close(popup!.parentRect!, first.rect);

    // Across the page break: a highlight on each page, the text with the first.
    const top = highlights1.find((a) => a !== first)!;
    expect(top.contentsObj.str).toBe('Runs over the page break');
    close(top.quadPoints!, [90, 120, 500, 120, 90, 108, 500, 108]);
    const rest = page2!.find((a) => a.subtype === 'Highlight')!;
    close(rest.quadPoints!, [72, 720, 240, 720, 72, 708, 240, 708]);
    expect(rest.contentsObj.str).toBe('');
    expect([...rest.color!]).toEqual([255, 245, 173]);

    // The sticky note: a note icon whose top left is the note's point, its text the contents.
    const text = page2!.find((a) => a.subtype === 'Text')!;
    expect(text.contentsObj.str).toBe('Check the Pareto example');
    expect(text.titleObj?.str).toBe('Ada Reader');
    close(text.rect, [400, 480, 420, 500]);
    expect(page2!.some((a) => a.subtype === 'FreeText')).toBe(false);
    expect([highlight.id, across.id, sticky.id].length).toBe(value.written);
  });

  it('offers the copy for download where no path is given, and answers typed failures for what it cannot write', async () => {
    const d = device();
    const { doc, sha1 } = await attach(d, 'For download', PDF);
    d.replica.createAnnotation({ document_id: doc.id, type: 'sticky_note', filehash: sha1, positions: [{ top_left: { x: 600, y: 5 }, bottom_right: { x: 600, y: 5 }, page: 1 }], text: 'Near the corner, with a line long enough to be broken in two for the box' });
    const handlers = handlersOf(d, { shelf: true });
    const offered = await dispatch(handlers, 'reader.exportAnnotatedPdf', { documentId: doc.id });
    expect(offered).toMatchObject({ ok: true, value: { written: 1, skipped: [], url: expect.stringMatching(/^\/files\/[0-9a-f]{40}\?token=/) } });
    const shelved = /\/files\/([0-9a-f]{40})/.exec((offered as { value: AnnotatedPdfExport }).value.url!)![1]!;
    const [page1] = await annotationsOf(readFileSync(path.join(d.dir, 'exports', `${shelved}.pdf`)));
    const icon = page1!.find((a) => a.subtype === 'Text')!;
    // The whole text, and the icon kept on the page (612 × 792).
    expect(icon.contentsObj.str).toBe('Near the corner, with a line long enough to be broken in two for the box');
    close(icon.rect, [592, 0, 612, 20]);

    const noShelf = handlersOf(d);
    expect(await dispatch(noShelf, 'reader.exportAnnotatedPdf', { documentId: doc.id })).toMatchObject({ ok: false, error: { code: 'unsupported', field: 'path' } });
    expect(await dispatch(noShelf, 'reader.exportAnnotatedPdf', { documentId: doc.id, path: 'relative.pdf' })).toMatchObject({ ok: false, error: { code: 'invalid', field: 'path' } });
    expect(await dispatch(noShelf, 'reader.exportAnnotatedPdf', { documentId: doc.id, path: path.join(out, 'no-such-folder', 'x.pdf') })).toMatchObject({ ok: false, error: { code: 'invalid', field: 'path', message: expect.stringMatching(/could not be written/) } });
    expect(await dispatch(noShelf, 'reader.exportAnnotatedPdf', { documentId: 'nope', path: path.join(out, 'x.pdf') })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await dispatch(noShelf, 'reader.exportAnnotatedPdf', {})).toMatchObject({ ok: false, error: { code: 'invalid', field: 'documentId' } });
    const bare = d.replica.createDocument({ title: 'No file', type: 'journal' });
    expect(await dispatch(noShelf, 'reader.exportAnnotatedPdf', { documentId: bare.id, path: path.join(out, 'x.pdf') })).toMatchObject({ ok: false, error: { code: 'not_found', message: 'This document has no file attached' } });

    const broken: [string, Buffer, string, RegExp][] = [
      ['encrypted', syntheticPdf({ pages: [[{ text: 'Secret', x: 100, y: 700, size: 18 }]], encrypted: true }), 'unsupported', /password/],
      ['damaged', Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7919) % 256))]), 'invalid', /damaged/],
      ['not a PDF', Buffer.from('Just some text that calls itself a PDF.\n'), 'invalid', /not a PDF/],
    ];
    for (const [name, bytes, code, message] of broken) {
      const { doc: bad } = await attach(d, name, bytes);
      const answer = await dispatch(noShelf, 'reader.exportAnnotatedPdf', { documentId: bad.id, path: path.join(out, `${name}.pdf`) });
      expect(answer, name).toMatchObject({ ok: false, error: { code, message: expect.stringMatching(message) } });
    }
    // The lane is free again: a good file still exports.
    expect(await dispatch(noShelf, 'reader.exportAnnotatedPdf', { documentId: doc.id, path: path.join(out, 'after.pdf') })).toMatchObject({ ok: true, value: { written: 1 } });
  });
});
