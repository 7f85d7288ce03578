// Everything the import adds on top of the library window: the drop zone, the panel, the
// identifier dialog, the question about held duplicates, and the shell menu's "Import…" item.
import { useEffect, useRef } from 'react';
import './import.css';
import { useStores } from '../state/context.tsx';
import { AddIdentifierDialog } from './AddIdentifierDialog.tsx';
import { DropZone } from './DropZone.tsx';
import { HeldDuplicatesDialog } from './HeldDuplicatesDialog.tsx';
import { ImportPanel } from './ImportPanel.tsx';
import { useImportActions } from './useImportActions.ts';

export function ImportLayer() {
  const { bridge } = useStores();
  const actions = useImportActions();
  const latest = useRef(actions);
  latest.current = actions;
  useEffect(() => bridge.on('app.menu', ({ action }) => {
    if (action === 'import') void latest.current.chooseAndImport(document.querySelector<HTMLInputElement>('[data-testid="import-file-input"]'));
  }), [bridge]);
  return (
    <>
      <DropZone />
      <ImportPanel />
      <AddIdentifierDialog />
      <HeldDuplicatesDialog />
    </>
  );
}
