// A search result found in a document's notes says so before its title, with the words
// around the find on hover and for screen readers: the title alone may hold none of them.
import './notes.css';

export function NoteMatchBadge({ snippet }: { snippet: string }) {
  return (
    <span className="note-match" data-testid="note-match" title={`In a note: ${snippet}`} aria-label={`Found in a note: ${snippet}`}>
      In a note
    </span>
  );
}
