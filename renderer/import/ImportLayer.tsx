// Everything the import adds on top of the library window: the drop zone, the panel, the
// identifier dialog, the question about held duplicates, and the shell menu's "Import…" item.
import { useEffect, useRef } from 'react';
import './import.css';
import { AddIdentifierDialog } from './AddIdentifierDialog.tsx';
import { DropZone } from './DropZone.tsx';
import { HeldDuplicatesDialog } from './HeldDuplicatesDialog.tsx';
import { ImportPanel } from './ImportPanel.tsx';
import { useImportCommands } from './importStore.ts';
import { useImportActions } from './useImportActions.ts';

export function ImportLayer() {
  const { onMenu } = useImportCommands();
  const actions = useImportActions();
  const latest = useRef(actions);
  latest.current = actions;
  useEffect(() => onMenu(({ action }) => {
    if (action === 'import') void latest.current.chooseAndImport(document.querySelector<HTMLInputElement>('[data-testid="import-file-input"]'));
  }), [onMenu]);
  return (
    <>
      <DropZone />
      <ImportPanel />
      <AddIdentifierDialog />
      <HeldDuplicatesDialog />
    </>
  );
}
