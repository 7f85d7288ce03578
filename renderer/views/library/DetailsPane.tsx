// The right pane: every field of the selected document, laid out for its type, each saved
// on blur through documents.update; the read, starred and confirmed toggles save at once.
import { forwardRef, useCallback, useEffect, useRef, useState } from 'react';
import type { LibraryDocument, TagCount } from '../../../shared/bridge/contract.ts';
import { DOCUMENT_TYPES, type DocumentFieldName, type DocumentType } from '../../../shared/schemas/document.ts';
import { FLAG_FIELDS, TYPE_LABELS, fieldLabel, layoutFor } from '../../lib/fieldLayout.ts';
import { plural, shortDate } from '../../lib/format.ts';
import { useLibrary, useStores } from '../../state/context.tsx';
import { Icon } from '../../components/Icon.tsx';
import { NotesSection } from './NotesSection.tsx';
import { RelatedSection } from './RelatedSection.tsx';
import { ChipsField, IdentifiersField, PeopleField, TextField, type Save } from './fields.tsx';

const PEOPLE: ReadonlySet<DocumentFieldName> = new Set(['authors', 'editors', 'translators']);
const CHIPS: ReadonlySet<DocumentFieldName> = new Set(['tags', 'keywords']);
const LONG: ReadonlySet<DocumentFieldName> = new Set(['abstract', 'websites']);
const WIDE: ReadonlySet<DocumentFieldName> = new Set(['title', 'source']);
const FLAG_LABELS: Record<string, [string, string]> = {
  read: ['Read', 'Unread'], starred: ['★ Starred', '☆ Star'], confirmed: ['✓ Confirmed', 'Needs review'], authored: ['✓ My work', 'My work'],
};

function Field({ field, doc, save, identity, libraryTags }: { field: DocumentFieldName; doc: LibraryDocument; save: Save; identity: string; libraryTags: readonly TagCount[] }) {
  const label = fieldLabel(field, doc.type);
  const props = { field, label, value: doc[field], save, docId: identity };
  if (PEOPLE.has(field)) return <PeopleField {...props} />;
  if (CHIPS.has(field)) return <ChipsField {...props} suggestions={field === 'tags' ? libraryTags : undefined} />;
  if (field === 'identifiers') return <IdentifiersField {...props} />;
  if (field === 'type') {
    return (
      <div className="field">
        <label className="field-label" htmlFor="doc-type">Type</label>
        <select id="doc-type" className="input" value={doc.type} onChange={(e) => void save('type', e.target.value as DocumentType)}>
          {DOCUMENT_TYPES.map((t) => <option key={t} value={t}>{TYPE_LABELS[t]}</option>)}
        </select>
      </div>
    );
  }
  return <TextField {...props} multiline={LONG.has(field)} wide={WIDE.has(field)} />;
}

export const DetailsPane = forwardRef<HTMLElement>(function DetailsPane(_props, ref) {
  const { library, app } = useStores();
  const selection = useLibrary((s) => s.selection);
  // Offered while a tag is typed; read once here rather than by every field.
  const libraryTags = useLibrary((s) => s.tags);
  const selectedId = selection.ids.size === 1 ? [...selection.ids][0]! : null;
  const [doc, setDoc] = useState<LibraryDocument | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [showMore, setShowMore] = useState(false);

  // Only the answer for the document selected last may fill the pane.
  const wanted = useRef<string | null>(null);
  wanted.current = selectedId;
  const load = useCallback(async (id: string) => {
    const result = await library.getState().getDocument(id);
    if (wanted.current !== id) return;
    if (result.ok) { setDoc(result.value); setLoadError(null); }
    else { setDoc(null); setLoadError(result.error.message); }
  }, [library]);

  useEffect(() => {
    if (selectedId) void load(selectedId);
    else setDoc(null);
  }, [selectedId, load]);

  useEffect(() => library.getState().onLibraryChanged(({ kinds, ids }) => {
    if (selectedId && kinds.includes('document') && (ids.length === 0 || ids.includes(selectedId))) void load(selectedId);
  }), [library, selectedId, load]);

  const save: Save = useCallback(async (field, value) => {
    if (!doc) return undefined;
    const patch = { [field]: value };
    // Through the library store, with the id the document has now (a push may have renamed it).
    const result = await library.getState().updateDocument(doc.id, patch);
    if (!result.ok) return result.error.message;
    // A save that lands after another document was selected must not bring this one back.
    const { originalId } = library.getState();
    if (wanted.current !== null && originalId(wanted.current) === originalId(result.value.id)) setDoc(result.value);
    return undefined;
  }, [doc, library]);

  if (selection.ids.size > 1) {
    return (
      <aside ref={ref} className="details-pane" aria-label="Details" tabIndex={-1}>
        <div className="empty-state">
          <p className="empty-title">{plural(selection.ids.size, 'document')} selected</p>
          <p className="empty-hint">Drag them onto a folder, press S to star, R to mark read, or Delete to move them to the trash.</p>
        </div>
      </aside>
    );
  }
  if (!doc) {
    return (
      <aside ref={ref} className="details-pane" aria-label="Details" tabIndex={-1}>
        <div className="empty-state">
          <p className="empty-title">{loadError ?? 'No document selected'}</p>
          <p className="empty-hint">Choose a document in the list to see and edit its details.</p>
        </div>
      </aside>
    );
  }

  const readOnly = library.getState().readOnlyReason(doc.group_id);
  // What the fields' drafts belong to: the document's first id, so that a push renaming a
  // new document (the selection and then the loaded document take the new id) keeps them.
  // The loaded document's, not the selection's: fields belong to the document they show.
  const identity = library.getState().originalId(doc.id);
  const layout = layoutFor(doc.type);
  const inTrash = doc.trashed;
  return (
    <aside ref={ref} className="details-pane" aria-label="Details" tabIndex={-1} data-doc-id={doc.id}>
      <div className="details-header">
        <span className="details-type">{TYPE_LABELS[doc.type]}</span>
        {inTrash ? <span className="badge">In the trash</span> : null}
      </div>
      {readOnly ? <p className="read-only-note" role="note"><Icon name="lock" size={12} /> {readOnly}</p> : null}
      {inTrash && !readOnly ? <p className="read-only-note" role="note"><Icon name="lock" size={12} /> In the trash: restore it to edit it.</p> : null}
      <fieldset className="details-fieldset" disabled={readOnly !== null || inTrash}>
      <div className="flags" role="group" aria-label="Status">
        {FLAG_FIELDS.map((flag) => {
          const on = doc[flag] === true;
          const [onLabel, offLabel] = FLAG_LABELS[flag]!;
          return (
            <button key={flag} type="button" className={`toggle ${on ? 'on' : ''}`} aria-pressed={on} aria-label={fieldLabel(flag)} onClick={() => void save(flag, !on)}>
              {on ? onLabel : offLabel}
            </button>
          );
        })}
      </div>
      <form className="details-form" aria-label="Document details" onSubmit={(e) => e.preventDefault()}>
        {layout.head.map((f) => <Field key={`${identity}:${f}`} field={f} doc={doc} save={save} identity={identity} libraryTags={libraryTags} />)}
        {layout.typeFields.length ? <h3 className="details-section">{TYPE_LABELS[doc.type]} details</h3> : null}
        {layout.typeFields.map((f) => <Field key={`${identity}:${f}`} field={f} doc={doc} save={save} identity={identity} libraryTags={libraryTags} />)}
        <h3 className="details-section">Description</h3>
        {layout.tail.map((f) => <Field key={`${identity}:${f}`} field={f} doc={doc} save={save} identity={identity} libraryTags={libraryTags} />)}
        <button type="button" className="link-button details-section" aria-expanded={showMore} onClick={() => setShowMore((v) => !v)}>
          {showMore ? '▾' : '▸'} More fields ({layout.more.length})
        </button>
        {showMore ? layout.more.map((f) => <Field key={`${identity}:${f}`} field={f} doc={doc} save={save} identity={identity} libraryTags={libraryTags} />) : null}
      </form>
      </fieldset>
      <NotesSection key={identity} doc={doc} readOnly={readOnly !== null || inTrash} />
      <RelatedSection key={`related:${identity}`} doc={doc} readOnly={readOnly !== null || inTrash} />
      <dl className="details-meta">
        <dt>Added</dt><dd>{shortDate(doc.added_local)}</dd>
        <dt>Modified</dt><dd>{shortDate(doc.modified_local)}</dd>
        <dt>File</dt><dd>{doc.file_attached ? (
          <button type="button" className="link-button" onClick={() => app.getState().openReader({ documentId: doc.id, title: doc.title })}>Open PDF</button>
        ) : 'None'}</dd>
        <dt>Synced</dt><dd>{doc.last_modified ? shortDate(doc.last_modified) : 'Not yet'}</dd>
      </dl>
      {inTrash ? <button type="button" className="button" onClick={() => void library.getState().restore([doc.id])}>Restore from trash</button> : null}
    </aside>
  );
});
