import { describe, expect, it } from 'vitest';
import type { LibraryAnnotation } from '../../../shared/bridge/contract.ts';
import { formatNoteList } from '../../../shared/notes/noteList.ts';
import { annotationsMarkdown } from './annotationsMarkdown.ts';

describe('the Markdown export of several notes', () => {
  it('keeps every note and leaves out the marker lines between them', () => {
    const text = formatNoteList([{ id: 'a', text: '## Method\nTwice.', modified: '2026-11-24T10:00:00.000Z' }, { id: 'b', text: '- a list' }]);
    const note: LibraryAnnotation = { id: 'n', document_id: 'd1', type: 'note', privacy_level: 'private', text };
    const md = annotationsMarkdown({ title: 'A Paper' }, [note]);
    expect(md).toContain('## Method\nTwice.\n\n- a list');
    expect(md).not.toContain('refshelf:note');
  });
});
