// "Add by identifier": a DOI, arXiv id or ISBN; the core looks it up in the catalog (or
// keeps it for later when offline) and the answer is shown in the import panel.
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { useStores } from '../state/context.tsx';
import { useImport } from './importContext.tsx';
import { useImportActions } from './useImportActions.ts';

export function AddIdentifierDialog() {
  const { library } = useStores();
  const open = useImport((s) => s.identifierDialogOpen);
  const setOpen = useImport((s) => s.setIdentifierDialogOpen);
  const addIdentifier = useImport((s) => s.addIdentifier);
  const { folderId } = useImportActions();
  const [text, setText] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setOpen(false);
    setText('');
    setFailure(null);
  };
  const submit = async () => {
    if (!text.trim()) {
      setFailure('Enter a DOI, an arXiv id or an ISBN');
      return;
    }
    setBusy(true);
    try {
      const outcome = await addIdentifier(text.trim(), folderId);
      close();
      await library.getState().reload();
      if (outcome.documentId) library.getState().selectIds([outcome.documentId]);
    } catch (error) {
      setFailure((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog dialog-small" aria-describedby="add-identifier-description">
          <Dialog.Title className="dialog-title">Add by identifier</Dialog.Title>
          <p id="add-identifier-description" className="dialog-body">A DOI (10.1000/xyz), an arXiv id (2101.00001) or an ISBN. The details come from the catalog.</p>
          <form className="dialog-form" onSubmit={(e) => { e.preventDefault(); void submit(); }}>
            <div className={`field wide ${failure ? 'invalid' : ''}`}>
              <label className="field-label" htmlFor="add-identifier">Identifier</label>
              <input id="add-identifier" className="input" autoFocus value={text} onChange={(e) => { setText(e.target.value); setFailure(null); }}
                aria-invalid={failure ? true : undefined} aria-describedby={failure ? 'add-identifier-error' : undefined} />
              {failure ? <p id="add-identifier-error" className="field-error" role="alert">{failure}</p> : null}
            </div>
            <div className="dialog-actions">
              <button type="button" className="button" onClick={close}>Cancel</button>
              <button type="submit" className="button primary" disabled={busy}>{busy ? 'Looking up…' : 'Add'}</button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
