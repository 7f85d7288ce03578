import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OUTSIDE_VIEW_MAX, countViewMatches } from './searchCount.ts';
import { tempReplica, serverDocument, sqlOf, type TempReplica } from './testing.ts';
import type { Replica } from './replica.ts';

let temp: TempReplica;
let r: Replica;
beforeEach(() => {
  temp = tempReplica();
  r = temp.replica;
});
afterEach(() => temp.dispose());

/** The count as the search box asks for it, and the same count checked row by row (a filter the index alone cannot answer). */
const bounded = (text: string, view: { groupId?: string; trashed?: boolean }, atMost: number) => r.countSearchResults(text, { ...view, atMost });
const exact = (text: string, view: { groupId?: string; trashed?: boolean }) =>
  r.countSearchResults(text, { ...view, unconfirmed: true }); // every test document is unconfirmed

const docs = (prefix: string, n: number, title: (i: number) => string, extra: Record<string, unknown> = {}) =>
  Array.from({ length: n }, (_, i) => serverDocument(`${prefix}${i}`, { title: title(i), ...extra }));

describe('the search count of a whole library view', () => {
  it('gives the same answers as checking every match, in and out of the trash and across libraries', () => {
    r.setGroups([{ id: 'g-1', name: 'Lab' }, { id: 'g-2', name: 'Other lab' }]);
    r.applyRemoteBatch('document', docs('p', 300, (i) => (i % 3 ? 'Moss survey' : 'Lichen survey')));
    r.applyRemoteBatch('document', docs('t', 40, (i) => (i % 2 ? 'Moss in the trash' : 'Fern')), { trashed: true });
    r.applyRemoteBatch('document', docs('g', 120, () => 'Moss of the lab', { group_id: 'g-1' }));
    r.applyRemoteBatch('document', docs('h', 30, () => 'Moss of the other lab', { group_id: 'g-2' }));
    r.applyRemoteBatch('document', docs('gt', 10, () => 'Moss trashed in the lab', { group_id: 'g-1' }), { trashed: true });
    const views = [{}, { trashed: true }, { groupId: 'g-1' }, { groupId: 'g-1', trashed: true }, { groupId: 'g-2' }, { groupId: 'g-9' }];
    for (const view of views) {
      for (const text of ['moss', 'mo', 'lichen', 'survey', 'the', 'fern', 'absent']) {
        const all = exact(text, view);
        for (const atMost of [0, 1, 9, 50, 199, 200, 1000]) {
          expect(bounded(text, view, atMost), `${text} in ${JSON.stringify(view)} up to ${atMost}`).toBe(Math.min(all, atMost + 1));
        }
      }
    }
    expect(bounded('moss', {}, 1000)).toBe(200);
    expect(bounded('moss', { groupId: 'g-1' }, 1000)).toBe(120);
  });

  it('reads a bounded number of index entries, however many documents match', () => {
    r.applyRemoteBatch('document', docs('p', 3000, () => 'Moss survey'));
    r.applyRemoteBatch('document', docs('t', 25, () => 'Moss'), { trashed: true });
    const counted = countViewMatches(sqlOf(r), '"moss" *', null, 0, 100);
    expect(counted).toEqual({ count: 101, rowsRead: 101 + 25 + 25 });
    expect(r.countSearchResults('moss', { atMost: 100 })).toBe(101);
  });

  it('checks each match when too many documents lie outside the view, with the same answers', () => {
    r.applyRemoteBatch('document', docs('p', 50, () => 'Moss survey'));
    r.applyRemoteBatch('document', docs('t', OUTSIDE_VIEW_MAX + 1, () => 'Moss'), { trashed: true });
    expect(countViewMatches(sqlOf(r), '"moss" *', null, 0, 100)).toBeUndefined();
    expect(r.countSearchResults('moss', { atMost: 100 })).toBe(50);
    expect(r.countSearchResults('moss', { trashed: true, atMost: 100 })).toBe(101);
    expect(r.countSearchResults('moss', { trashed: true, atMost: 2000 })).toBe(OUTSIDE_VIEW_MAX + 1);
  });
});
