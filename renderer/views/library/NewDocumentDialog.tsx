// Adds an entry by hand: the few fields most entries start with, checked against the shared
// schemas before anything is sent; the rest is edited in the details pane afterwards.
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { DOCUMENT_TYPES, type DocumentType } from '../../../shared/schemas/document.ts';
import { parseTextDraft } from '../../lib/fieldDrafts.ts';
import { TYPE_LABELS, fieldLabel } from '../../lib/fieldLayout.ts';
import { documentProblems } from '../../lib/fieldValidation.ts';
import { parsePeople } from '../../lib/people.ts';
import { useApp, useLibrary, useStores } from '../../state/context.tsx';

export function NewDocumentDialog({ onCreated }: { onCreated(id: string): void }) {
  const { library } = useStores();
  const open = useApp((s) => s.dialog === 'new-document');
  const openDialog = useApp((s) => s.openDialog);
  const [type, setType] = useState<DocumentType>('journal');
  const [title, setTitle] = useState('');
  const [authors, setAuthors] = useState('');
  const [year, setYear] = useState('');
  const [source, setSource] = useState('');
  const [touched, setTouched] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Shown a group's library, a new document goes into that group.
  const group = useLibrary((s) => (s.collection.kind === 'group' ? s.groups.find((g) => g.id === (s.collection as { id: string }).id) : undefined));

  const fields = {
    type,
    title: title.trim() || null,
    authors: parsePeople(authors),
    year: parseTextDraft('year', year),
    source: parseTextDraft('source', source),
  };
  const problems = documentProblems(fields);
  const close = () => {
    openDialog(null);
    setTitle(''); setAuthors(''); setYear(''); setSource(''); setTouched(false); setFailure(null);
  };

  const submit = async () => {
    setTouched(true);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    const body = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== null && !(Array.isArray(v) && v.length === 0)));
    if (group) body.group_id = group.id;
    const result = await library.getState().createDocument(body as { title: string; type: DocumentType });
    setBusy(false);
    if (!result.ok) { setFailure(result.error.message); return; }
    close();
    onCreated(result.value.id);
  };

  const show = (name: keyof typeof problems) => (touched || (name !== 'title' && fields[name as keyof typeof fields] !== null)) ? problems[name] : undefined;
  const row = (name: 'title' | 'authors' | 'year' | 'source', label: string, value: string, set: (v: string) => void, hint?: string) => {
    const problem = show(name);
    return (
      <div className={`field wide ${problem ? 'invalid' : ''}`}>
        <label className="field-label" htmlFor={`new-${name}`}>{label}</label>
        <input id={`new-${name}`} className="input" value={value} onChange={(e) => set(e.target.value)} aria-invalid={problem ? true : undefined} aria-describedby={problem ? `new-${name}-error` : hint ? `new-${name}-hint` : undefined} autoFocus={name === 'title'} />
        {hint && !problem ? <p id={`new-${name}-hint`} className="hint">{hint}</p> : null}
        {problem ? <p id={`new-${name}-error`} className="field-error" role="alert">{problem}</p> : null}
      </div>
    );
  };

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" aria-describedby="new-doc-description">
          <Dialog.Title className="dialog-title">New document</Dialog.Title>
          <p id="new-doc-description" className="dialog-body">{group ? `It goes into the library of “${group.name}”, shared with its members. ` : ''}Enter what you know; everything else can be filled in later in the details pane.</p>
          <form className="dialog-form" onSubmit={(e) => { e.preventDefault(); void submit(); }}>
            <div className="field wide">
              <label className="field-label" htmlFor="new-type">Type</label>
              <select id="new-type" className="input" value={type} onChange={(e) => setType(e.target.value as DocumentType)}>
                {DOCUMENT_TYPES.map((t) => <option key={t} value={t}>{TYPE_LABELS[t]}</option>)}
              </select>
            </div>
            {row('title', 'Title', title, setTitle)}
            {row('authors', 'Authors', authors, setAuthors, 'Last name, first name; separate people with semicolons')}
            {row('year', 'Year', year, setYear)}
            {row('source', fieldLabel('source', type), source, setSource)}
            {failure ? <p className="field-error" role="alert">{failure}</p> : null}
            <div className="dialog-actions">
              <button type="button" className="button" onClick={close}>Cancel</button>
              <button type="submit" className="button primary" disabled={busy}>Add document</button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
