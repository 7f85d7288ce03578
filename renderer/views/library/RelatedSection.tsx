// The details pane's related items: two-way links between documents of one library, kept
// on this device. A title selects that document in the list; × removes the link from both
// sides; "Add related…" searches the library for one to link.
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { LibraryDocument, RelatedDocument } from '../../../shared/bridge/contract.ts';
import { useStores } from '../../state/context.tsx';
import { useOrganiseCommands } from '../../state/organiseStore.ts';
import './related.css';

const label = (d: Pick<LibraryDocument, 'title' | 'year'>) => (d.year ? `${d.title} (${d.year})` : d.title);

function RelatedPicker({ doc, exclude, onPick, onClose }: {
  doc: LibraryDocument;
  exclude: ReadonlySet<string>;
  onPick(id: string): void;
  onClose(): void;
}) {
  const organise = useOrganiseCommands();
  const listId = useId();
  const [text, setText] = useState('');
  const [found, setFound] = useState<LibraryDocument[]>([]);
  const [active, setActive] = useState(0);
  const [error, setError] = useState<string | null>(null);
  // Only the answer to the latest text may fill the list.
  const asked = useRef('');

  const find = async (value: string) => {
    setText(value);
    asked.current = value;
    if (!value.trim()) { setFound([]); return; }
    try {
      const page = await organise.findDocuments(value, doc.group_id ?? null);
      if (asked.current !== value) return;
      setFound(page.items.filter((d) => d.id !== doc.id && !exclude.has(d.id)));
      setActive(0);
      setError(null);
    } catch (e) {
      if (asked.current === value) setError((e as Error).message);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') { e.preventDefault(); setActive((i) => Math.min(i + 1, found.length - 1)); }
    if (e.key === 'ArrowUp') { e.preventDefault(); setActive((i) => Math.max(i - 1, 0)); }
    if (e.key === 'Enter') { e.preventDefault(); const pick = found[active]; if (pick) onPick(pick.id); }
    if (e.key === 'Escape') { e.stopPropagation(); onClose(); }
  };

  const optionId = (i: number) => `${listId}-${i}`;
  return (
    <div className="related-picker">
      <div className="combobox">
      <input
        className="input"
        type="search"
        role="combobox"
        aria-label="Find a document to relate"
        aria-expanded={found.length > 0}
        aria-controls={listId}
        aria-activedescendant={found.length ? optionId(active) : undefined}
        placeholder="Search titles, authors…"
        autoFocus
        value={text}
        onChange={(e) => void find(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <ul id={listId} role="listbox" aria-label="Documents to relate" className="combo-list" hidden={found.length === 0}>
        {found.map((d, i) => (
          <li
            key={d.id}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            className={`combo-option ${i === active ? 'active' : ''}`}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => onPick(d.id)}
          >
            <span className="related-option-title">{d.title}</span>
            {d.year ? <span className="combo-detail">{d.year}</span> : null}
          </li>
        ))}
      </ul>
      </div>
      {text.trim() && found.length === 0 && !error ? <p className="empty-hint">No other document here matches “{text.trim()}”.</p> : null}
      {error ? <p className="field-error" role="alert">{error}</p> : null}
      <button type="button" className="link-button" onClick={onClose}>Cancel</button>
    </div>
  );
}

export function RelatedSection({ doc, readOnly }: { doc: LibraryDocument; readOnly: boolean }) {
  const { library } = useStores();
  const organise = useOrganiseCommands();
  const [related, setRelated] = useState<RelatedDocument[]>([]);
  const [picking, setPicking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setRelated(await organise.related({ documentId: doc.id }));
    } catch (e) {
      setError((e as Error).message);
    }
  }, [organise, doc.id]);
  useEffect(() => { void load(); }, [load]);
  // A link added or removed on the other side, or a related document trashed, renamed or restored.
  useEffect(() => library.getState().onLibraryChanged(({ kinds }) => { if (kinds.includes('document')) void load(); }), [library, load]);

  const act = async (work: () => Promise<unknown>) => {
    setError(null);
    try {
      await work();
    } catch (e) {
      setError((e as Error).message);
    }
    await load();
  };

  return (
    <section className="related-section" aria-labelledby="related-heading">
      <h3 id="related-heading" className="details-section">Related</h3>
      {related.length === 0 && !picking ? <p className="empty-hint">No related documents. Link this one to another it cites, answers or belongs with.</p> : null}
      <ul className="related-list" aria-label="Related documents">
        {related.map((r) => (
          <li key={r.id} className="related-item">
            <button type="button" className="link-button related-title" title="Show in the list" onClick={() => void library.getState().reveal(r.id)}>{label(r)}</button>
            {readOnly ? null : (
              <button type="button" className="icon-button related-remove" aria-label={`Remove the relation to ${r.title}`} onClick={() => void act(() => organise.unrelate({ documentId: doc.id, relatedId: r.id }))}>×</button>
            )}
          </li>
        ))}
      </ul>
      {readOnly ? null : picking ? (
        <RelatedPicker
          doc={doc}
          exclude={new Set(related.map((r) => r.id))}
          onPick={(id) => { setPicking(false); void act(() => organise.relate({ documentId: doc.id, relatedId: id })); }}
          onClose={() => setPicking(false)}
        />
      ) : (
        <button type="button" className="button small" onClick={() => setPicking(true)}>Add related…</button>
      )}
      {error ? <p className="field-error" role="alert">{error}</p> : null}
    </section>
  );
}
