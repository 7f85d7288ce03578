import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sqlOf, tempReplica, serverDocument, type TempReplica } from './testing.ts';

let temp: TempReplica;
beforeEach(() => {
  temp = tempReplica();
});
afterEach(() => temp.dispose());

describe('counts remembered until a write', () => {
  it('answers a repeated count from memory and a count after any kind of write afresh', () => {
    const r = temp.replica;
    r.applyRemote('document', serverDocument('a', { tags: ['kelp'] }));
    expect(r.countDocuments()).toBe(1);
    // A write behind the replica's back on the same connection counts as a write too.
    sqlOf(r).prepare("UPDATE documents SET trashed = 1 WHERE id = 'a'").run();
    expect(r.countDocuments()).toBe(0);
    r.createDocument({ title: 'Kelp forests', tags: ['kelp'] });
    expect(r.countDocuments()).toBe(1);
    expect(r.countSearchResults('kelp')).toBe(1);
    expect(r.listTags()).toEqual([{ tag: 'kelp', count: 1 }]);
    r.applyRemote('document', serverDocument('b', { title: 'Kelp again', tags: ['kelp'] }));
    expect(r.countSearchResults('kelp')).toBe(2);
    expect(r.listTags()).toEqual([{ tag: 'kelp', count: 2 }]);
    expect(r.countDocuments({ starred: true })).toBe(0);
  });
});
