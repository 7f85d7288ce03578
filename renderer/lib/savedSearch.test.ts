import { describe, expect, it } from 'vitest';
import { criteriaOf, describeCriteria, sameCriteria, suggestedName, type Names } from './savedSearch.ts';

const names: Names = { folder: (id) => (id === 'f1' ? 'Thesis' : undefined), group: (id) => (id === 'g1' ? 'Lab' : undefined) };

describe('saved search criteria', () => {
  it('keeps only the filters that are on, and the trimmed text', () => {
    expect(criteriaOf({ kind: 'all' }, '  storey 2003 ', { unread: false, hasFile: undefined, yearFrom: 2003 })).toEqual({
      collection: { kind: 'all' }, text: 'storey 2003', filters: { yearFrom: 2003 },
    });
  });

  it('tells the saved search that is shown: same collection, text (case aside) and filters', () => {
    const saved = criteriaOf({ kind: 'tag', tag: 'ecology' }, 'Storey', { type: 'journal' });
    expect(sameCriteria(saved, criteriaOf({ kind: 'tag', tag: 'ecology' }, 'storey ', { type: 'journal', unread: false }))).toBe(true);
    expect(sameCriteria(saved, criteriaOf({ kind: 'tag', tag: 'ecology' }, 'storey', {}))).toBe(false);
    expect(sameCriteria(saved, criteriaOf({ kind: 'tag', tag: 'other' }, 'storey', { type: 'journal' }))).toBe(false);
    expect(sameCriteria(saved, criteriaOf({ kind: 'all' }, 'storey', { type: 'journal' }))).toBe(false);
    expect(sameCriteria(criteriaOf({ kind: 'folder', id: 'f1' }, '', {}), criteriaOf({ kind: 'folder', id: 'f2' }, '', {}))).toBe(false);
  });

  it('describes a search in words, naming folders and groups', () => {
    expect(describeCriteria(criteriaOf({ kind: 'all' }, 'storey', { yearFrom: 2003, yearTo: 2003, type: 'journal', unread: true }), names))
      .toBe('“storey” in My Library · 2003 · Journal article · unread');
    expect(describeCriteria(criteriaOf({ kind: 'group', id: 'g1' }, '', { yearFrom: 2000, hasFile: true, folderId: 'f1' }), names))
      .toBe('Lab · from 2000 · with a file · in folder “Thesis”');
    expect(describeCriteria(criteriaOf({ kind: 'folder', id: 'gone' }, '', { yearTo: 1999 }), names)).toBe('folder “a folder” · up to 1999');
  });

  it('suggests the search text as a name, else the description', () => {
    expect(suggestedName(criteriaOf({ kind: 'all' }, 'storey', {}), names)).toBe('storey');
    expect(suggestedName(criteriaOf({ kind: 'starred' }, '', { unread: true }), names)).toBe('Favourites · unread');
  });
});
