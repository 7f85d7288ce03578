// The guard checks the library an import really writes to: a folder decides on its own, so a
// writable group named beside a read-only group's folder does not open that folder.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Handlers } from '../commands/handlerTypes.ts';
import { tempReplica, type TempReplica } from '../replica/testing.ts';
import { guardGroupWrites } from './groupWriteGuard.ts';

let r: TempReplica;
let importPaths: (request: unknown) => unknown;
beforeEach(() => {
  r = tempReplica();
  r.replica.setGroups([{ id: 'lab', name: 'Lab', role: 'member' }, { id: 'open', name: 'Open lab', role: 'follower' }]);
  const guarded = guardGroupWrites({ 'import.paths': () => 'imported' } as unknown as Handlers, r.replica);
  importPaths = guarded['import.paths'] as (request: unknown) => unknown;
});
afterEach(() => r.dispose());

describe('the group-write guard on import.paths', () => {
  it("judges a folder's import by the folder's group, whatever group is named with it", () => {
    const openFolder = r.replica.createFolder({ name: 'Readings', group_id: 'open' });
    expect(() => importPaths({ paths: ['a.pdf'], folderId: openFolder.id, groupId: 'lab' })).toThrow(/follow “Open lab”/);
    const labFolder = r.replica.createFolder({ name: 'Drafts', group_id: 'lab' });
    expect(importPaths({ paths: ['a.pdf'], folderId: labFolder.id, groupId: 'open' })).toBe('imported');
  });

  it("judges an import without a folder by the group named, and lets the personal library be", () => {
    expect(() => importPaths({ paths: ['a.pdf'], groupId: 'open' })).toThrow(/read-only for you/);
    expect(importPaths({ paths: ['a.pdf'], groupId: 'lab' })).toBe('imported');
    expect(importPaths({ paths: ['a.pdf'] })).toBe('imported');
  });
});
