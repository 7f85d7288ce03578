// The side panel: the document note, then every annotation in reading order with filters
// by kind, colour and author; a click scrolls the page to it and opens its editor.
import { memo, useMemo, useState } from 'react';
import type { LibraryAnnotation } from '../../../shared/bridge/contract.ts';
import type { AnnotationType } from '../../../shared/schemas/annotation.ts';
import { hasNoteMarkers } from '../../../shared/notes/noteList.ts';
import { DocumentNotesPreview } from './DocumentNotesPreview.tsx';
import { AnnotationEditor } from './AnnotationEditor.tsx';
import { markName } from './markStyles.ts';
import { colorName, cssColor } from './palette.ts';
import { authorKey, colorKey, inReadingOrder, matchesFilter, type AnnotationFilter } from './readingOrder.ts';
import type { AnnotationsApi } from './useAnnotations.ts';

const KIND_LABELS: Record<AnnotationType, string> = { highlight: 'Highlights', sticky_note: 'Sticky notes', note: 'Note' };

interface Props {
  api: AnnotationsApi;
  documentId: string;
  selectedId: string | null;
  myProfileId: string | undefined;
  /** Other members' names by profile id. */
  authorNames: Readonly<Record<string, string>>;
  quoteOf(annotation: LibraryAnnotation): string | undefined;
  /** Changes when more text under highlights can be read (a page's text layer rendered). */
  textVersion: number;
  /** An area's picture (areaImages.ts), once its page is painted. */
  imageOf(annotation: LibraryAnnotation): string | undefined;
  /** Changes when a page is painted (more pictures can be cut). */
  layoutVersion: number;
  onSelect(annotation: LibraryAnnotation): void;
}

function toggle<T>(set: ReadonlySet<T>, value: T): Set<T> {
  const next = new Set(set);
  if (next.has(value)) next.delete(value);
  else next.add(value);
  return next;
}

/** 'You', another member's name (people.names), or while no name is known a short id. */
export function authorLabel(a: LibraryAnnotation, myProfileId: string | undefined, names: Readonly<Record<string, string>>): string {
  if (!a.profile_id || a.profile_id === myProfileId) return 'You';
  return names[a.profile_id] ?? `Member ${a.profile_id.slice(0, 8)}`;
}

/**
 * Memoised on what it shows: the reader re-renders on every scroll step, a list of a
 * thousand annotations must not. (The api's commands read refs, so an older api object
 * still acts on the current state.)
 */
export const AnnotationPanel = memo(AnnotationPanelView, (a, b) =>
  a.api.annotations === b.api.annotations && a.api.loaded === b.api.loaded && a.selectedId === b.selectedId && a.myProfileId === b.myProfileId && a.authorNames === b.authorNames
  && a.textVersion === b.textVersion && a.quoteOf === b.quoteOf && a.imageOf === b.imageOf && a.layoutVersion === b.layoutVersion && a.onSelect === b.onSelect && a.documentId === b.documentId);

function AnnotationPanelView({ api, documentId, selectedId, myProfileId, authorNames, quoteOf, imageOf, onSelect }: Props) {
  const [filter, setFilter] = useState<AnnotationFilter>({ colors: new Set(), authors: new Set(), kinds: new Set() });
  const isMine = (a: LibraryAnnotation) => !a.profile_id || a.profile_id === myProfileId;
  const note = api.annotations.find((a) => a.type === 'note' && isMine(a));
  const others = useMemo(() => inReadingOrder(api.annotations.filter((a) => a !== note)), [api.annotations, note]);
  const shown = others.filter((a) => matchesFilter(a, filter));
  const colors = [...new Map(others.filter((a) => a.color).map((a) => [colorKey(a.color), a.color])).entries()];
  const authors = [...new Map(others.map((a) => [authorKey(a), authorLabel(a, myProfileId, authorNames)])).entries()];

  return (
    <aside className="rs-panel" aria-label="Annotations">
      <section className="rs-note">
        <h3>Document note</h3>
        {note && hasNoteMarkers(note.text) ? (
          <DocumentNotesPreview note={note} />
        ) : note ? (
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
          const selected = a.id === selectedId;
          return (
            <AnnotationItem key={api.keyOf(a.id)} annotation={a} selected={selected} author={authorLabel(a, myProfileId, authorNames)} quote={a.type === 'highlight' && a.style !== 'area' ? quoteOf(a) : undefined} image={imageOf(a)} onSelect={onSelect}
              editor={selected ? <AnnotationEditor annotation={a} api={api} readOnly={!isMine(a)} /> : null} />
          );
        })}
      </ol>
    </aside>
  );
}

/** One entry of the list; memoised, so a long list re-renders only the entries that changed. */
const AnnotationItem = memo(function AnnotationItem({ annotation: a, selected, author, quote, image, editor, onSelect }: {
  annotation: LibraryAnnotation;
  selected: boolean;
  author: string;
  quote: string | undefined;
  image: string | undefined;
  editor: React.ReactNode;
  onSelect(annotation: LibraryAnnotation): void;
}) {
  const page = a.positions?.[0]?.page;
  return (
    <li className={`rs-item ${selected ? 'selected' : ''}`} data-annotation-id={a.id} aria-current={selected ? 'true' : undefined}>
      <button type="button" className="rs-item-head" onClick={() => onSelect(a)}>
        <span className="rs-dot" style={{ background: a.type === 'highlight' ? cssColor(a.color) : 'var(--accent)' }} aria-hidden="true" />
        <span className="rs-kind">{markName(a) ?? (a.type === 'sticky_note' ? 'Sticky note' : 'Note')}</span>
        {page ? <span className="rs-page">p. {page}</span> : null}
        <span className="rs-author">{author}</span>
      </button>
      {quote ? <blockquote className="rs-quote" title={quote}>{quote}</blockquote> : null}
      {image ? <img className="rs-area-image" src={image} alt={`The area marked on page ${page ?? ''}`} /> : null}
      {editor ?? (a.text ? <p className="rs-item-text">{a.text}</p> : null)}
    </li>
  );
});
