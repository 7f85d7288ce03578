import { describe, expect, it } from 'vitest';
import { RECENT_DAYS, activeFilterCount, collectionKey, collectionSort, coreFilter, groupOf, sameCollection } from './listQuery.ts';

const now = Date.UTC(2024, 5, 1);

describe('coreFilter', () => {
  it('maps each collection to the core filter', () => {
    expect(coreFilter({ kind: 'all' }, {}, now)).toEqual({});
    expect(coreFilter({ kind: 'starred' }, {})).toEqual({ starred: true });
    expect(coreFilter({ kind: 'review' }, {})).toEqual({ unconfirmed: true });
    expect(coreFilter({ kind: 'trash' }, {})).toEqual({ trashed: true });
    expect(coreFilter({ kind: 'read-recently' }, {})).toEqual({ opened: true });
    expect(coreFilter({ kind: 'tag', tag: 'kelp' }, {})).toEqual({ tag: 'kelp' });
    expect(coreFilter({ kind: 'group', id: 'g1' }, {})).toEqual({ groupId: 'g1' });
    expect(coreFilter({ kind: 'folder', id: 'f' }, { folderId: 'other' })).toEqual({ folderId: 'f' });
    expect(coreFilter({ kind: 'all' }, { folderId: 'g' })).toEqual({ folderId: 'g' });
    expect(coreFilter({ kind: 'recent' }, {}, now).addedSince).toBe(new Date(now - RECENT_DAYS * 86_400_000).toISOString());
  });

  it('passes the filter bar to the core', () => {
    expect(coreFilter({ kind: 'starred' }, { yearFrom: 1950, yearTo: 1960, type: 'book', unread: true, hasFile: true })).toEqual({
      starred: true, yearFrom: 1950, yearTo: 1960, type: 'book', unread: true, hasFile: true,
    });
    expect(coreFilter({ kind: 'all' }, { unread: false, hasFile: false })).toEqual({});
  });
});

describe('the rest of a list query', () => {
  it('counts active filters, a year range as one', () => {
    expect(activeFilterCount({})).toBe(0);
    expect(activeFilterCount({ yearFrom: 1, yearTo: 2, unread: true, folderId: 'f' })).toBe(3);
  });

  it('keys collections apart and orders Recently Read by opening time', () => {
    expect(collectionKey({ kind: 'tag', tag: 'a' })).not.toBe(collectionKey({ kind: 'tag', tag: 'b' }));
    expect(collectionKey({ kind: 'group', id: 'a' })).not.toBe(collectionKey({ kind: 'folder', id: 'a' }));
    expect(collectionSort({ kind: 'read-recently' })).toEqual({ sort: 'opened', order: 'desc' });
    expect(collectionSort({ kind: 'all' })).toBeUndefined();
  });
});

describe('group libraries', () => {
  it('lists a group collection through the core filter by group id, keyed apart from folders', () => {
    expect(coreFilter({ kind: 'group', id: 'g1' }, {})).toEqual({ groupId: 'g1' });
    expect(collectionKey({ kind: 'group', id: 'g1' })).toBe('group:g1');
    expect(sameCollection({ kind: 'group', id: 'g1' }, { kind: 'folder', id: 'g1' })).toBe(false);
  });

  it("lists a group's folder within that group's library", () => {
    expect(coreFilter({ kind: 'folder', id: 'f1', groupId: 'g1' }, {})).toEqual({ folderId: 'f1', groupId: 'g1' });
    expect(groupOf({ kind: 'folder', id: 'f1', groupId: 'g1' })).toBe('g1');
    expect(groupOf({ kind: 'group', id: 'g1' })).toBe('g1');
    expect(groupOf({ kind: 'folder', id: 'f1' })).toBeUndefined();
  });
});
