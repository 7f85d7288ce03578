import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SORT_COLUMNS, SORTED_RANGE_MAX, listStatement, rangeUse, tagsStatement, type DocumentListQuery, type DocumentSort } from './documentQueries.ts';
import { sqlOf, tempReplica, serverDocument, type TempReplica } from './testing.ts';
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
    // No flag set and nothing opened: flags fall back to title order, opened to id order.
    read: ['b', 'c', 'a'],
    starred: ['b', 'c', 'a'],
    file: ['b', 'c', 'a'],
    opened: ['a', 'b', 'c'],
  };
  for (const sort of Object.keys(SORT_COLUMNS) as DocumentSort[]) {
    it(`sorts by ${sort}, ascending and descending`, () => {
      expect(order(sort)).toEqual(expected[sort]);
      expect(order(sort, true)).toEqual([...expected[sort]].reverse());
    });
  }

  it('tells where a document stands in every sort, filter and order, as the pages list it', () => {
    r.applyRemote('document', serverDocument('d', { title: 'Mid', year: 2001 }));
    r.applyRemote('document', serverDocument('g', { title: 'Group paper', group_id: 'g1' }));
    for (const sort of Object.keys(SORT_COLUMNS) as DocumentSort[]) {
      for (const direction of ['asc', 'desc'] as const) {
        for (const filter of [{}, { yearFrom: 2001 }]) {
          const query = { sort, order: direction, ...filter };
          const ids = r.listDocuments(query).map((d) => d.id);
          for (const id of ['a', 'b', 'c', 'd']) {
            expect(r.documentPosition(id, query), `${id} by ${sort} ${direction} ${JSON.stringify(filter)}`).toBe(ids.includes(id) ? ids.indexOf(id) : null);
          }
        }
      }
    }
    // Not in this library, not in the list at all.
    expect(r.documentPosition('g', { sort: 'title' })).toBeNull();
    expect(r.documentPosition('g', { sort: 'title', groupId: 'g1' })).toBe(0);
    expect(r.documentPosition('nope', { sort: 'title' })).toBeNull();
  });

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
    for (const sort of Object.keys(SORT_COLUMNS) as DocumentSort[]) {
      // Recently Read lists opened documents only, which its partial index holds.
      const { sql, params } = listStatement({ sort, order: 'desc', limit: 50, opened: sort === 'opened' ? true : undefined });
      const plan = sqlOf(r).prepare(`EXPLAIN QUERY PLAN ${sql}`).all(params) as { detail: string }[];
      const details = plan.map((p) => p.detail).join(' | ');
      expect(details, sort).toMatch(/USING INDEX documents_by_/);
      expect(details, sort).not.toMatch(/TEMP B-TREE/);
    }
  });

  it('walks an index for the first page of every sortable column in every collection and filter (no temporary sort of the matches)', () => {
    // The sidebar's collections and the filter bar's filters, as the window hands them to the core.
    const filters: Record<string, DocumentListQuery> = {
      all: {}, group: { groupId: 'g1' }, trash: { trashed: true }, starred: { starred: true }, review: { unconfirmed: true },
      'read recently': { opened: true }, folder: { folderId: 'f1' }, tag: { tag: 'coral' }, unread: { unread: true },
      'has a file': { hasFile: true }, type: { type: 'book' }, recent: { addedSince: '2020-01-01T00:00:00.000Z' },
      years: { yearFrom: 1990, yearTo: 2020 }, 'recent, unread, from 2000': { addedSince: '2020-01-01T00:00:00.000Z', unread: true, yearFrom: 2000 },
    };
    for (const [name, filter] of Object.entries(filters)) {
      for (const sort of Object.keys(SORT_COLUMNS) as DocumentSort[]) {
        // Recently Read lists by opening time, and only it does (its partial index holds opened documents only).
        if ((sort === 'opened') !== (filter.opened === true)) continue;
        for (const order of ['asc', 'desc'] as const) {
          const query = { ...filter, sort, order, limit: 50 };
          // A range with many matches (Recent after a first sync) is what must not be sorted whole.
          const { sql, params } = listStatement(query, 'addedSince' in filter || 'yearFrom' in filter ? 'filter' : 'index');
          const plan = (sqlOf(r).prepare(`EXPLAIN QUERY PLAN ${sql}`).all(params) as { detail: string }[]).map((p) => p.detail).join(' | ');
          expect(plan, `${name} by ${sort} ${order}`).not.toMatch(/TEMP B-TREE/);
          expect(plan, `${name} by ${sort} ${order}`).toMatch(/USING (COVERING )?INDEX (documents_by_|folder_documents)/);
          expect(plan, `${name} by ${sort} ${order}`).not.toMatch(/SCAN d\b(?! USING)/);
        }
      }
    }
  });

  it('leaves a range filter with many matches to the sort key\'s index, and sorts a few matches itself, with the same rows', () => {
    const many = SORTED_RANGE_MAX + 50;
    r.applyRemoteBatch('document', Array.from({ length: many }, (_, i) => serverDocument(`m${i}`, { title: `Many ${String((i * 7919) % many).padStart(5, '0')}`, year: 1950 + (i % 60) })));
    const wide = { yearFrom: 1900, yearTo: 2030, sort: 'title', order: 'asc', limit: 50, offset: 120 } as const;
    const narrow = { ...wide, yearFrom: 2000, yearTo: 2000, offset: 0 };
    expect(rangeUse(sqlOf(r), wide)).toBe('filter');
    expect(rangeUse(sqlOf(r), narrow)).toBe('index');
    expect(rangeUse(sqlOf(r), { ...wide, sort: 'year' })).toBe('index'); // its own index serves range and order at once
    for (const query of [wide, narrow, { ...wide, sort: 'added', order: 'desc' } as const]) {
      const both = (['index', 'filter'] as const).map((ranges) => {
        const { sql, params } = listStatement(query, ranges);
        return (sqlOf(r).prepare(sql).all(params) as { id: string }[]).map((row) => row.id);
      });
      expect(both[0]!.length, JSON.stringify(query)).toBeGreaterThan(0);
      expect(both[1], JSON.stringify(query)).toEqual(both[0]);
      expect(r.listDocuments(query).map((d) => d.id)).toEqual(both[0]);
    }
  });

  it('sorts by the read, starred and file flags, then by title within each', () => {
    r.updateDocument('a', { starred: true, read: true });
    r.updateDocument('c', { starred: true });
    expect(order('starred', true)).toEqual(['a', 'c', 'b']);
    expect(order('read')).toEqual(['b', 'c', 'a']);
    expect(order('read', true)).toEqual(['a', 'c', 'b']);
  });

  it('filters by year range, type, unread, file and tag, and counts the same', () => {
    r.updateDocument('a', { read: true, tags: ['coral', 'reefs'] });
    r.updateDocument('c', { tags: ['coral'] });
    const ids = (filter: Parameters<Replica['listDocuments']>[0]) => r.listDocuments(filter).map((d) => d.id);
    expect(ids({ yearFrom: 2000 })).toEqual(['c', 'a']);
    expect(ids({ yearFrom: 2000, yearTo: 2010 })).toEqual(['a']);
    expect(ids({ yearTo: 1999 })).toEqual(['b']);
    expect(ids({ type: 'thesis' })).toEqual(['b']);
    expect(ids({ unread: true })).toEqual(['b', 'c']);
    expect(ids({ tag: 'coral' })).toEqual(['c', 'a']);
    expect(r.countDocuments({ tag: 'reefs' })).toBe(1);
    expect(ids({ hasFile: true })).toEqual([]);
    r.applyRemote('document', serverDocument('f', { title: 'With file', file_attached: true }));
    expect(ids({ hasFile: true })).toEqual(['f']);
    expect(() => r.listDocuments({ yearFrom: 1.5 })).toThrow(/yearFrom must be a whole number/);
    expect(() => r.listDocuments({ tag: '' })).toThrow(/tag must be a non-empty string/);
  });

  it('keeps the tag list true through edits, pulls, remaps and the trash', () => {
    r.updateDocument('a', { tags: ['coral', 'reefs'] });
    r.updateDocument('b', { tags: ['coral'] });
    expect(r.listTags()).toEqual([{ tag: 'coral', count: 2 }, { tag: 'reefs', count: 1 }]);
    r.updateDocument('a', { tags: ['reefs'] });
    expect(r.listTags()).toEqual([{ tag: 'coral', count: 1 }, { tag: 'reefs', count: 1 }]);
    r.applyRemote('document', serverDocument('c', { title: 'Mid', tags: ['kelp'] }));
    expect(r.listTags().map((t) => t.tag)).toEqual(['coral', 'kelp', 'reefs']);
    const local = r.createDocument({ title: 'New', tags: ['seagrass'] });
    expect(r.listDocuments({ tag: 'seagrass' }).map((d) => d.id)).toEqual([local.id]);
    r.remapId('document', local.id, 'server-id');
    expect(r.listDocuments({ tag: 'seagrass' }).map((d) => d.id)).toEqual(['server-id']);
    r.trashDocument('server-id');
    expect(r.listTags().map((t) => t.tag)).toEqual(['coral', 'kelp', 'reefs']);
    expect(r.listTags('g1')).toEqual([]);
  });

  it('counts the personal library\'s tags from the tag rows, leaving out the trash and the groups\' documents', () => {
    r.updateDocument('a', { tags: ['coral', 'reefs'] });
    r.updateDocument('b', { tags: ['coral', 'kelp'] });
    r.updateDocument('c', { tags: ['coral', 'kelp', 'trench'] });
    r.applyRemote('document', serverDocument('g', { title: 'Group', group_id: 'g1', tags: ['coral', 'shared'] }));
    r.trashDocument('c');
    // Each library's own documents, tag by tag: the counts listTags must give.
    const direct = (groupId: string | null) => sqlOf(r).prepare(`SELECT t.tag AS tag, count(*) AS count FROM document_tags t JOIN documents d ON d.id = t.document_id
      WHERE d.group_id IS ? AND d.trashed = 0 GROUP BY t.tag ORDER BY count DESC, t.tag COLLATE NOCASE`).all(groupId);
    expect(r.listTags()).toEqual([{ tag: 'coral', count: 2 }, { tag: 'kelp', count: 1 }, { tag: 'reefs', count: 1 }]);
    expect(r.listTags()).toEqual(direct(null));
    expect(r.listTags('g1')).toEqual([{ tag: 'coral', count: 1 }, { tag: 'shared', count: 1 }]);
    expect(r.listTags('g1')).toEqual(direct('g1'));
    // No walk over the library's own documents: the tag rows, and the documents outside it.
    const { sql, params } = tagsStatement(null);
    const plan = (sqlOf(r).prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((p) => p.detail).join(' | ');
    expect(plan).toMatch(/SCAN document_tags\b/);
    expect(plan).toMatch(/SEARCH t USING COVERING INDEX document_tags_by_document/);
    expect(plan).not.toMatch(/SCAN documents\b/);
  });

  it('lists what this device opened, latest first, without a change to sync', () => {
    const before = r.countOutbox();
    expect(r.markOpened('b')).toBe(true);
    expect(r.markOpened('nope')).toBe(false);
    sqlOf(r).prepare('UPDATE documents SET last_opened_local = ? WHERE id = ?').run('2020-01-01T00:00:00.000Z', 'b');
    r.markOpened('a');
    expect(r.listDocuments({ opened: true, sort: 'opened', order: 'desc' }).map((d) => d.id)).toEqual(['a', 'b']);
    expect(r.getDocument('a')?.last_opened_local).toMatch(/^\d{4}-/);
    expect(r.countOutbox()).toBe(before);
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
