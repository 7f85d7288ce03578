// The selected document's note and highlights, as the replica holds them: in a group's
// library these include what other members shared with the group. One note per document
// (the service's rule): it is added here, shared with the group by default, and edited by
// its author; others' annotations are shown with their author's name, not edited.
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { LibraryAnnotation, LibraryDocument } from '../../../shared/bridge/contract.ts';
import { useApp, useStores } from '../../state/context.tsx';
import { otherAuthors, useAuthorNames } from '../../state/useAuthorNames.ts';

function describe(a: LibraryAnnotation): string {
  if (a.type === 'note') return 'Note';
  const page = a.positions?.[0]?.page;
  const kind = a.type === 'highlight' ? 'Highlight' : 'Sticky note';
  return page ? `${kind}, page ${page}` : kind;
}

export function NotesSection({ doc, readOnly }: { doc: LibraryDocument; readOnly: boolean }) {
  const { library } = useStores();
  const me = useApp((s) => s.account?.profile?.id);
  const [annotations, setAnnotations] = useState<LibraryAnnotation[]>([]);
  const [draft, setDraft] = useState('');
  const [shared, setShared] = useState(true);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    const result = await library.getState().annotationsOf(doc.id);
    if (result.ok) setAnnotations(result.value);
  }, [library, doc.id]);
  useEffect(() => { void load(); }, [load]);
  useEffect(() => library.getState().onLibraryChanged(({ kinds }) => { if (kinds.includes('annotation')) void load(); }), [library, load]);

  const note = annotations.find((a) => a.type === 'note');
  const mine = (a: LibraryAnnotation) => a.profile_id === undefined || a.profile_id === me;
  const authorIds = useMemo(() => otherAuthors(annotations, me), [annotations, me]);
  const names = useAuthorNames(authorIds);
  const byline = (a: LibraryAnnotation) => (mine(a) ? '' : ` · by ${names[a.profile_id!] ?? 'another member'}`);
  const inGroup = doc.group_id !== undefined && doc.group_id !== null;

  const add = async () => {
    const text = draft.trim();
    if (!text) return;
    const result = await library.getState().createAnnotation({ document_id: doc.id, text, privacy_level: inGroup && shared ? 'group' : 'private' });
    if (!result.ok) { setError(result.error.message); return; }
    setDraft('');
    setError(null);
    await load();
  };
  const edit = async (a: LibraryAnnotation, text: string) => {
    if (text === (a.text ?? '')) return;
    const result = await library.getState().updateAnnotation(a.id, { text });
    setError(result.ok ? null : result.error.message);
    await load();
  };

  return (
    <section className="notes-section" aria-label="Notes and highlights">
      <h3 className="details-section">Notes and highlights</h3>
      {annotations.length === 0 && (readOnly || note) ? <p className="hint">No notes or highlights.</p> : null}
      <ul className="plain-list">
        {annotations.map((a) => (
          <li key={a.id} className="annotation-row" data-testid="annotation">
            <span className="annotation-kind">{describe(a)}{byline(a)}{a.privacy_level === 'private' ? ' · private' : inGroup ? ' · shared with the group' : ''}</span>
            {a.type === 'note' && mine(a) && !readOnly ? (
              <textarea className="input" aria-label="Your note" defaultValue={a.text ?? ''} rows={3} onBlur={(e) => void edit(a, e.target.value)} />
            ) : a.text ? <p className="annotation-text">{a.text}</p> : null}
          </li>
        ))}
      </ul>
      {!note && !readOnly ? (
        <form className="note-form" onSubmit={(e) => { e.preventDefault(); void add(); }}>
          <label className="field-label" htmlFor="new-note">Add a note</label>
          <textarea id="new-note" className="input" rows={3} maxLength={10000} value={draft} onChange={(e) => setDraft(e.target.value)} />
          <div className="form-actions">
            {inGroup ? <label className="check"><input type="checkbox" checked={shared} onChange={(e) => setShared(e.target.checked)} /> Share with the group</label> : null}
            <button type="submit" className="button small" disabled={!draft.trim()}>Add note</button>
          </div>
        </form>
      ) : null}
      {error ? <p className="field-error" role="alert">{error}</p> : null}
    </section>
  );
}
