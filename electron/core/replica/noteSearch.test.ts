import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatNoteList } from '../../../shared/notes/noteList.ts';
import { snippetAround } from './noteMatches.ts';
import { rebuildSearchIndex } from './searchIndex.ts';
import { serverDocument, sqlOf, tempReplica, type TempReplica } from './testing.ts';
import type { Replica } from './replica.ts';

let temp: TempReplica;
let r: Replica;
beforeEach(() => {
  temp = tempReplica();
  r = temp.replica;
});
afterEach(() => temp.dispose());

const ids = (text: string) => r.searchDocuments(text).map((d) => d.id);
const notes = formatNoteList([
  { id: 'n1', text: '# Method\nThey sample **axolotls** twice.', modified: '2026-11-24T10:00:00.000Z' },
  { id: 'n2', text: 'Compare with the *tardigrade* study.', modified: '2026-11-24T11:00:00.000Z' },
]);

describe('searching several notes of a document', () => {
  beforeEach(() => {
    r.applyRemote('document', serverDocument('d1', { title: 'Regeneration in amphibians' }));
    r.applyRemote('document', serverDocument('d2', { title: 'Axolotls in the lab' }));
    r.createAnnotation({ document_id: 'd1', text: notes });
  });

  it('finds a document by words of any of its notes, not by the markers between them', () => {
    expect(ids('tardigrade')).toEqual(['d1']);
    expect(ids('sample axolotls')).toEqual(['d1']);
    expect(ids('refshelf')).toEqual([]);
    expect(ids('modified')).toEqual([]);
    expect(ids('2026')).toEqual([]);
  });

  it('says which results were found in a note, with the words around the find', () => {
    const found = r.noteMatches('axolotls', ids('axolotls'));
    expect(ids('axolotls').sort()).toEqual(['d1', 'd2']);
    expect([...found.keys()]).toEqual(['d1']);
    expect(found.get('d1')).toMatch(/They sample \*\*axolotls\*\* twice/);
    expect(found.get('d1')).not.toMatch(/refshelf/);
    expect(r.noteMatches('regeneration', ['d1']).size).toBe(0);
  });

  it('does not ask the search index about a page of results none of which has notes', () => {
    // Without the index the question cannot be answered: asking it would throw.
    sqlOf(r).exec('ALTER TABLE documents_fts RENAME TO documents_fts_away');
    expect(r.noteMatches('axolotls', ['d2']).size).toBe(0);
    expect(() => r.noteMatches('axolotls', ['d1', 'd2'])).toThrow();
  });

  it('follows an edit of the note list at once', () => {
    const note = r.listAnnotations('d1')[0]!;
    r.updateAnnotation(note.id, { text: formatNoteList([{ id: 'n1', text: 'Only about salamanders' }]) });
    expect(ids('tardigrade')).toEqual([]);
    expect(ids('salamanders')).toEqual(['d1']);
  });

  it('indexes the same words when the whole index is built by SQLite after a bulk load', () => {
    const db = sqlOf(r);
    db.exec('DELETE FROM documents_fts');
    rebuildSearchIndex(db);
    expect(ids('tardigrade')).toEqual(['d1']);
    expect(ids('refshelf')).toEqual([]);
  });
});

describe('snippetAround', () => {
  it('cuts around the first term, ignoring case and accents, with ellipses where cut', () => {
    const text = `${'filler '.repeat(20)}the Crème brûlée method ${'more '.repeat(40)}`;
    const snippet = snippetAround(text, ['creme']);
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet).toContain('Crème brûlée method');
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippetAround('short note', ['absent'])).toBe('short note');
  });
});
