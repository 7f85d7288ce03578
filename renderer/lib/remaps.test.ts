import { describe, expect, it } from 'vitest';
import type { LibraryDocument, LibraryFolderNode } from '../../shared/bridge/contract.ts';
import { findFolderRemaps, findRemaps } from './remaps.ts';

const doc = (id: string, title: string, added: string): LibraryDocument =>
  ({ id, title, type: 'journal', trashed: false, added_local: added, modified_local: added });

describe('findRemaps', () => {
  it('follows a local document to its server id by added time and title', () => {
    const before = new Map([['local:1', doc('local:1', 'A', 't1')], ['local:2', doc('local:2', 'B', 't2')]]);
    const after = [doc('srv-1', 'A', 't1'), doc('local:2', 'B', 't2'), doc('srv-9', 'A', 't9')];
    expect(findRemaps(['local:1', 'local:2', 'srv-5'], before, after)).toEqual(new Map([['local:1', 'srv-1']]));
  });

  it('does not guess when two rows could be the renamed one', () => {
    const before = new Map([['local:1', doc('local:1', 'A', 't1')]]);
    expect(findRemaps(['local:1'], before, [doc('s1', 'A', 't1'), doc('s2', 'A', 't1')]).size).toBe(0);
  });
});

describe('findFolderRemaps', () => {
  const folder = (id: string, name: string, children: LibraryFolderNode[] = [], parent_id?: string): LibraryFolderNode =>
    ({ id, name, children, ...(parent_id ? { parent_id } : {}) });

  it('follows renamed folders, parents before children', () => {
    const before = [folder('local:p', 'Projects', [folder('local:c', 'Child', [], 'local:p')]), folder('keep', 'Keep')];
    const after = [folder('srv-p', 'Projects', [folder('srv-c', 'Child', [], 'srv-p')]), folder('keep', 'Keep')];
    expect(findFolderRemaps(before, after)).toEqual(new Map([['local:p', 'srv-p'], ['local:c', 'srv-c']]));
  });

  it('leaves a deleted local folder unmapped', () => {
    expect(findFolderRemaps([folder('local:x', 'Gone')], [folder('old', 'Other')]).size).toBe(0);
  });
});
