// Listing bodies spliced from cached documents and reused as whole pages: every answer must
// be byte for byte what serialising the current rows afresh gives, in every view, after
// each kind of change a document can see (edit, file attached, trash, restore, new).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService, type TestUser } from '../testing/testService.ts';
import { documentClient, type DocumentClient } from './documentsTesting.ts';
import { documentStore } from './documentStore.ts';
import { PageBodyCache } from './pageBodyCache.ts';
import type { DocumentView } from '../../shared/schemas/document.ts';

let service: TestService;
let alice: TestUser;
let client: DocumentClient;
let ids: string[];

beforeAll(async () => {
  service = await startTestService();
  alice = await service.createUser();
  client = documentClient(service, alice);
  ids = [];
  for (let i = 0; i < 6; i++) ids.push((await client.create({ title: `Paper ${i}`, year: 2000 + i, authors: [{ last_name: `Author ${i}` }] })).id);
});
afterAll(async () => service.stop());

const VIEWS: (DocumentView | undefined)[] = [undefined, 'bib', 'client', 'all', 'patent', 'tags'];

/** What the page must be: the caller's documents in the listing's order, serialised from their rows now. */
async function fresh(view: DocumentView | undefined, order: 'asc' | 'desc', limit: number): Promise<string> {
  let q = service.ctx.db.selectFrom('documents').selectAll().where('profile_id', '=', alice.id).where('group_id', 'is', null).where('trashed_at', 'is', null);
  q = q.orderBy('last_modified', order).orderBy('id', order).limit(limit);
  return JSON.stringify(await documentStore(service.ctx).toJsonList(await q.execute(), view));
}

async function expectFreshPages(): Promise<void> {
  for (const view of VIEWS) {
    for (const [order, limit] of [['asc', 500], ['desc', 3]] as const) {
      const path = `/documents?limit=${limit}&order=${order}${view ? `&view=${view}` : ''}`;
      // Twice: the second answer comes from the page cache.
      for (let i = 0; i < 2; i++) {
        const res = await client.get(path);
        expect(res.status).toBe(200);
        expect(await res.text(), `${path} (answer ${i + 1})`).toBe(await fresh(view, order, limit));
      }
    }
  }
}

describe('listing pages spliced from cached documents', () => {
  it('are the fresh serialisation of every view, and stay so through edits, files, trash and creates', async () => {
    await expectFreshPages();

    const edited = await client.send('PATCH', `/documents/${ids[2]}`, { title: 'Paper 2, revised', abstract: 'Now with an abstract' });
    expect(edited.status).toBe(200);
    await expectFreshPages();

    // A file changes no document row, only file_attached in the client and all views.
    const upload = await service.fetch('/files', {
      method: 'POST',
      headers: {
        ...alice.auth,
        Accept: service.ctx.mediaTypes.file,
        'Content-Type': 'application/pdf',
        'Content-Disposition': 'attachment; filename="paper.pdf"',
        Link: `<${service.url}/documents/${ids[4]}>; rel=document`,
      },
      body: new Uint8Array(Buffer.from('%PDF-1.4 bytes')),
    });
    expect(upload.status).toBe(201);
    expect(((await client.json<{ id: string; file_attached?: boolean }[]>('/documents?view=all')).find((d) => d.id === ids[4]))?.file_attached).toBe(true);
    await expectFreshPages();

    expect((await client.send('POST', `/documents/${ids[0]}/trash`)).status).toBe(204);
    await expectFreshPages();
    expect((await client.send('POST', `/trash/${ids[0]}/restore`)).status).toBeLessThan(300);
    await client.create({ title: 'Paper 6' });
    await expectFreshPages();
  });
});

describe('PageBodyCache', () => {
  it('answers a body only for the very same keys in the same order', () => {
    const cache = new PageBodyCache();
    const body = Buffer.from('[1,2,3]');
    cache.set(['a', 'b', 'c'], body);
    expect(cache.get(['a', 'b', 'c'])).toBe(body);
    // Same first, last and length, another document in the middle.
    expect(cache.get(['a', 'x', 'c'])).toBeUndefined();
    expect(cache.get(['c', 'b', 'a'])).toBeUndefined();
    expect(cache.get(['a', 'c'])).toBeUndefined();
  });

  it('holds at most its bound of bytes, dropping the least recently used page', () => {
    const cache = new PageBodyCache(40);
    cache.set(['a'], Buffer.alloc(10));
    cache.set(['b'], Buffer.alloc(10));
    cache.set(['c'], Buffer.alloc(10));
    expect(cache.get(['a'])).toBeDefined(); // now the most recent
    cache.set(['d'], Buffer.alloc(10)); // 40 bytes: all fit
    cache.set(['e'], Buffer.alloc(10)); // 50: the least recent (b) goes
    expect(cache.get(['b'])).toBeUndefined();
    expect(cache.get(['a'])).toBeDefined();
    expect(cache.get(['e'])).toBeDefined();
    cache.set(['huge'], Buffer.alloc(11)); // over a quarter of the bound: never kept
    expect(cache.get(['huge'])).toBeUndefined();
  });
});
