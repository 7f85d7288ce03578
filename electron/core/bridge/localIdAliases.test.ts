import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempReplica, type TempReplica } from '../replica/testing.ts';
import { withCurrentIds } from './localIdAliases.ts';

let temp: TempReplica;
beforeEach(() => {
  temp = tempReplica();
});
afterEach(() => temp.dispose());

describe('local ids replaced by a push', () => {
  it('are brought up to date anywhere in a request; other values stay as they are', () => {
    const r = temp.replica;
    const doc = r.createDocument({ title: 'Kelp' });
    const other = r.createDocument({ title: 'Other' });
    r.remapId('document', doc.id, 'server-1');
    const request = { id: doc.id, scope: { ids: [doc.id, other.id, 'plain'] }, note: 'local: in text stays', n: 3 };
    expect(withCurrentIds(request, r)).toEqual({ id: 'server-1', scope: { ids: ['server-1', other.id, 'plain'] }, note: 'local: in text stays', n: 3 });
    // Nothing to change: the very same object comes back.
    const untouched = { id: other.id, list: [1, 2] };
    expect(withCurrentIds(untouched, r)).toBe(untouched);
    expect(r.getDocument(doc.id)).toBeUndefined();
    expect(r.getDocument(withCurrentIds(doc.id, r) as string)?.title).toBe('Kelp');
  });
});
