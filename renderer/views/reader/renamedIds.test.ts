import { describe, expect, it } from 'vitest';
import type { LibraryAnnotation } from '../../../shared/bridge/contract.ts';
import { renamedIds } from './renamedIds.ts';

const sticky = (id: string, x: number, text = ''): LibraryAnnotation => ({
  id, document_id: 'd', type: 'sticky_note', privacy_level: 'private', filehash: 'f'.repeat(40), text,
  positions: [{ top_left: { x, y: 10 }, bottom_right: { x, y: 10 }, page: 1 }],
});

describe('renamedIds', () => {
  it('follows a local id to the server id of the same annotation, whatever its text now', () => {
    const before = [sticky('local:1', 5), sticky('local:2', 7), sticky('s9', 9)];
    const after = [sticky('s10', 5, 'typed elsewhere'), sticky('local:2', 7), sticky('s9', 9)];
    expect(renamedIds(before, after)).toEqual(new Map([['local:1', 's10']]));
  });
  it('does not guess between two identical candidates, nor follow deleted ones', () => {
    expect(renamedIds([sticky('local:1', 5)], [sticky('a', 5), sticky('b', 5)]).size).toBe(0);
    expect(renamedIds([sticky('local:1', 5)], []).size).toBe(0);
  });
});
