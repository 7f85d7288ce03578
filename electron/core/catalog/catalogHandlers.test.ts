// The catalog commands against the real service with the sample catalog and its open-access
// shelf loaded: search and its paging, a document with reader statistics, and "add to
// library" through the replica, with the open-access PDF, once per record.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLibraryApi, type LibraryApi } from '../../../shared/client/libraryApi.ts';
import { NetworkError } from '../../../shared/client/serviceErrors.ts';
import { ensureSampleCatalog } from '../../../server/catalog/sampleCatalog.ts';
import { SAMPLE_SHELF_DIR, ensureSampleShelf } from '../../../server/catalog/sampleShelf.ts';
import { allDocumentIds, oneUserDevices, type Device } from '../sync/syncTesting.ts';
import { bridgeOver, type BridgeUnderTest } from './catalogTesting.ts';

const SHELF_PDF = readFileSync(path.join(SAMPLE_SHELF_DIR, 'survival-approximate.pdf'));
const SHELF_SHA1 = createHash('sha1').update(SHELF_PDF).digest('hex');

/** The sample shelf's open-access record with a PDF. */
async function openAccessRecord(bridge: BridgeUnderTest) {
  const page = await bridge.value('catalog.search', { title: 'Approximating the Cox Model', openAccess: true, limit: 1 });
  expect(page.items[0]).toMatchObject({ title: 'Approximating the Cox Model', file_attached: true });
  return page.items[0]!;
}

/** The device's service client, except that file downloads fail as if the network were down. */
function withFailingDownloads(device: Device): LibraryApi {
  return {
    ...device.api,
    files: { ...device.api.files, download: async () => { throw new NetworkError('fetch failed', { cause: new Error('offline'), aborted: false }); } },
  };
}

describe('catalog commands', () => {
  const { service, device } = oneUserDevices();
  beforeAll(async () => {
    await ensureSampleCatalog(service().ctx, { force: true });
    await ensureSampleShelf(service().ctx, { force: true });
  });

  it('searches simply with a total and pages on with the opaque next link', async () => {
    const bridge = bridgeOver(device());
    const first = await bridge.value('catalog.search', { query: 'printing history', limit: 5 });
    expect(first.items).toHaveLength(5);
    expect(first.total).toBeGreaterThan(5);
    expect(first.items[0]).toHaveProperty('reader_count');
    expect(first.next).toBeDefined();
    const second = await bridge.value('catalog.search', { next: first.next! });
    expect(second.items).toHaveLength(5);
    expect(second.total).toBeUndefined(); // only the first page carries the count
    expect(second.items.map((d) => d.id)).not.toContain(first.items[0]!.id);
  });

  it('searches by fields with a year range that leaves out documents outside it', async () => {
    const bridge = bridgeOver(device());
    const page = await bridge.value('catalog.search', { title: 'printing', minYear: 1990, maxYear: 1999, limit: 20 });
    expect(page.items.length).toBeGreaterThan(0);
    for (const item of page.items) {
      expect(item.year).toBeGreaterThanOrEqual(1990);
      expect(item.year).toBeLessThanOrEqual(1999);
      expect(item.title.toLowerCase()).toContain('printing');
    }
  });

  it('refuses bad searches and next links that lead elsewhere', async () => {
    const bridge = bridgeOver(device());
    expect(await bridge.call('catalog.search', {})).toMatchObject({ ok: false, error: { code: 'invalid', field: 'query' } });
    expect(await bridge.call('catalog.search', { query: 'x', minYear: 2000, maxYear: 1990 })).toMatchObject({ ok: false, error: { code: 'invalid', field: 'maxYear' } });
    expect(await bridge.call('catalog.search', { query: 'x', limit: 101 })).toMatchObject({ ok: false, error: { code: 'invalid', field: 'limit' } });
    expect(await bridge.call('catalog.search', { next: 'https://evil.example/search/catalog?query=x' })).toMatchObject({ ok: false, error: { code: 'invalid', field: 'next' } });
    expect(await bridge.call('catalog.search', { next: `${service().url}/documents` })).toMatchObject({ ok: false, error: { code: 'invalid', field: 'next' } });
  });

  it('opens one document with every field and its reader statistics', async () => {
    const bridge = bridgeOver(device());
    const [hit] = (await bridge.value('catalog.search', { query: 'typography', limit: 1 })).items;
    const document = await bridge.value('catalog.get', { id: hit!.id });
    expect(document).toMatchObject({ id: hit!.id, title: hit!.title, imported: true, reader_count: expect.any(Number), group_count: expect.any(Number) });
    expect(await bridge.call('catalog.get', { id: 'no-such-document' })).toMatchObject({ ok: false, error: { code: 'service', status: 404 } });
  });

  it('adds a catalog document to the library in one action, and the sync takes it to the service', async () => {
    const laptop = device();
    const bridge = bridgeOver(laptop);
    const [hit] = (await bridge.value('catalog.search', { query: 'book design', limit: 1 })).items;
    const record = await bridge.value('catalog.get', { id: hit!.id });
    const added = await bridge.value('catalog.addToLibrary', { id: hit!.id });
    expect(added.document).toMatchObject({ title: record.title, type: record.type });
    if (record.authors) expect(added.document.authors).toEqual(record.authors);
    if (record.year) expect(added.document.year).toBe(record.year);
    // This record offers no open-access file, so nothing is attached.
    expect(added.file).toBeUndefined();
    expect(laptop.replica.listFiles(added.document.id)).toEqual([]);
    expect(bridge.events).toContainEqual({ name: 'library.changed', payload: { kinds: ['document'], ids: [added.document.id] } });
    expect(bridge.syncRequests()).toBe(1);

    await laptop.sync();
    const [serverId] = allDocumentIds(laptop.replica);
    const onService = await laptop.api.documents.get(serverId!);
    expect(onService.title).toBe(record.title);
  });

  it('adds an open-access record with its PDF, which the sync uploads with the document', async () => {
    const laptop = device();
    const bridge = bridgeOver(laptop);
    const hit = await openAccessRecord(bridge);
    const added = await bridge.value('catalog.addToLibrary', { id: hit.id });
    expect(added.alreadyInLibrary).toBeUndefined();
    expect(added.fileError).toBeUndefined();
    expect(added.file).toMatchObject({ document_id: added.document.id, filehash: SHELF_SHA1, mime_type: 'application/pdf', size: SHELF_PDF.length });
    expect(added.file!.file_name).toMatch(/\.pdf$/);
    expect(added.document.file_attached).toBe(true);
    expect(laptop.fileStore.has(SHELF_SHA1)).toBe(true);
    expect(laptop.replica.listFiles(added.document.id)).toEqual([expect.objectContaining({ filehash: SHELF_SHA1, local_path: laptop.fileStore.pathOf(SHELF_SHA1) })]);
    expect(bridge.events).toContainEqual({ name: 'library.changed', payload: { kinds: ['document', 'file'], ids: [added.document.id] } });

    await laptop.sync();
    expect(laptop.replica.countOutbox()).toBe(0);
    const serverId = laptop.replica.currentIdOf(added.document.id);
    expect(serverId).toBeDefined();
    const documents = allDocumentIds(laptop.replica).length;
    const onService = [];
    for await (const page of laptop.api.files.list({ document_id: serverId! })) onService.push(...page.items);
    expect(onService).toEqual([expect.objectContaining({ filehash: SHELF_SHA1, size: SHELF_PDF.length, mime_type: 'application/pdf' })]);
    // The bytes the service holds are the catalog's, stored once (content-addressed).
    expect(Buffer.from(await laptop.api.files.download(onService[0]!.id)).equals(SHELF_PDF)).toBe(true);
    expect(laptop.replica.listFiles(serverId!)).toEqual([expect.objectContaining({ id: onService[0]!.id, local_path: laptop.fileStore.pathOf(SHELF_SHA1) })]);

    // Adding it again answers the document the library holds, and fetches nothing.
    const events = bridge.events.length;
    const again = await bridge.value('catalog.addToLibrary', { id: hit.id });
    expect(again).toMatchObject({ alreadyInLibrary: true, document: { id: serverId } });
    expect(again.file).toBeUndefined();
    expect(laptop.replica.listFiles(serverId!)).toHaveLength(1);
    expect(allDocumentIds(laptop.replica)).toHaveLength(documents);
    expect(bridge.events).toHaveLength(events);
    expect(await bridge.value('catalog.inLibrary', { records: [{ id: hit.id }, { id: 'not-added' }] })).toEqual({ [hit.id]: serverId });
  });

  it('finds a record the library holds by its DOI, and adds a trashed copy anew', async () => {
    const laptop = device();
    const bridge = bridgeOver(laptop);
    const withDoi = service().ctx.database.sqlite!
      .prepare(`SELECT d.id AS id, i.value AS doi FROM catalog_identifiers i JOIN catalog_documents d ON d.seq = i.catalog_seq WHERE i.kind = 'doi' LIMIT 1`)
      .get() as { id: string; doi: string };
    const mine = laptop.replica.createDocument({ title: 'My copy', identifiers: { doi: withDoi.doi.toUpperCase() } });
    expect(await bridge.value('catalog.inLibrary', { records: [{ id: withDoi.id, identifiers: { doi: withDoi.doi } }] })).toEqual({ [withDoi.id]: mine.id });
    const again = await bridge.value('catalog.addToLibrary', { id: withDoi.id });
    expect(again).toMatchObject({ alreadyInLibrary: true, document: { id: mine.id, title: 'My copy' } });
    expect(again.file).toBeUndefined(); // a closed record offers no file

    laptop.replica.trashDocument(mine.id);
    const added = await bridge.value('catalog.addToLibrary', { id: withDoi.id });
    expect(added.alreadyInLibrary).toBeUndefined();
    expect(added.document.id).not.toBe(mine.id);
  });

  it('keeps the document when its PDF cannot be fetched, says why, and attaches it when added again', async () => {
    const laptop = device();
    const failing = bridgeOver(laptop, { api: withFailingDownloads(laptop) });
    const hit = await openAccessRecord(failing);
    const added = await failing.value('catalog.addToLibrary', { id: hit.id });
    expect(added.file).toBeUndefined();
    expect(added.fileError).toMatch(/could not be fetched \(the service cannot be reached\).*without it/);
    expect(laptop.replica.getDocument(added.document.id)?.title).toBe('Approximating the Cox Model');
    expect(laptop.replica.listFiles(added.document.id)).toEqual([]);
    expect(failing.events).toContainEqual({ name: 'library.changed', payload: { kinds: ['document'], ids: [added.document.id] } });

    const bridge = bridgeOver(laptop);
    const retried = await bridge.value('catalog.addToLibrary', { id: hit.id });
    expect(retried).toMatchObject({ alreadyInLibrary: true, document: { id: added.document.id, file_attached: true }, file: { filehash: SHELF_SHA1 } });
    expect(allDocumentIds(laptop.replica)).toHaveLength(1);
  });

  it('adds nothing when the service cannot be reached', async () => {
    const laptop = device();
    const offline = bridgeOver(laptop, { api: createLibraryApi({ baseUrl: 'http://127.0.0.1:9', getAccessToken: async () => 'token' }) });
    expect(await offline.call('catalog.addToLibrary', { id: 'any' })).toMatchObject({ ok: false, error: { code: 'network' } });
    expect(allDocumentIds(laptop.replica)).toEqual([]);
    expect(await offline.call('catalog.inLibrary', { records: 'nope' } as never)).toMatchObject({ ok: false, error: { code: 'invalid', field: 'records' } });
  });

  it('answers signed_out when signed out and network when the service cannot be reached', async () => {
    const signedOut = bridgeOver(device(), { signedIn: false });
    expect(await signedOut.call('catalog.search', { query: 'printing' })).toMatchObject({ ok: false, error: { code: 'signed_out' } });
    const offline = bridgeOver(device(), { api: createLibraryApi({ baseUrl: 'http://127.0.0.1:9', getAccessToken: async () => 'token' }) });
    expect(await offline.call('catalog.search', { query: 'printing' })).toMatchObject({ ok: false, error: { code: 'network' } });
    expect(await offline.call('datasets.list')).toMatchObject({ ok: false, error: { code: 'network' } });
  });
});
