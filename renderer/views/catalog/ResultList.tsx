// The catalog results: title, authors, source and year, reader count with a thin bar of
// readers by academic status, flags for a PDF and for a copy in the library. Arrow keys
// move between results; Enter opens one.
import { type KeyboardEvent } from 'react';
import type { CatalogDocument } from '../../../shared/schemas/catalog.ts';
import { authorsSummary, plural } from '../../lib/format.ts';
import { StackedBar } from './StatChart.tsx';

interface Props {
  items: CatalogDocument[];
  /** Catalog id -> library document, for the results the library holds. */
  inLibrary: Record<string, string>;
  openId: string | null;
  onOpen(id: string): void;
}

export function ResultList({ items, inLibrary, openId, onOpen }: Props) {
  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    const buttons = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('button.result')];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next = buttons[Math.min(buttons.length - 1, Math.max(0, at + (e.key === 'ArrowDown' ? 1 : -1)))];
    if (next) {
      e.preventDefault();
      next.focus();
    }
  };
  return (
    <ul className="catalog-results" aria-label="Catalog results" onKeyDown={onKeyDown}>
      {items.map((doc) => (
        <li key={doc.id}>
          <button type="button" className="result" aria-current={doc.id === openId ? 'true' : undefined} onClick={() => onOpen(doc.id)}>
            <span className="result-title">{doc.title}</span>
            <span className="result-meta">
              {[authorsSummary(doc.authors), doc.source, doc.year].filter(Boolean).join(' · ')}
            </span>
            <span className="result-stats">
              <span className="result-readers">{plural(doc.reader_count ?? 0, 'reader')}</span>
              <StackedBar label="Readers by academic status" counts={doc.reader_count_by_academic_status} />
              {doc.file_attached ? <span className="result-flag" title="Readers of this record have a PDF of it; “Add to library” brings it along when the record is open access">PDF</span> : null}
              {inLibrary[doc.id] ? <span className="result-flag in-library">In your library</span> : null}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
