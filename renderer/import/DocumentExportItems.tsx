// The list's context menu items for the selection: copy a citation, export to BibTeX or RIS.
import * as ContextMenu from '@radix-ui/react-context-menu';
import { useImportActions } from './useImportActions.ts';

export function DocumentExportItems({ ids }: { ids: string[] }) {
  const actions = useImportActions();
  return (
    <>
      <ContextMenu.Item className="menu-item" onSelect={() => void actions.copyCitation(ids)}>Copy citation</ContextMenu.Item>
      <ContextMenu.Item className="menu-item" onSelect={() => void actions.exportTo('bibtex', { ids })}>Export as BibTeX…</ContextMenu.Item>
      <ContextMenu.Item className="menu-item" onSelect={() => void actions.exportTo('ris', { ids })}>Export as RIS…</ContextMenu.Item>
      <ContextMenu.Separator className="menu-separator" />
    </>
  );
}
