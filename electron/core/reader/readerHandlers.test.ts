// reader.openFile on two devices of one account: the first attaches a real PDF and
// annotates it; the second syncs, opens the PDF (downloaded through the file transfer)
// and sees the annotations on the same file at the same positions.
import { readFileSync } from 'node:fs';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { createFileLinks } from '../files/fileLinks.ts';
import { storedFileResponse } from '../files/storedFileResponse.ts';
import { oneUserDevices, type Device } from '../sync/syncTesting.ts';
import { readerHandlers } from './readerHandlers.ts';
import { dispatch, type Handlers } from '../bridge/dispatch.ts';

const PDF = 'shared/node/pdf/fixtures/actuar-intro.pdf';
const { device } = oneUserDevices();

function handlersOf(d: Device) {
  const fileLinks = createFileLinks('browser');
  return { fileLinks, handlers: readerHandlers({ replica: d.replica, api: d.api, fileStore: d.fileStore, fileLinks }) as unknown as Handlers };
}

async function attachPdf(d: Device, title: string) {
  const doc = d.replica.createDocument({ title, type: 'journal' });
  const stored = await d.fileStore.put({ path: PDF });
  d.replica.addFile({ document_id: doc.id, filehash: stored.sha1, file_name: 'actuar-intro.pdf', mime_type: 'application/pdf', size: stored.size, local_path: d.fileStore.pathOf(stored.sha1) });
  return { doc, stored };
}

describe('reader.openFile', () => {
  it('answers a loadable URL for a local PDF, and typed errors otherwise', async () => {
    const a = device();
    const { doc, stored } = await attachPdf(a, 'Local PDF');
    const { fileLinks, handlers } = handlersOf(a);
    const result = await dispatch(handlers, 'reader.openFile', { documentId: doc.id });
    expect(result).toMatchObject({ ok: true, value: { documentId: doc.id, filehash: stored.sha1, size: stored.size, fileName: 'actuar-intro.pdf' } });
    const url = (result as { value: { url: string } }).value.url;
    const answer = await storedFileResponse({ fileStore: a.fileStore, links: fileLinks }, { url, range: 'bytes=0-4' });
    expect(answer.status).toBe(206);
    expect(await text(answer.body!)).toBe('%PDF-');

    const bare = a.replica.createDocument({ title: 'No file', type: 'journal' });
    expect(await dispatch(handlers, 'reader.openFile', { documentId: bare.id })).toMatchObject({ ok: false, error: { code: 'not_found', message: 'This document has no file attached' } });
    expect(await dispatch(handlers, 'reader.openFile', { documentId: 'nope' })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await dispatch(handlers, 'reader.openFile', {})).toMatchObject({ ok: false, error: { code: 'invalid', field: 'documentId' } });
  });

  it('downloads the file on a second device, whose annotations sit at the same positions', async () => {
    const a = device();
    const { doc, stored } = await attachPdf(a, 'Shared PDF');
    const positions = [
      { top_left: { x: 72.5, y: 700.25 }, bottom_right: { x: 300, y: 688 }, page: 1 },
      { top_left: { x: 72.5, y: 686 }, bottom_right: { x: 180.75, y: 674 }, page: 1 },
    ];
    a.replica.createAnnotation({ document_id: doc.id, type: 'highlight', filehash: stored.sha1, positions, color: { r: 255, g: 245, b: 173 }, text: 'key idea' });
    a.replica.createAnnotation({ document_id: doc.id, type: 'sticky_note', filehash: stored.sha1, positions: [{ top_left: { x: 400, y: 120 }, bottom_right: { x: 400, y: 120 }, page: 2 }], text: 'check this' });
    await a.sync();
    expect(a.replica.countOutbox()).toBe(0);

    const b = device();
    await b.sync();
    const [remoteDoc] = b.replica.listDocuments({}).filter((d) => d.title === 'Shared PDF');
    expect(b.fileStore.has(stored.sha1)).toBe(false);
    const { handlers } = handlersOf(b);
    const opened = await dispatch(handlers, 'reader.openFile', { documentId: remoteDoc!.id });
    expect(opened).toMatchObject({ ok: true, value: { filehash: stored.sha1 } });
    expect(b.fileStore.has(stored.sha1)).toBe(true);
    expect((await b.fileStore.read(stored.sha1)).equals(readFileSync(PDF))).toBe(true);

    const seen = b.replica.listAnnotations(remoteDoc!.id);
    expect(seen.find((x) => x.type === 'highlight')).toMatchObject({ filehash: stored.sha1, positions, text: 'key idea' });
    expect(seen.find((x) => x.type === 'sticky_note')?.positions).toEqual([{ top_left: { x: 400, y: 120 }, bottom_right: { x: 400, y: 120 }, page: 2 }]);
  });
});
