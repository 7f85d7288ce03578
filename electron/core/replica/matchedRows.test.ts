import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { matchedRowNos } from './matchedRows.ts';
import { tempReplica, serverDocument, sqlOf, type TempReplica } from './testing.ts';
import type { Replica } from './replica.ts';

let temp: TempReplica;
let r: Replica;
beforeEach(() => {
  temp = tempReplica();
  r = temp.replica;
});
afterEach(() => temp.dispose());

const mosses = (from: number, n: number) => Array.from({ length: n }, (_, i) => serverDocument(`d${from + i}`, { title: `Moss ${from + i}` }));
const rowNosOf = (ids: string[]) => ids.map((id) => sqlOf(r).prepare('SELECT row_no FROM documents WHERE id = ?').pluck().get(id) as number);

describe('the matches of a search, shared with its count', () => {
  it('answers a second read of the same query from the first when it holds them all or enough', () => {
    r.applyRemoteBatch('document', mosses(0, 30));
    const db = sqlOf(r);
    const all = matchedRowNos(db, '"moss" *', 100);
    expect(all).toEqual(rowNosOf(mosses(0, 30).map((d) => d.id as string)).reverse());
    // every match: any longer read is the same list
    expect(matchedRowNos(db, '"moss" *', 1000)).toBe(all);
    expect(matchedRowNos(db, '"moss" *', 10)).toEqual(all.slice(0, 10));
    // ten of thirty: a read of more rows reads the index again
    const first = matchedRowNos(db, '"moss" *', 10);
    expect(matchedRowNos(db, '"moss" *', 20)).not.toBe(first);
    expect(matchedRowNos(db, '"moss" *', 20)).toEqual(all.slice(0, 20));
    expect(matchedRowNos(db, '"survey" *', 100)).toEqual([]);
  });

  it('reads the index again after any write, so a count after a search sees what changed between them', () => {
    r.applyRemoteBatch('document', mosses(0, 5));
    expect(r.searchDocuments('moss').length).toBe(5);
    r.applyRemoteBatch('document', mosses(5, 2));
    expect(r.countSearchResults('moss', { atMost: 1000 })).toBe(7);
    expect(r.searchDocuments('moss').length).toBe(7);
    r.deleteDocument('d0');
    expect(r.countSearchResults('moss', { atMost: 1000 })).toBe(6);
    r.updateDocument('d1', { title: 'Lichen' });
    expect(r.countSearchResults('moss', { atMost: 1000 })).toBe(5);
    expect(r.searchDocuments('moss').map((d) => d.id)).not.toContain('d1');
  });
});
