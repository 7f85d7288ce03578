import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toMatchQuery } from './searchIndex.ts';
import { tempReplica, serverDocument, type TempReplica } from './testing.ts';
import type { Replica } from './replica.ts';

let temp: TempReplica;
let r: Replica;
beforeEach(() => {
  temp = tempReplica();
  r = temp.replica;
});
afterEach(() => temp.dispose());

const ids = (text: string, query = {}) => r.searchDocuments(text, query).map((d) => d.id);

describe('searchDocuments', () => {
  it('is accent- and case-insensitive in both directions', () => {
    r.applyRemote('document', serverDocument('d1', { title: 'Perception', authors: [{ last_name: 'Müller', first_name: 'Jürgen' }] }));
    r.applyRemote('document', serverDocument('d2', { title: 'Crème BRÛLÉE chemistry' }));
    expect(ids('Muller')).toEqual(['d1']);
    expect(ids('müller')).toEqual(['d1']);
    expect(ids('jurgen muller')).toEqual(['d1']);
    expect(ids('creme brulee')).toEqual(['d2']);
    expect(ids('Crème')).toEqual(['d2']);
  });

  it('matches the last term as a prefix while typing, whole words after a space', () => {
    r.applyRemote('document', serverDocument('d1', { title: 'Photosynthesis in algae' }));
    expect(ids('photosyn')).toEqual(['d1']);
    expect(ids('alg')).toEqual(['d1']);
    expect(ids('photosyn ')).toEqual([]);
    expect(ids('photo algae')).toEqual([]);
    expect(ids('photosynthesis alg')).toEqual(['d1']);
  });

  it('understands a year: "storey 2003" finds Storey\'s 2003 papers, and a year in a title still matches', () => {
    r.applyRemote('document', serverDocument('s2003', { title: 'A direct approach to false discovery rates', year: 2003, authors: [{ last_name: 'Storey', first_name: 'John' }] }));
    r.applyRemote('document', serverDocument('s2002', { title: 'Statistical significance for genomewide studies', year: 2002, source: 'PNAS', authors: [{ last_name: 'Storey', first_name: 'John' }] }));
    r.applyRemote('document', serverDocument('other2003', { title: 'Tumour suppressors', year: 2003, authors: [{ last_name: 'Knudson' }] }));
    r.applyRemote('document', serverDocument('titled', { title: 'Proceedings of CoNLL 2003', year: 2004 }));
    expect(ids('storey 2003 ')).toEqual(['s2003']);
    expect(ids('storey 2002')).toEqual(['s2002']);
    expect(ids('pnas 2002')).toEqual(['s2002']);
    expect(ids('conll 2003')).toEqual(['titled']);
    // An edit of the year moves the document between years.
    r.applyRemote('document', serverDocument('s2002', { title: 'Statistical significance for genomewide studies', year: 2003, authors: [{ last_name: 'Storey', first_name: 'John' }] }));
    expect(ids('storey 2003 ').sort()).toEqual(['s2002', 's2003']);
  });

  it('ranks a title match above an abstract match', () => {
    r.applyRemote('document', serverDocument('abstract-hit', { title: 'A study', abstract: 'We look at glaciers and many other long words in a long abstract' }));
    r.applyRemote('document', serverDocument('title-hit', { title: 'Glaciers of the north', abstract: 'Something else' }));
    expect(ids('glaciers')).toEqual(['title-hit', 'abstract-hit']);
  });

  it('searches authors, keywords, tags, the note, annotation text and PDF text', () => {
    r.applyRemote('document', serverDocument('d1', { keywords: ['ornithology'], tags: ['toread'] }));
    r.applyRemote('document', serverDocument('d2'));
    r.createAnnotation({ document_id: 'd2', text: 'my thoughts on axolotls' });
    r.applyRemote('document', serverDocument('d3'));
    r.setDocumentFulltext('d3', 'the full text mentions tardigrades');
    expect(ids('ornithology')).toEqual(['d1']);
    expect(ids('toread')).toEqual(['d1']);
    expect(ids('axolotl')).toEqual(['d2']);
    expect(ids('tardigrades')).toEqual(['d3']);
    r.setDocumentFulltext('d3', null);
    expect(ids('tardigrades')).toEqual([]);
  });

  it('follows local edits at once', () => {
    const doc = r.createDocument({ title: 'Draft about narwhals' });
    expect(ids('narwhal')).toEqual([doc.id]);
    r.updateDocument(doc.id, { title: 'About belugas' });
    expect(ids('narwhal')).toEqual([]);
    expect(ids('beluga')).toEqual([doc.id]);
    r.trashDocument(doc.id);
    expect(ids('beluga')).toEqual([]);
    expect(ids('beluga', { trashed: true })).toEqual([doc.id]);
  });

  it('is limited to one library', () => {
    r.applyRemote('document', serverDocument('mine', { title: 'Lichen' }));
    r.applyRemote('document', serverDocument('group', { title: 'Lichen', group_id: 'g1' }));
    expect(ids('lichen')).toEqual(['mine']);
    expect(ids('lichen', { groupId: 'g1' })).toEqual(['group']);
    expect(r.countSearchResults('lichen', { groupId: 'g1' })).toBe(1);
  });

  it('never throws on query syntax and treats it as text', () => {
    r.applyRemote('document', serverDocument('d1', { title: 'OR and NOT near a AND b' }));
    for (const input of ['"a" OR (', '*', '(', ')', '"', '""', 'NEAR(', 'a:b', '^x', '-', 'title:', '{a b}', '   ', '', '\\', "'", 'AND', 'a OR', 'NOT', '+*+']) {
      expect(() => r.searchDocuments(input), input).not.toThrow();
      expect(() => r.countSearchResults(input), input).not.toThrow();
    }
    expect(ids('"a" OR (')).toEqual(['d1']);
    expect(ids('*')).toEqual([]);
    expect(ids('NOT')).toEqual(['d1']);
  });

  it('builds quoted queries', () => {
    expect(toMatchQuery('hello wor')).toBe('"hello" "wor" *');
    expect(toMatchQuery('hello ')).toBe('"hello"');
    // A one-letter prefix would expand to much of the vocabulary: it matches as a word.
    expect(toMatchQuery('t')).toBe('"t"');
    expect(toMatchQuery('macros a')).toBe('"macros" "a"');
    expect(toMatchQuery("tex's")).toBe('"tex s"');
    expect(toMatchQuery('te')).toBe('"te" *');
    expect(toMatchQuery('Müller-Lyon')).toBe('"Müller Lyon" *');
    expect(toMatchQuery('* ( "')).toBeNull();
  });
});

describe('very broad searches', () => {
  it('beyond RANKED_MATCHES_MAX matches come latest first, still complete and filtered', async () => {
    const { RANKED_MATCHES_MAX } = await import('./documentQueries.ts');
    const rows = Array.from({ length: RANKED_MATCHES_MAX + 1 }, (_, i) => serverDocument(`d${i}`, { title: `Common word ${String(i).padStart(5, '0')}` }));
    r.applyRemoteBatch('document', rows);
    r.trashDocument('d0');
    expect(r.countSearchResults('com')).toBe(RANKED_MATCHES_MAX);
    expect(ids('com', { limit: 3 })).toEqual([`d${RANKED_MATCHES_MAX}`, `d${RANKED_MATCHES_MAX - 1}`, `d${RANKED_MATCHES_MAX - 2}`]);
    expect(ids('common 00007')).toEqual(['d7']);
  });
});

describe('searches with many matches', () => {
  it('give the latest matches first whether they are dense or sparse, and long prefixes too', async () => {
    const { RANKED_MATCHES_MAX } = await import('./documentQueries.ts');
    const n = RANKED_MATCHES_MAX * 3;
    // every document says "common"; one in 40 also "sparse", which the trash is full of
    const rows = Array.from({ length: n }, (_, i) => serverDocument(`d${i}`, {
      title: `Title ${String((i * 7919) % n).padStart(5, '0')} common${i % 40 === 0 ? ' sparse' : ''}`,
      abstract: i % 2 ? 'photosynthesis' : 'photosynthetic',
    }));
    r.applyRemoteBatch('document', rows);
    r.applyRemoteBatch('document', Array.from({ length: RANKED_MATCHES_MAX }, (_, i) => serverDocument(`t${i}`, { title: 'Sparse' })), { trashed: true });
    const latestFirst = (keep: (i: number) => boolean) => rows.filter((_, i) => keep(i)).reverse().map((d) => d.id);
    // Few enough matches to be ranked: equal scores fall back to title order.
    const titleOrder = (keep: (i: number) => boolean) => rows.filter((_, i) => keep(i)).sort((x, y) => (String(x.title) < String(y.title) ? -1 : 1)).map((d) => d.id);
    expect(ids('common', { limit: 20 })).toEqual(latestFirst(() => true).slice(0, 20));
    expect(ids('com', { limit: 20, offset: 40 })).toEqual(latestFirst(() => true).slice(40, 60));
    expect(ids('common spa', { limit: 30 })).toEqual(titleOrder((i) => i % 40 === 0).slice(0, 30));
    expect(ids('photosynth', { limit: 10 })).toEqual(latestFirst(() => true).slice(0, 10));
    expect(ids('photosynthesis ', { limit: 10 })).toEqual(latestFirst((i) => i % 2 === 1).slice(0, 10));
    expect(ids('sparse', { trashed: true, limit: 5 })).toEqual([1, 2, 3, 4, 5].map((k) => `t${RANKED_MATCHES_MAX - k}`));
  });

  it('list title hits first, then the other matches, each latest first, in pages that fit together', async () => {
    const { RANKED_MATCHES_MAX } = await import('./documentQueries.ts');
    // every document's abstract says "lichen"; one in 7 also has it in its title
    const rows = Array.from({ length: RANKED_MATCHES_MAX * 2 }, (_, i) => serverDocument(`d${i}`, {
      title: i % 7 === 0 ? `Lichen survey ${i}` : `Survey ${i}`, abstract: 'lichen and moss',
    }));
    r.applyRemoteBatch('document', rows);
    r.trashDocument('d7');
    const kept = rows.filter((d) => d.id !== 'd7').reverse();
    const titled = kept.filter((d) => String(d.title).startsWith('Lichen'));
    const expected = [...titled, ...kept.filter((d) => !String(d.title).startsWith('Lichen'))].map((d) => d.id);
    const walked: string[] = [];
    for (let offset = 0; offset < expected.length + 30; offset += 30) walked.push(...ids('lich', { limit: 30, offset }));
    expect(walked).toEqual(expected);
    expect(ids('lichen survey', { limit: titled.length + 2 })).toEqual([...titled.map((d) => d.id), ...expected.slice(titled.length, titled.length + 2)]);
    expect(r.countSearchResults('lich')).toBe(expected.length);
  });

  it('rank by the rarer terms while every term must still match', async () => {
    const { COMMON_TERM_MATCHES } = await import('./documentQueries.ts');
    const filler = Array.from({ length: COMMON_TERM_MATCHES + 1 }, (_, i) => serverDocument(`f${i}`, { title: `The survey ${i}` }));
    r.applyRemoteBatch('document', [
      ...filler,
      serverDocument('abstract-hit', { title: 'The study', abstract: 'glaciers retreat' }),
      serverDocument('title-hit', { title: 'The glaciers' }),
      serverDocument('no-the', { title: 'Glaciers alone' }),
    ]);
    expect(ids('the glaciers')).toEqual(['title-hit', 'abstract-hit']);
    expect(ids('glaciers the')).toEqual(['title-hit', 'abstract-hit']);
    expect(ids('glaciers')).toEqual(['no-the', 'title-hit', 'abstract-hit']);
  });

  it('can be counted up to a bound', () => {
    r.applyRemoteBatch('document', Array.from({ length: 30 }, (_, i) => serverDocument(`d${i}`, { title: 'Moss' })));
    expect(r.countSearchResults('moss')).toBe(30);
    expect(r.countSearchResults('moss', { atMost: 10 })).toBe(11);
    expect(r.countSearchResults('moss', { atMost: 100 })).toBe(30);
    expect(() => r.countSearchResults('moss', { atMost: -1 })).toThrow(/atMost/);
  });
});
