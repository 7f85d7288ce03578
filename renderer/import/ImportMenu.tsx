// The toolbar's "Import" button and its menu: import files, add by identifier, and export
// the library (or the folder shown) to BibTeX or RIS. Browser mode's file input lives here.
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useRef } from 'react';
import { useImport } from './importContext.tsx';
import { IMPORT_EXTENSIONS } from '../../shared/bridge/importCommands.ts';
import { useImportActions } from './useImportActions.ts';

export function ImportMenu() {
  const input = useRef<HTMLInputElement>(null);
  const actions = useImportActions();
  const openIdentifier = useImport((s) => s.setIdentifierDialogOpen);
  const { folderId } = actions;
  return (
    <>
      <input ref={input} type="file" multiple hidden data-testid="import-file-input" accept={IMPORT_EXTENSIONS.map((e) => `.${e}`).join(',')}
        onChange={(e) => { actions.importChosen(e.target.files); e.target.value = ''; }} />
      <button type="button" className="button" onClick={() => void actions.chooseAndImport(input.current)}>Import…</button>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger className="button" aria-label="More import and export">▾</DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className="menu" align="start">
            <DropdownMenu.Item className="menu-item" onSelect={() => void actions.chooseAndImport(input.current)}>Import files…</DropdownMenu.Item>
            <DropdownMenu.Item className="menu-item" onSelect={() => openIdentifier(true)}>Add by identifier…</DropdownMenu.Item>
            <DropdownMenu.Separator className="menu-separator" />
            <DropdownMenu.Item className="menu-item" onSelect={() => void actions.exportTo('bibtex', { library: true })}>Export library as BibTeX</DropdownMenu.Item>
            <DropdownMenu.Item className="menu-item" onSelect={() => void actions.exportTo('ris', { library: true })}>Export library as RIS</DropdownMenu.Item>
            {folderId ? (
              <>
                <DropdownMenu.Item className="menu-item" onSelect={() => void actions.exportTo('bibtex', { folderId })}>Export this folder as BibTeX</DropdownMenu.Item>
                <DropdownMenu.Item className="menu-item" onSelect={() => void actions.exportTo('ris', { folderId })}>Export this folder as RIS</DropdownMenu.Item>
              </>
            ) : null}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </>
  );
}
