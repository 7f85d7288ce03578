// The side panel: the document note, then every annotation in reading order with filters
// by kind, colour and author; a click scrolls the page to it and opens its editor.
import { useMemo, useState } from 'react';
import type { LibraryAnnotation } from '../../../shared/bridge/contract.ts';
import type { AnnotationType } from '../../../shared/schemas/annotation.ts';
import { AnnotationEditor } from './AnnotationEditor.tsx';
import { colorName, cssColor } from './palette.ts';
import { authorKey, colorKey, inReadingOrder, matchesFilter, type AnnotationFilter } from './readingOrder.ts';
import type { AnnotationsApi } from './useAnnotations.ts';

const KIND_LABELS: Record<AnnotationType, string> = { highlight: 'Highlights', sticky_note: 'Sticky notes', note: 'Note' };

interface Props {
  api: AnnotationsApi;
  documentId: string;
  selectedId: string | null;
  myProfileId: string | undefined;
  quoteOf(annotation: LibraryAnnotation): string | undefined;
  onSelect(annotation: LibraryAnnotation): void;
}

function toggle<T>(set: ReadonlySet<T>, value: T): Set<T> {
  const next = new Set(set);
  if (next.has(value)) next.delete(value);
  else next.add(value);
  return next;
}

export function authorLabel(a: LibraryAnnotation, myProfileId: string | undefined): string {
  if (!a.profile_id || a.profile_id === myProfileId) return 'You';
  return `Member ${a.profile_id.slice(0, 8)}`;
}

export function AnnotationPanel({ api, documentId, selectedId, myProfileId, quoteOf, onSelect }: Props) {
  const [filter, setFilter] = useState<AnnotationFilter>({ colors: new Set(), authors: new Set(), kinds: new Set() });
  const isMine = (a: LibraryAnnotation) => !a.profile_id || a.profile_id === myProfileId;
  const note = api.annotations.find((a) => a.type === 'note' && isMine(a));
  const others = useMemo(() => inReadingOrder(api.annotations.filter((a) => a !== note)), [api.annotations, note]);
  const shown = others.filter((a) => matchesFilter(a, filter));
  const colors = [...new Map(others.filter((a) => a.color).map((a) => [colorKey(a.color), a.color])).entries()];
  const authors = [...new Map(others.map((a) => [authorKey(a), authorLabel(a, myProfileId)])).entries()];

  return (
    <aside className="rs-panel" aria-label="Annotations">
      <section className="rs-note">
        <h3>Document note</h3>
        {note ? (
          <AnnotationEditor annotation={note} api={api} readOnly={false} />
        ) : (
          <button type="button" className="button" onClick={() => void api.create({ document_id: documentId, type: 'note', text: '' })}>Add a note</button>
        )}
      </section>
      <div className="rs-filters" role="group" aria-label="Filter annotations">
        {(['highlight', 'sticky_note', 'note'] as const).map((kind) => (
          <button key={kind} type="button" className={`chip ${filter.kinds.has(kind) ? 'on' : ''}`} aria-pressed={filter.kinds.has(kind)}
            onClick={() => setFilter((f) => ({ ...f, kinds: toggle(f.kinds, kind) }))}>{KIND_LABELS[kind]}</button>
        ))}
        {colors.map(([key, color]) => (
          <button key={key} type="button" className={`chip swatch-chip ${filter.colors.has(key) ? 'on' : ''}`} aria-pressed={filter.colors.has(key)}
            aria-label={`Only ${colorName(color)}`} style={{ background: cssColor(color) }}
            onClick={() => setFilter((f) => ({ ...f, colors: toggle(f.colors, key) }))} />
        ))}
        {authors.length > 1 ? authors.map(([key, label]) => (
          <button key={key} type="button" className={`chip ${filter.authors.has(key) ? 'on' : ''}`} aria-pressed={filter.authors.has(key)}
            onClick={() => setFilter((f) => ({ ...f, authors: toggle(f.authors, key) }))}>{label}</button>
        )) : null}
      </div>
      <ol className="rs-list" aria-label="Annotations in reading order">
        {!api.loaded ? <li className="empty-hint">Loading annotations…</li> : null}
        {api.loaded && !others.length ? <li className="empty-hint">No highlights or sticky notes yet. Select text and press H to highlight, or N to place a sticky note.</li> : null}
        {api.loaded && others.length > 0 && !shown.length ? <li className="empty-hint">No annotation matches these filters.</li> : null}
        {shown.map((a) => {
          const page = a.positions?.[0]?.page;
          const quote = a.type === 'highlight' ? quoteOf(a) : undefined;
          const selected = a.id === selectedId;
          return (
            <li key={a.id} className={`rs-item ${selected ? 'selected' : ''}`} data-annotation-id={a.id} aria-current={selected ? 'true' : undefined}>
              <button type="button" className="rs-item-head" onClick={() => onSelect(a)}>
                <span className="rs-dot" style={{ background: a.type === 'highlight' ? cssColor(a.color) : 'var(--accent)' }} aria-hidden="true" />
                <span className="rs-kind">{a.type === 'highlight' ? 'Highlight' : a.type === 'sticky_note' ? 'Sticky note' : 'Note'}</span>
                {page ? <span className="rs-page">p. {page}</span> : null}
                <span className="rs-author">{authorLabel(a, myProfileId)}</span>
              </button>
              {quote ? <blockquote className="rs-quote">{quote}</blockquote> : null}
              {selected ? <AnnotationEditor annotation={a} api={api} readOnly={!isMine(a)} /> : a.text ? <p className="rs-item-text">{a.text}</p> : null}
            </li>
          );
        })}
      </ol>
    </aside>
  );
}
