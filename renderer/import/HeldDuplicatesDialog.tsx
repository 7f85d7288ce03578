// Before a likely duplicate is added: the items an import held, each beside the document it
// looks like, and one choice for them all (add anyway, merge into the existing document,
// skip). A single item reads as a question about that item.
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import type { DuplicateChoice, HeldDuplicate } from '../../shared/bridge/contract.ts';
import { useStores } from '../state/context.tsx';
import { useImport } from './importContext.tsx';

const REASONS: Record<HeldDuplicate['reason'], string> = {
  doi: 'same DOI', pmid: 'same PubMed id', arxiv: 'same arXiv id', isbn: 'same ISBN', title: 'same title, first author and year',
};

function existingLabel(held: HeldDuplicate): string {
  const { title, year, firstAuthor } = held.existing;
  const by = [firstAuthor, year].filter(Boolean).join(', ');
  return by ? `“${title}” (${by})` : `“${title}”`;
}

export function HeldDuplicatesDialog() {
  const { library } = useStores();
  const held = useImport((s) => s.held);
  const resolveHeld = useImport((s) => s.resolveHeld);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (!held.length) return null;
  const many = held.length > 1;

  const choose = async (choice: DuplicateChoice) => {
    setBusy(true);
    setFailure(null);
    try {
      await resolveHeld(choice);
      await library.getState().reload();
    } catch (error) {
      setFailure((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root open onOpenChange={() => {}}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" aria-describedby="held-duplicates-description" data-testid="held-duplicates" onEscapeKeyDown={(e) => e.preventDefault()}>
          <Dialog.Title className="dialog-title">{many ? `${held.length} items look like documents already in your library` : 'This looks like a document already in your library'}</Dialog.Title>
          <p id="held-duplicates-description" className="dialog-body">
            {many ? 'They were not added yet. Choose what to do with all of them.' : 'It was not added yet. Choose what to do with it.'}
          </p>
          <ul className="held-duplicates">
            {held.map((h) => (
              <li key={h.heldId} className="held-duplicate">
                <span className="held-title">{h.title}</span>
                <span className="muted"> looks like {existingLabel(h)}: {REASONS[h.reason]}.</span>
              </li>
            ))}
          </ul>
          <p className="hint">Merging keeps the existing document's details and adds the new item's file, identifiers and any details it lacks.</p>
          {failure ? <p className="field-error" role="alert">{failure}</p> : null}
          <div className="dialog-actions">
            <button type="button" className="button" disabled={busy} onClick={() => void choose('skip')}>{many ? 'Skip all' : 'Skip'}</button>
            <button type="button" className="button" disabled={busy} onClick={() => void choose('add')}>{many ? 'Add all anyway' : 'Add anyway'}</button>
            <button type="button" className="button primary" disabled={busy} onClick={() => void choose('merge')}>{many ? 'Merge all into the existing' : 'Merge into existing'}</button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
