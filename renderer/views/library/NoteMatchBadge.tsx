// A search result found in a document's notes says so before its title, with the words
// around the find on hover (its description for screen readers): the title alone may hold
// none of them.
// In a narrow Title column it says only "note", leaving the room to the title.
import './notes.css';

export function NoteMatchBadge({ snippet }: { snippet: string }) {
  return (
    <span className="note-match" data-testid="note-match" title={`In a note: ${snippet}`}>
      <span className="note-match-long">In a </span>note
    </span>
  );
}
