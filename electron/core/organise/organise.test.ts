// Saved searches and related items through the bridge's handlers, over a real replica and
// the real test service: requests are checked, links follow a sync that gives new documents
// the service's ids, and the trash hides links until a restore.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService, type TestUser } from '../../../server/testing/testService.ts';
import { openApp, type AppUnderTest } from '../people/peopleTesting.ts';

let service: TestService;
let user: TestUser;
let app: AppUnderTest;

beforeAll(async () => {
  service = await startTestService();
  user = await service.createUser({ first_name: 'Olga', last_name: 'Organiser' });
});
afterAll(async () => service.stop());
beforeAll(() => { app = openApp(service.url, user); });
afterEach(async () => {
  for (const s of await app.run('savedSearches.list')) await app.run('savedSearches.delete', { id: s.id });
});
afterAll(async () => app.device.dispose());

describe('saved searches through the bridge', () => {
  it('saves, lists, renames and deletes a search with its filters', async () => {
    const criteria = { collection: { kind: 'tag' as const, tag: 'ecology' }, text: 'storey 2003', filters: { yearFrom: 2000, type: 'journal' as const, unread: true } };
    const saved = await app.run('savedSearches.save', { name: 'Storey', criteria });
    expect(saved.criteria).toEqual(criteria);
    await app.run('savedSearches.rename', { id: saved.id, name: 'Storey papers' });
    expect((await app.run('savedSearches.list')).map((s) => s.name)).toEqual(['Storey papers']);
    await app.run('savedSearches.delete', { id: saved.id });
    expect(await app.run('savedSearches.list')).toEqual([]);
  });

  it('refuses malformed criteria with a sentence naming the field, and stores only what it knows', async () => {
    const bad = async (criteria: unknown) => {
      const result = await app.attempt('savedSearches.save', { name: 'x', criteria } as never);
      expect(result.ok).toBe(false);
      return result.ok ? '' : result.error.message;
    };
    expect(await bad({ collection: { kind: 'everything' }, text: '' })).toMatch(/collection.kind must be one of/);
    expect(await bad({ collection: { kind: 'folder' }, text: '' })).toMatch(/id must be a non-empty string/);
    expect(await bad({ collection: { kind: 'all' }, text: 3 })).toBe('text must be a string');
    expect(await bad({ collection: { kind: 'all' }, text: '', filters: { yearFrom: 20.5 } })).toBe('yearFrom must be a whole year');
    expect(await bad({ collection: { kind: 'all' }, text: '', filters: { type: 'poem' } })).toBe('type must be a document type');
    expect(await bad({ collection: { kind: 'all' }, text: 'x'.repeat(1001) })).toMatch(/at most 1000 characters/);
    const blank = await app.attempt('savedSearches.save', { name: '  ', criteria: { collection: { kind: 'all' }, text: '', filters: {} } });
    expect(blank.ok ? '' : blank.error.message).toBe('A saved search needs a name');
    const saved = await app.run('savedSearches.save', { name: 'Clean', criteria: { collection: { kind: 'all', extra: 1 }, text: '', filters: { unread: false, sneaky: 'x' } } as never });
    expect(saved.criteria).toEqual({ collection: { kind: 'all' }, text: '', filters: {} });
  });
});

describe('related items through the bridge', () => {
  it('links both ways, follows the ids a sync gives, hides trashed links and drops deleted ones', async () => {
    const a = await app.run('documents.create', { title: 'Alpha study', type: 'journal' });
    const b = await app.run('documents.create', { title: 'Beta replication', type: 'journal' });
    await app.run('relations.add', { documentId: a.id, relatedId: b.id });
    await app.device.sync();
    const ids = (await app.run('documents.list')).items.map((d) => d.id);
    const [newA, newB] = [a, b].map((d) => ids.find((id) => !id.startsWith('local:') && app.device.replica.getDocument(id)?.title === d.title)!);
    expect(newA).toBeDefined();
    // The window may still hold the old ids: they are brought up to date.
    expect((await app.run('relations.list', { documentId: a.id })).map((d) => d.id)).toEqual([newB]);
    expect((await app.run('relations.list', { documentId: newB! })).map((d) => d.title)).toEqual(['Alpha study']);

    await app.run('documents.trash', { id: newB! });
    expect(await app.run('relations.list', { documentId: newA! })).toEqual([]);
    await app.run('documents.restore', { id: newB! });
    expect((await app.run('relations.list', { documentId: newA! })).map((d) => d.title)).toEqual(['Beta replication']);

    await app.run('relations.remove', { documentId: newB!, relatedId: newA! });
    expect(await app.run('relations.list', { documentId: newA! })).toEqual([]);
    await app.run('relations.add', { documentId: newA!, relatedId: newB! });
    await app.run('documents.trash', { id: newB! });
    await app.run('documents.delete', { id: newB! });
    await app.run('documents.restore', { id: newB! }).catch(() => undefined);
    expect(await app.run('relations.list', { documentId: newA! })).toEqual([]);
  });

  it('refuses a document related to itself with a readable sentence', async () => {
    const a = await app.run('documents.create', { title: 'Solo', type: 'journal' });
    const result = await app.attempt('relations.add', { documentId: a.id, relatedId: a.id });
    expect(result.ok ? '' : result.error.message).toBe('A document cannot be related to itself');
  });
});
