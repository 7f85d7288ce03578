import { describe, expect, it } from 'vitest';
import type { LibraryDocument } from '../../shared/bridge/contract.ts';
import { RECENT_DAYS, collectionKey, coreFilter, hasClientFilters, passesClientFilters, sameCollection } from './listQuery.ts';

const doc = (fields: Partial<LibraryDocument>): LibraryDocument =>
  ({ id: 'd', title: 't', type: 'journal', trashed: false, added_local: '', modified_local: '', ...fields });

describe('coreFilter', () => {
  it('maps each sidebar collection to the core filter', () => {
    const now = Date.parse('2026-03-31T00:00:00Z');
    expect(coreFilter({ kind: 'all' }, {}, now)).toEqual({});
    expect(coreFilter({ kind: 'starred' }, {})).toEqual({ starred: true });
    expect(coreFilter({ kind: 'review' }, {})).toEqual({ unconfirmed: true });
    expect(coreFilter({ kind: 'trash' }, {})).toEqual({ trashed: true });
    expect(coreFilter({ kind: 'folder', id: 'f' }, { folderId: 'other' })).toEqual({ folderId: 'f' });
    expect(coreFilter({ kind: 'all' }, { folderId: 'g' })).toEqual({ folderId: 'g' });
    expect(coreFilter({ kind: 'recent' }, {}, now).addedSince).toBe(new Date(now - RECENT_DAYS * 86_400_000).toISOString());
  });
});

describe('client filters', () => {
  it('applies year range, type and unread', () => {
    const filters = { yearFrom: 1950, yearTo: 1960, type: 'journal' as const, unread: true };
    expect(hasClientFilters(filters)).toBe(true);
    expect(hasClientFilters({ folderId: 'x' })).toBe(false);
    expect(passesClientFilters(doc({ year: 1953 }), filters)).toBe(true);
    expect(passesClientFilters(doc({ year: 1953, read: true }), filters)).toBe(false);
    expect(passesClientFilters(doc({ year: 1961 }), filters)).toBe(false);
    expect(passesClientFilters(doc({}), filters)).toBe(false);
    expect(passesClientFilters(doc({ year: 1953, type: 'book' }), filters)).toBe(false);
  });
});

describe('group libraries', () => {
  it('lists a group collection through the core filter by group id, keyed apart from folders', () => {
    expect(coreFilter({ kind: 'group', id: 'g1' }, {})).toEqual({ groupId: 'g1' });
    expect(collectionKey({ kind: 'group', id: 'g1' })).toBe('group:g1');
    expect(sameCollection({ kind: 'group', id: 'g1' }, { kind: 'folder', id: 'g1' })).toBe(false);
  });
});
