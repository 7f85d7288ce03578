// The catalog commands against the real service with the sample catalog loaded: search and
// its paging, a document with reader statistics, and "add to library" through the replica.
import { beforeAll, describe, expect, it } from 'vitest';
import { createLibraryApi } from '../../../shared/client/libraryApi.ts';
import { ensureSampleCatalog } from '../../../server/catalog/sampleCatalog.ts';
import { allDocumentIds, oneUserDevices } from '../sync/syncTesting.ts';
import { bridgeOver } from './catalogTesting.ts';

describe('catalog commands', () => {
  const { service, device } = oneUserDevices();
  beforeAll(() => {
    ensureSampleCatalog(service().ctx, { force: true });
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
    // The sample catalog holds no files, so nothing is attached.
    expect(added.file).toBeUndefined();
    expect(laptop.replica.listFiles(added.document.id)).toEqual([]);
    expect(bridge.events).toContainEqual({ name: 'library.changed', payload: { kinds: ['document'], ids: [added.document.id] } });
    expect(bridge.syncRequests()).toBe(1);

    await laptop.sync();
    const [serverId] = allDocumentIds(laptop.replica);
    const onService = await laptop.api.documents.get(serverId!);
    expect(onService.title).toBe(record.title);
  });

  it('answers signed_out when signed out and network when the service cannot be reached', async () => {
    const signedOut = bridgeOver(device(), { signedIn: false });
    expect(await signedOut.call('catalog.search', { query: 'printing' })).toMatchObject({ ok: false, error: { code: 'signed_out' } });
    const offline = bridgeOver(device(), { api: createLibraryApi({ baseUrl: 'http://127.0.0.1:9', getAccessToken: async () => 'token' }) });
    expect(await offline.call('catalog.search', { query: 'printing' })).toMatchObject({ ok: false, error: { code: 'network' } });
    expect(await offline.call('datasets.list')).toMatchObject({ ok: false, error: { code: 'network' } });
  });
});
