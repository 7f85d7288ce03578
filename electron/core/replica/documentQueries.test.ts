import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SORT_COLUMNS, type DocumentSort } from './documentQueries.ts';
import { tempReplica, serverDocument, type TempReplica } from './testing.ts';
import type { Replica } from './replica.ts';

let temp: TempReplica;
let r: Replica;
beforeEach(() => {
  temp = tempReplica();
  r = temp.replica;
  // Each column orders the three documents differently, so a wrong column shows.
  r.applyRemote('document', serverDocument('a', {
    title: 'Zoology', type: 'book', year: 2001, source: 'Beta Journal', authors: [{ last_name: 'Ćwik' }],
    created: '2020-01-03T00:00:00.000Z', last_modified: '2020-01-01T00:00:00.000Z',
  }));
  r.applyRemote('document', serverDocument('b', {
    title: 'ångström units', type: 'thesis', year: 1999, source: 'alpha letters', authors: [{ last_name: 'Zed' }],
    created: '2020-01-01T00:00:00.000Z', last_modified: '2020-01-03T00:00:00.000Z',
  }));
  r.applyRemote('document', serverDocument('c', {
    title: 'Mid', type: 'journal', year: 2020, source: 'Gamma', authors: [{ last_name: 'Abel' }],
    created: '2020-01-02T00:00:00.000Z', last_modified: '2020-01-02T00:00:00.000Z',
  }));
});
afterEach(() => temp.dispose());

const order = (sort: DocumentSort, desc = false) => r.listDocuments({ sort, order: desc ? 'desc' : 'asc' }).map((d) => d.id);

describe('listDocuments', () => {
  const expected: Record<DocumentSort, string[]> = {
    title: ['b', 'c', 'a'], // accents ignored: "ångström" sorts as "angstrom"
    first_author: ['c', 'a', 'b'], // "Ćwik" as "cwik"
    year: ['b', 'a', 'c'],
    source: ['b', 'a', 'c'], // case ignored
    type: ['a', 'c', 'b'],
    added: ['b', 'c', 'a'],
    modified: ['a', 'c', 'b'],
  };
  for (const sort of Object.keys(SORT_COLUMNS) as DocumentSort[]) {
    it(`sorts by ${sort}, ascending and descending`, () => {
      expect(order(sort)).toEqual(expected[sort]);
      expect(order(sort, true)).toEqual([...expected[sort]].reverse());
    });
  }

  it('pages with limit and offset, ties broken by id', () => {
    r.applyRemote('document', serverDocument('d', { title: 'Mid' }));
    expect(r.listDocuments({ sort: 'title', limit: 2 }).map((d) => d.id)).toEqual(['b', 'c']);
    expect(r.listDocuments({ sort: 'title', limit: 2, offset: 2 }).map((d) => d.id)).toEqual(['d', 'a']);
    expect(() => r.listDocuments({ limit: 0 })).toThrow(/limit/);
    expect(() => r.listDocuments({ sort: 'nope' as DocumentSort })).toThrow(/cannot be sorted by nope/);
  });

  it('filters by library, folder, trash, starred, unconfirmed and recently added, and counts the same', () => {
    r.applyRemote('document', serverDocument('g', { group_id: 'g1' }));
    r.updateDocument('a', { starred: true, confirmed: true });
    r.updateDocument('b', { confirmed: true });
    r.trashDocument('c');
    r.applyRemote('folder', { id: 'f1', name: 'F' });
    r.addDocumentToFolder('f1', 'b');
    expect(r.listDocuments().map((d) => d.id)).toEqual(['b', 'a']);
    expect(r.countDocuments()).toBe(2);
    expect(r.listDocuments({ groupId: 'g1' }).map((d) => d.id)).toEqual(['g']);
    expect(r.listDocuments({ trashed: true }).map((d) => d.id)).toEqual(['c']);
    expect(r.listDocuments({ starred: true }).map((d) => d.id)).toEqual(['a']);
    expect(r.countDocuments({ unconfirmed: true })).toBe(0);
    expect(r.countDocuments({ unconfirmed: true, trashed: true })).toBe(1);
    expect(r.listDocuments({ folderId: 'f1' }).map((d) => d.id)).toEqual(['b']);
    expect(r.listDocuments({ addedSince: '2020-01-03T00:00:00.000Z' }).map((d) => d.id)).toEqual(['a']);
    const fresh = r.createDocument({ title: 'Just now' });
    expect(r.listDocuments({ sort: 'added', order: 'desc', limit: 1 })[0]?.id).toBe(fresh.id);
  });

  it('uses an index for every sort (no temporary sort b-tree)', () => {
    for (const column of Object.values(SORT_COLUMNS)) {
      const plan = r.db.prepare(`EXPLAIN QUERY PLAN SELECT * FROM documents d WHERE d.group_id IS ? AND d.trashed = 0 ORDER BY d.${column} DESC, d.id DESC LIMIT 50`).all(null) as { detail: string }[];
      const details = plan.map((p) => p.detail).join(' | ');
      expect(details, column).toMatch(/USING INDEX documents_by_/);
      expect(details, column).not.toMatch(/TEMP B-TREE/);
    }
  });

  it('folderTree nests and sorts folders by name', () => {
    const b = r.createFolder({ name: 'beta' });
    r.createFolder({ name: 'Alpha' });
    r.createFolder({ name: 'child', parent_id: b.id });
    const tree = r.folderTree();
    expect(tree.map((n) => n.name)).toEqual(['Alpha', 'beta']);
    expect(tree[1]!.children.map((n) => n.name)).toEqual(['child']);
  });
});
