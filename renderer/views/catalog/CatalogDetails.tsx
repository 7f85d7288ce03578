// One catalog document: its bibliographic facts, its readers as charts, and "Add to
// library", which creates a library document (and attaches its open-access file) at once,
// or says that the library holds it already.
import type { CatalogDocument } from '../../../shared/schemas/catalog.ts';
import { personName, plural } from '../../lib/format.ts';
import { addNote, type AddState } from './addNote.ts';
import { StatChart } from './StatChart.tsx';

interface Props {
  document: CatalogDocument;
  add: AddState;
  onAdd(): void;
  /** The library's document holding this record, when the library holds it. */
  libraryId?: string;
  onShowInLibrary(documentId: string): void;
}

export function CatalogDetails({ document: doc, add, onAdd, libraryId, onShowInLibrary }: Props) {
  const identifiers = Object.entries(doc.identifiers ?? {});
  return (
    <article className="catalog-details" aria-label="Catalog document">
      <header>
        <p className="catalog-type">{doc.type?.replace(/_/g, ' ')}</p>
        <h2>{doc.title}</h2>
        {doc.authors?.length ? <p className="catalog-authors">{doc.authors.map(personName).join(', ')}</p> : null}
        <p className="catalog-source">{[doc.source, doc.volume && `vol. ${doc.volume}`, doc.issue && `no. ${doc.issue}`, doc.pages && `pp. ${doc.pages}`, doc.year].filter(Boolean).join(', ')}</p>
      </header>
      <div className="catalog-actions">
        {add.kind === 'added' ? (
          <>
            <span className="added-note" role="status">{addNote(add)}</span>
            <button type="button" className="button" onClick={() => onShowInLibrary(add.documentId)}>Show in library</button>
            {add.fileError ? <button type="button" className="link-button" onClick={onAdd}>Fetch the PDF again</button> : null}
          </>
        ) : (
          <>
            <button type="button" className="button primary" onClick={onAdd} disabled={add.kind === 'adding'}>
              {add.kind === 'adding' ? 'Adding…' : 'Add to library'}
            </button>
            {libraryId ? <button type="button" className="button" onClick={() => onShowInLibrary(libraryId)}>Show in library</button> : null}
          </>
        )}
        {doc.link ? <a className="link-button" href={doc.link} target="_blank" rel="noreferrer">Public page</a> : null}
      </div>
      {add.kind === 'failed' ? <p className="field-error" role="alert">Could not add it: {add.message}</p> : null}
      {add.kind === 'added' && add.fileError ? <p className="field-error" role="alert">{add.fileError}</p> : null}
      {identifiers.length ? (
        <dl className="catalog-identifiers">
          {identifiers.map(([kind, value]) => (
            <div key={kind}><dt>{kind.toUpperCase()}</dt><dd>{value}</dd></div>
          ))}
        </dl>
      ) : null}
      {doc.abstract ? <p className="catalog-abstract">{doc.abstract}</p> : null}
      <h3 className="details-section">Readers</h3>
      <p className="catalog-reader-total">
        {plural(doc.reader_count ?? 0, 'reader')} · {plural(doc.group_count ?? 0, 'group')}
      </p>
      <div className="stat-charts">
        <StatChart title="By academic status" readers={doc.reader_count ?? 0} counts={doc.reader_count_by_academic_status} />
        <StatChart title="By discipline" readers={doc.reader_count ?? 0} counts={doc.reader_count_by_discipline} />
        <StatChart title="By country" readers={doc.reader_count ?? 0} counts={doc.reader_count_by_country} />
      </div>
    </article>
  );
}
