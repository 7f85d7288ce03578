// The list's context menu items for the selection: copy its bibliography or in-text
// citation (default citation style), export a formatted bibliography, BibTeX or RIS.
import * as ContextMenu from '@radix-ui/react-context-menu';
import { useCitingActions } from '../citing/useCitingActions.ts';
import { useImportActions } from './useImportActions.ts';

export function DocumentExportItems({ ids }: { ids: string[] }) {
  const actions = useImportActions();
  const citing = useCitingActions();
  return (
    <>
      <ContextMenu.Item className="menu-item" onSelect={() => void citing.copy(ids, 'bibliography')}>Copy citation</ContextMenu.Item>
      <ContextMenu.Item className="menu-item" onSelect={() => void citing.copy(ids, 'citation')}>Copy in-text citation</ContextMenu.Item>
      <ContextMenu.Item className="menu-item" onSelect={() => void citing.exportBibliography({ ids }, 'html')}>Export bibliography as HTML…</ContextMenu.Item>
      <ContextMenu.Item className="menu-item" onSelect={() => void citing.exportBibliography({ ids }, 'rtf')}>Export bibliography as RTF…</ContextMenu.Item>
      <ContextMenu.Item className="menu-item" onSelect={() => void citing.exportBibliography({ ids }, 'text')}>Export bibliography as text…</ContextMenu.Item>
      <ContextMenu.Item className="menu-item" onSelect={() => void actions.exportTo('bibtex', { ids })}>Export as BibTeX…</ContextMenu.Item>
      <ContextMenu.Item className="menu-item" onSelect={() => void actions.exportTo('ris', { ids })}>Export as RIS…</ContextMenu.Item>
      <ContextMenu.Separator className="menu-separator" />
    </>
  );
}
