import { describe, expect, it } from 'vitest';
import type { LibraryAnnotation } from '../../../shared/bridge/contract.ts';
import { annotationsMarkdown } from './annotationsMarkdown.ts';
import { undoAction, undoLabel } from './undoChange.ts';

const highlight: LibraryAnnotation = {
  id: 'h1', document_id: 'd1', type: 'highlight', privacy_level: 'group', filehash: 'a'.repeat(40), text: 'central claim',
  color: { r: 186, g: 226, b: 255 }, positions: [{ top_left: { x: 72, y: 700 }, bottom_right: { x: 300, y: 688 }, page: 4 }, { top_left: { x: 72, y: 760 }, bottom_right: { x: 200, y: 748 }, page: 5 }],
  profile_id: 'u2',
};

describe('undo', () => {
  it('deletes what was created, recreates what was deleted, patches back what changed', () => {
    expect(undoAction({ kind: 'created', annotation: highlight })).toEqual({ command: 'annotations.delete', id: 'h1' });
    expect(undoAction({ kind: 'deleted', annotation: highlight })).toEqual({ command: 'annotations.create', request: {
      document_id: 'd1', type: 'highlight', privacy_level: 'group', text: 'central claim', color: highlight.color, positions: highlight.positions, filehash: highlight.filehash,
    } });
    const after = { ...highlight, text: undefined, color: { r: 255, g: 245, b: 173 }, privacy_level: 'private' as const };
    expect(undoAction({ kind: 'updated', before: highlight, after })).toEqual({
      command: 'annotations.update', id: 'h1', patch: { text: 'central claim', color: highlight.color, privacy_level: 'group' },
    });
  });

  it('brings back an underline as an underline, and a changed style as it was', () => {
    const underline: LibraryAnnotation = { ...highlight, style: 'underline' };
    expect(undoAction({ kind: 'deleted', annotation: underline })).toMatchObject({ command: 'annotations.create', request: { type: 'highlight', style: 'underline' } });
    expect(undoAction({ kind: 'updated', before: underline, after: highlight })).toEqual({ command: 'annotations.update', id: 'h1', patch: { style: 'underline' } });
    expect(undoAction({ kind: 'updated', before: highlight, after: underline })).toEqual({ command: 'annotations.update', id: 'h1', patch: { style: null } });
    expect(undoLabel({ kind: 'created', annotation: underline })).toBe('Undo adding the underline');
    expect(undoLabel({ kind: 'deleted', annotation: highlight })).toBe('Undo deleting the highlight');
    // The panel's "Add a note" creates the document note: its label must not throw.
    const note: LibraryAnnotation = { id: 'n', document_id: 'd1', type: 'note', privacy_level: 'private', text: '' };
    expect(undoLabel({ kind: 'created', annotation: note })).toBe('Undo adding the document note');
    expect(undoLabel({ kind: 'updated', before: note, after: { ...note, text: 'x' } })).toBe('Undo the change to the document note');
  });
});

describe('markdown export', () => {
  it('lists the note, then highlights with quote, pages, colour, author and text', () => {
    const note: LibraryAnnotation = { id: 'n', document_id: 'd1', type: 'note', privacy_level: 'private', text: 'Read for the seminar.' };
    const sticky: LibraryAnnotation = { id: 's', document_id: 'd1', type: 'sticky_note', privacy_level: 'private', text: 'check eq. 3', positions: [{ top_left: { x: 10, y: 10 }, bottom_right: { x: 10, y: 10 }, page: 2 }] };
    const md = annotationsMarkdown({ title: 'A Paper', authors: 'Doe, J.', quoteOf: (a) => (a.id === 'h1' ? 'the quoted line\nand the next' : undefined), authorName: (a) => (a.profile_id === 'u2' ? 'Ana Lee' : undefined) }, [highlight, sticky, note]);
    expect(md).toBe([
      '# A Paper', '', 'Doe, J.', '',
      '## Note', '', 'Read for the seminar.', '',
      '### Sticky note, p. 2', '', 'check eq. 3', '',
      '### Highlight, blue, pp. 4–5 — Ana Lee (group)', '', '> the quoted line', '> and the next', '', 'central claim', '',
    ].join('\n'));
  });

  it('names underlines as such', () => {
    const md = annotationsMarkdown({ title: 'A Paper' }, [{ ...highlight, style: 'underline', text: undefined }]);
    expect(md).toContain('### Underline, blue, pp. 4–5 (group)');
  });

  it('keeps an area as its picture when the reader has one, else as a reference to its page and rectangle', () => {
    const area: LibraryAnnotation = { ...highlight, style: 'area', text: 'Figure 2', positions: [{ top_left: { x: 100, y: 380.25 }, bottom_right: { x: 300, y: 300 }, page: 3 }] };
    const where = 'Area on page 3: x 100–300, y 300–380.3 (PDF points from the bottom left of the page)';
    const plain = annotationsMarkdown({ title: 'A Paper', quoteOf: () => 'text under it' }, [area]);
    expect(plain).toContain(['### Area, blue, p. 3 (group)', '', `_${where}_`, '', 'Figure 2'].join('\n'));
    expect(plain).not.toContain('text under it');
    const pictured = annotationsMarkdown({ title: 'A Paper', imageOf: () => 'data:image/png;base64,AAAA' }, [area]);
    expect(pictured).toContain(`![${where}](data:image/png;base64,AAAA)`);
  });
});
