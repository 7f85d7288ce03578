// A first sync's search index built after the sync, in slices: the library is usable when
// the sync answers, the status tells how far the build is, edits and pulls meanwhile are
// found once it is done, and a restart goes on with a build a stop left unfinished.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLibraryApi } from '../../../shared/client/index.ts';
import type { SyncStatus } from '../../../shared/bridge/contract.ts';
import { createFileStore } from '../files/fileStore.ts';
import { handlersOverDevice } from '../handlersTesting.ts';
import { openReplica } from '../replica/index.ts';
import { createSyncEngine } from './syncEngine.ts';
import { oneUserDevices, type Device } from './syncTesting.ts';

const { device, service, user } = oneUserDevices();
const IN_SLICES = { searchIndexInBackgroundFrom: 1, searchIndexSlice: { documents: 4, mergePages: 1 } };

/** Documents titled with one of two words each (words of their own: the tests share one account). */
async function libraryOf(count: number, [odd, even]: [string, string]): Promise<Device> {
  const a = device();
  for (let i = 0; i < count; i++) a.replica.createDocument({ title: `Survey ${i} of ${i % 2 ? odd : even} plants`, type: 'journal' } as never);
  await a.sync();
  return a;
}

describe('the search index of a first sync', () => {
  it('is built after the sync answers, while the status says so, and then finds everything', async () => {
    const a = await libraryOf(30, ['heath', 'bog']);
    const b = device(IN_SLICES);
    const statuses: SyncStatus[] = [];
    b.engine.onStatus((s) => statuses.push(s));
    await b.sync();
    // Usable: listed and sorted; the search index is under way.
    const held = b.replica.countDocuments({});
    expect(held).toBeGreaterThanOrEqual(30);
    expect(b.replica.searchIndexState()).toMatchObject({ building: true });
    expect(b.replica.countSearchResults('bog')).toBeLessThan(15);
    // The window's search says the index is being built, and how far.
    const search = handlersOverDevice(b)['documents.search'];
    expect((await search({ text: 'bog' })).indexing).toMatchObject({ total: b.replica.countDocuments({}) });
    // An edit here and a pull of one made there, before the build is done.
    const mine = b.replica.listDocuments({ sort: 'title', limit: 1 })[0]!;
    b.replica.updateDocument(mine.id, { title: 'Fen transect, edited while indexing' });
    const theirs = a.replica.listDocuments({ sort: 'title', order: 'desc', limit: 1 })[0]!;
    a.replica.updateDocument(theirs.id, { title: 'Mire cores, edited elsewhere' });
    await a.sync();
    await b.sync();
    await a.sync();
    await b.engine.searchIndexBuilt();
    expect(b.replica.searchIndexState()).toEqual({ building: false });
    expect((await search({ text: 'bog' })).indexing).toBeUndefined();
    expect(b.replica.countSearchResults('bog')).toBe(14);
    expect(a.replica.countSearchResults('bog')).toBe(14);
    expect(b.replica.searchDocuments('transect').map((d) => d.id)).toEqual([mine.id]);
    expect(b.replica.searchDocuments('mire').map((d) => d.id)).toEqual([theirs.id]);
    const told = statuses.filter((s) => s.searchIndex).map((s) => s.searchIndex!);
    expect(told.length).toBeGreaterThan(2);
    expect(told[told.length - 1]!.done).toBeGreaterThanOrEqual(told[0]!.done);
    expect(b.engine.status().searchIndex).toBeUndefined();
  });

  it('goes on after a restart with the build a stop left unfinished', async () => {
    await libraryOf(24, ['sedge', 'moss']);
    const b = device(IN_SLICES);
    await b.sync();
    await b.engine.stop();
    const file = path.join(b.dir, 'library.sqlite');
    b.replica.close();
    const replica = openReplica(file);
    try {
      const left = replica.searchIndexState();
      expect(left).toMatchObject({ building: true });
      const engine = createSyncEngine({
        replica, api: createLibraryApi({ baseUrl: service().url, getAccessToken: async () => user().token }),
        fileStore: createFileStore(path.join(b.dir, 'files')), liveChanges: false, ...IN_SLICES,
      });
      await engine.searchIndexBuilt();
      expect(replica.searchIndexState()).toEqual({ building: false });
      expect(replica.countSearchResults('sedge')).toBe(12);
      await engine.stop();
    } finally {
      replica.close();
    }
  });

  it('is built in one go right after the sync answers for a small library', async () => {
    await libraryOf(6, ['lichen', 'fern']);
    const b = device();
    const statuses: SyncStatus[] = [];
    b.engine.onStatus((s) => statuses.push(s));
    await b.sync();
    // The answer does not wait for the index: the library is usable before it.
    expect(b.replica.searchIndexState()).toMatchObject({ building: true });
    await b.engine.searchIndexBuilt();
    expect(b.replica.searchIndexState()).toEqual({ building: false });
    expect(b.replica.countSearchResults('lichen')).toBe(3);
    // One go, not slices: no progress of a build was told.
    expect(statuses.filter((s) => s.searchIndex)).toEqual([]);
  });
});
