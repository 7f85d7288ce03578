// The reader's side panel shows a document's several notes rendered, read-only: they are
// written in the library's details pane, whose editor keeps them apart (a plain text box
// here would show the marker lines between them).
import type { LibraryAnnotation } from '../../../shared/bridge/contract.ts';
import { noteTitle, parseNoteList } from '../../../shared/notes/noteList.ts';
import { MarkdownView } from '../library/MarkdownView.tsx';

export function DocumentNotesPreview({ note }: { note: LibraryAnnotation }) {
  const notes = parseNoteList(note.text);
  return (
    <section className="document-notes-preview" aria-label="Your notes">
      {notes.map((n) => (
        <details key={n.id} open={notes.length === 1}>
          <summary>{noteTitle(n)}</summary>
          <MarkdownView text={n.text} />
        </details>
      ))}
      <p className="hint">Write and edit notes in the library’s details pane.</p>
    </section>
  );
}
