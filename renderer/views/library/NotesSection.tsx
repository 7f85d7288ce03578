// The selected document's notes and highlights, as the replica holds them: in a group's
// library these include what other members shared with the group. A person has several
// notes on a document, carried by their one document note (the service's rule;
// shared/notes/noteList.ts): listed by first line and date, shown rendered from Markdown,
// added, edited and deleted (with undo) here. Others' notes and annotations are shown with
// their author's name, not edited.
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { LibraryAnnotation, LibraryDocument } from '../../../shared/bridge/contract.ts';
import { addNote, editNote, removeNote, restoreNote } from '../../../shared/notes/noteEdits.ts';
import { type DocumentNoteItem, formatNoteList, noteTitle, parseNoteList } from '../../../shared/notes/noteList.ts';
import { listDate, shortDate } from '../../lib/format.ts';
import { useApp, useStores } from '../../state/context.tsx';
import { otherAuthors, useAuthorNames } from '../../state/useAuthorNames.ts';
import { MarkdownView } from './MarkdownView.tsx';
import { NoteEditor } from './NoteEditor.tsx';
import './notes.css';

function describe(a: LibraryAnnotation): string {
  const page = a.positions?.[0]?.page;
  const kind = a.type === 'highlight' ? 'Highlight' : 'Sticky note';
  return page ? `${kind}, page ${page}` : kind;
}

/** One listed note: which annotation carries it, and its date (the annotation's for an unmarked note). */
interface ListedNote extends DocumentNoteItem {
  carrier: LibraryAnnotation;
  mine: boolean;
}

export function NotesSection({ doc, readOnly }: { doc: LibraryDocument; readOnly: boolean }) {
  const { library } = useStores();
  const me = useApp((s) => s.account?.profile?.id);
  const [annotations, setAnnotations] = useState<LibraryAnnotation[]>([]);
  const [shared, setShared] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<string> | null>(null);
  const [undo, setUndo] = useState<{ note: DocumentNoteItem; index: number } | null>(null);

  const load = useCallback(async () => {
    const result = await library.getState().annotationsOf(doc.id);
    if (result.ok) setAnnotations(result.value);
  }, [library, doc.id]);
  useEffect(() => { void load(); }, [load]);
  useEffect(() => library.getState().onLibraryChanged(({ kinds }) => { if (kinds.includes('annotation')) void load(); }), [library, load]);

  const isMine = useCallback((a: LibraryAnnotation) => a.profile_id === undefined || a.profile_id === me, [me]);
  const myCarrier = annotations.find((a) => a.type === 'note' && isMine(a));
  const notes: ListedNote[] = useMemo(() => annotations
    .filter((a) => a.type === 'note')
    .sort((a, b) => Number(isMine(b)) - Number(isMine(a)))
    .flatMap((a) => parseNoteList(a.text).map((n) => ({ ...n, modified: n.modified ?? a.last_modified, carrier: a, mine: isMine(a) }))),
  [annotations, isMine]);
  const marks = annotations.filter((a) => a.type !== 'note');
  const authorIds = useMemo(() => otherAuthors(annotations, me), [annotations, me]);
  const names = useAuthorNames(authorIds);
  const inGroup = doc.group_id !== undefined && doc.group_id !== null;
  const byline = (a: LibraryAnnotation) => (isMine(a) ? '' : ` · by ${names[a.profile_id!] ?? 'another member'}`);
  const privacy = (a: LibraryAnnotation) => (a.privacy_level === 'private' ? ' · private' : inGroup ? ' · shared with the group' : '');
  // Notes are told apart by their carrier too: two members' notes may share an id.
  const keyOf = (n: ListedNote) => `${n.carrier.id}:${n.id}`;
  const isExpanded = (n: ListedNote, index: number) => (expanded ? expanded.has(keyOf(n)) : index === 0);
  const toggle = (n: ListedNote, index: number) => {
    const next = new Set(expanded ?? (notes[0] ? [keyOf(notes[0])] : []));
    if (isExpanded(n, index)) next.delete(keyOf(n)); else next.add(keyOf(n));
    setExpanded(next);
  };

  /** Saves the person's whole note list in their one document note; true when it was saved. */
  const saveMine = async (next: readonly DocumentNoteItem[]): Promise<boolean> => {
    const now = new Date().toISOString();
    // A note written before markers gets its date written down with the first save.
    const text = formatNoteList(next.map((n) => ({ ...n, modified: n.modified ?? myCarrier?.last_modified ?? now })));
    const result = myCarrier
      ? await library.getState().updateAnnotation(myCarrier.id, { text })
      : await library.getState().createAnnotation({ document_id: doc.id, text, privacy_level: inGroup && shared ? 'group' : 'private' });
    setError(result.ok ? null : result.error.message);
    await load();
    return result.ok;
  };
  const myNotes = () => parseNoteList(myCarrier?.text);

  const add = async (text: string) => {
    const next = addNote(myNotes(), text.trim(), new Date().toISOString());
    const saved = await saveMine(next);
    // The new note opens; the carrier's id is that of the note just created or updated.
    if (saved) { setUndo(null); setExpanded(null); }
    return saved;
  };
  const save = async (id: string, text: string) => {
    const saved = await saveMine(editNote(myNotes(), id, text.trim(), new Date().toISOString()));
    if (saved) { setEditing(null); setUndo(null); }
    return saved;
  };
  const remove = async (id: string) => {
    const { notes: next, removed } = removeNote(myNotes(), id);
    if (removed && (await saveMine(next))) setUndo(removed);
  };
  const restore = async () => {
    if (undo && (await saveMine(restoreNote(myNotes(), undo)))) setUndo(null);
  };

  return (
    <section className="notes-section" aria-label="Notes and highlights">
      <h3 className="details-section">Notes</h3>
      {notes.length === 0 && readOnly ? <p className="hint">No notes.</p> : null}
      <ul className="plain-list note-list" aria-label="Notes">
        {notes.map((n, index) => {
          const open = isExpanded(n, index);
          const editable = n.mine && !readOnly;
          return (
            <li key={keyOf(n)} className="note-item" data-testid="annotation">
              <div className="note-head">
                <button type="button" className="note-title" aria-expanded={open} onClick={() => toggle(n, index)}><span className="note-caret" aria-hidden="true">{open ? '▾' : '▸'}</span><span className="note-title-text">{noteTitle(n)}</span></button>
                <span className="note-meta annotation-kind" title={n.modified ? `Last changed ${shortDate(n.modified)}` : undefined}>
                  {listDate(n.modified)}{byline(n.carrier)}{privacy(n.carrier)}
                </span>
              </div>
              {editing === n.id && editable ? (
                <NoteEditor label="Edit note" initial={n.text} saveLabel="Save note" autoFocus onSave={(text) => save(n.id, text)} onCancel={() => setEditing(null)} />
              ) : open ? (
                <>
                  <MarkdownView text={n.text} />
                  {editable ? (
                    <div className="note-actions">
                      <button type="button" className="link-button" onClick={() => setEditing(n.id)} aria-label={`Edit note ${noteTitle(n)}`}>Edit</button>
                      <button type="button" className="link-button" onClick={() => void remove(n.id)} aria-label={`Delete note ${noteTitle(n)}`}>Delete</button>
                    </div>
                  ) : null}
                </>
              ) : null}
            </li>
          );
        })}
      </ul>
      {undo ? (
        <p className="note-undo" role="status">
          Note “{noteTitle(undo.note, 40)}” deleted.
          <button type="button" className="link-button" onClick={() => void restore()}>Undo</button>
        </p>
      ) : null}
      {!readOnly ? (
        <NoteEditor label="Add a note" saveLabel="Add note" onSave={add}
          extra={inGroup && !myCarrier ? <label className="check"><input type="checkbox" checked={shared} onChange={(e) => setShared(e.target.checked)} /> Share with the group</label> : null} />
      ) : null}
      {marks.length ? (
        <>
          <h3 className="details-section">Highlights and sticky notes</h3>
          <ul className="plain-list">
            {marks.map((a) => (
              <li key={a.id} className="annotation-row" data-testid="annotation">
                <span className="annotation-kind">{describe(a)}{byline(a)}{privacy(a)}</span>
                {a.text ? <p className="annotation-text">{a.text}</p> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {error ? <p className="field-error" role="alert">{error}</p> : null}
    </section>
  );
}
