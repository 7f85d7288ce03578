import { describe, expect, it } from 'vitest';
import type { CatalogAddResult } from '../../../shared/bridge/catalogCommands.ts';
import { addNote, addedState } from './addNote.ts';

const result = (extra: Partial<CatalogAddResult> = {}): CatalogAddResult =>
  ({ document: { id: 'doc-1', title: 'T', type: 'journal' }, ...extra }) as CatalogAddResult;
const file = { id: 'f', document_id: 'doc-1', filehash: 'a'.repeat(40), file_name: 'a.pdf', mime_type: 'application/pdf', size: 1 } as CatalogAddResult['file'];

describe('addNote', () => {
  it('tells a new document from one the library held, with or without its PDF', () => {
    const note = (r: CatalogAddResult) => addNote(addedState(r) as Extract<ReturnType<typeof addedState>, { kind: 'added' }>);
    expect(note(result())).toBe('Added to your library');
    expect(note(result({ file }))).toBe('Added to your library with its PDF');
    expect(note(result({ alreadyInLibrary: true }))).toBe('Already in your library');
    expect(note(result({ alreadyInLibrary: true, file }))).toBe('Already in your library; its PDF is attached now');
  });

  it('keeps the reason a PDF did not come', () => {
    expect(addedState(result({ fileError: 'offline' }))).toEqual({ kind: 'added', documentId: 'doc-1', already: false, withFile: false, fileError: 'offline' });
  });
});
