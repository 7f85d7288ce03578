// One row of the document list. Memoised on what it shows: a new page of rows, a selection
// change or a keystroke's answer re-renders the rows whose document or state changed, not
// every row drawn (the list renders again for each of them).
import { memo, type DragEvent, type MouseEvent } from 'react';
import type { LibraryDocument } from '../../../shared/bridge/contract.ts';
import { SHORT_TYPE_LABELS, TYPE_LABELS } from '../../lib/fieldLayout.ts';
import type { ColumnId } from '../../lib/columnLayout.ts';
import { authorsSummary, listDate, shortDate } from '../../lib/format.ts';
import { Icon } from '../../components/Icon.tsx';
import { Highlighted } from './Highlighted.tsx';
import { NoteMatchBadge } from './NoteMatchBadge.tsx';

export const ROW_HEIGHT = 26;

export interface Column {
  id: ColumnId;
  label: string;
  /** The cell's content: text where it can be, so a row holds few elements to lay out. */
  render(doc: LibraryDocument, terms: readonly string[]): React.ReactNode;
  /** The cell's tooltip (the whole text where the cell shows a short form). */
  tooltip?(doc: LibraryDocument): string | undefined;
  /** The cell's name for screen readers, where its content is a mark and not text. */
  name?(doc: LibraryDocument): string | undefined;
}

export const COLUMNS: Record<ColumnId, Column> = {
  starred: { id: 'starred', label: 'Starred', render: (d) => <span className={`star ${d.starred ? 'on' : ''}`} aria-label={d.starred ? 'Starred' : 'Not starred'}>{d.starred ? '★' : '☆'}</span> },
  read: { id: 'read', label: 'Read', render: (d) => (d.read ? null : <span className="read-dot unread" />), name: (d) => (d.read ? 'Read' : 'Unread') },
  file: { id: 'file', label: 'File', render: (d) => (d.file_attached ? <Icon name="clip" size={12} /> : null), name: (d) => (d.file_attached ? 'Has a file' : undefined) },
  title: { id: 'title', label: 'Title', render: (d, t) => <>{d.note_match ? <NoteMatchBadge snippet={d.note_match} /> : null}<Highlighted text={d.title} terms={t} /></>, tooltip: (d) => d.title },
  authors: { id: 'authors', label: 'Authors', render: (d, t) => <Highlighted text={authorsSummary(d.authors)} terms={t} /> },
  year: { id: 'year', label: 'Year', render: (d) => d.year ?? '' },
  source: { id: 'source', label: 'Source', render: (d, t) => <Highlighted text={d.source ?? ''} terms={t} /> },
  type: { id: 'type', label: 'Type', render: (d) => SHORT_TYPE_LABELS[d.type] ?? TYPE_LABELS[d.type] ?? d.type, tooltip: (d) => TYPE_LABELS[d.type] },
  added: { id: 'added', label: 'Added', render: (d) => listDate(d.added_local), tooltip: (d) => shortDate(d.added_local) },
  modified: { id: 'modified', label: 'Modified', render: (d) => listDate(d.modified_local), tooltip: (d) => shortDate(d.modified_local) },
};

/** What a row does when used; one object for the list's lifetime, so rows stay memoised. */
export interface RowActions {
  mouseDown(e: MouseEvent, index: number): void;
  click(e: MouseEvent, index: number): void;
  open(doc: LibraryDocument | undefined): void;
  dragStart(e: DragEvent, index: number, doc: LibraryDocument, selected: boolean): void;
  toggleStar(doc: LibraryDocument): void;
}

interface RowProps {
  index: number;
  /** Undefined while its page is on its way. */
  doc: LibraryDocument | undefined;
  selected: boolean;
  cursor: boolean;
  template: string;
  columns: readonly Column[];
  terms: readonly string[];
  actions: RowActions;
}

export const DocumentRow = memo(function DocumentRow({ index, doc, selected, cursor, template, columns, terms, actions }: RowProps) {
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      data-index={index}
      className={`grid-row body-row ${selected ? 'selected' : ''} ${cursor ? 'cursor' : ''} ${doc && !doc.read ? 'unread' : ''} ${index % 2 ? 'odd' : ''}`}
      style={{ gridTemplateColumns: template, transform: `translateY(${index * ROW_HEIGHT}px)`, height: ROW_HEIGHT }}
      draggable={doc !== undefined}
      onDragStart={(e) => { if (doc) actions.dragStart(e, index, doc, selected); }}
      onMouseDown={(e) => actions.mouseDown(e, index)}
      onClick={(e) => actions.click(e, index)}
      onDoubleClick={() => actions.open(doc)}
    >
      {doc
        ? columns.map((c) => (
          <div role="gridcell" key={c.id} className={`cell cell-${c.id}`} title={c.tooltip?.(doc)} aria-label={c.name?.(doc)}>
            {c.id === 'starred' ? (
              <button type="button" tabIndex={-1} className={`star-button ${doc.starred ? 'on' : ''}`} aria-label={doc.starred ? `Unstar ${doc.title}` : `Star ${doc.title}`}
                onMouseDown={(e) => e.stopPropagation()}
                onClick={(e) => { e.stopPropagation(); actions.toggleStar(doc); }}>
                {doc.starred ? '★' : '☆'}
              </button>
            ) : c.render(doc, terms)}
          </div>
        ))
        : <div role="gridcell" className="cell loading-cell" style={{ gridColumn: '1 / -1' }}>Loading…</div>}
    </div>
  );
});
