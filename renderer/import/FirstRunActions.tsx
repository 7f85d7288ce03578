// The empty library's ways in, beyond typing a document by hand: PDFs dropped on the window
// (the window-wide drop zone imports them), a .bib/.ris/PDF file chosen here, a DOI, arXiv
// id or ISBN looked up. A new user's first documents almost always arrive this way.
import { useRef } from 'react';
import { IMPORT_EXTENSIONS } from '../../shared/bridge/importCommands.ts';
import { useImport } from './importContext.tsx';
import { useImportActions } from './useImportActions.ts';

export function FirstRunActions({ onNewDocument }: { onNewDocument(): void }) {
  const input = useRef<HTMLInputElement>(null);
  const actions = useImportActions();
  const openIdentifier = useImport((s) => s.setIdentifierDialogOpen);
  return (
    <div className="first-run">
      <p className="first-run-drop">Drop PDFs anywhere on this window: their title, authors and identifiers are read from the files.</p>
      <input ref={input} type="file" multiple hidden data-testid="first-run-file-input" accept={IMPORT_EXTENSIONS.map((e) => `.${e}`).join(',')}
        onChange={(e) => { actions.importChosen(e.target.files); e.target.value = ''; }} />
      <div className="first-run-buttons">
        <button type="button" className="button primary" onClick={() => void actions.chooseAndImport(input.current)}>Import PDFs, .bib or .ris…</button>
        <button type="button" className="button" onClick={() => openIdentifier(true)}>Add by identifier…</button>
        <button type="button" className="button" onClick={onNewDocument}>New document</button>
      </div>
      <p className="first-run-hint">Import takes a BibTeX or RIS export from Zotero, Mendeley or EndNote; Add by identifier takes a DOI, arXiv id or ISBN.</p>
    </div>
  );
}
