// The window's tabs: the library, then the registered views (catalog, datasets, groups,
// people) and any open documents (reader tabs, closed with their × or Ctrl/Cmd+W).
// Ctrl/Cmd+1..9 switch between them (App.tsx).
import * as ContextMenu from '@radix-ui/react-context-menu';
import { readerViewId } from '../state/appStore.ts';
import { useApp, useStores } from '../state/context.tsx';
import { showInLibrary } from '../state/showInLibrary.ts';
import { VIEWS } from '../views/registry.tsx';
import { Icon } from './Icon.tsx';

export function ViewTabs() {
  const stores = useStores();
  const view = useApp((s) => s.view);
  const setView = useApp((s) => s.setView);
  const readers = useApp((s) => s.readers);
  const closeReader = useApp((s) => s.closeReader);
  const tabs = [{ id: 'library', label: 'Library', icon: 'library' as const }, ...VIEWS];
  return (
    <nav className="view-tabs" role="tablist" aria-label="Views">
      {tabs.map((tab) => (
        <button
          key={tab.id}
          type="button"
          role="tab"
          className="view-tab"
          aria-selected={view === tab.id}
          onClick={() => setView(tab.id)}
        >
          <Icon name={tab.icon} size={12} /> {tab.label}
        </button>
      ))}
      {readers.map((reader) => {
        const id = readerViewId(reader.documentId);
        return (
          <ContextMenu.Root key={id}>
            <ContextMenu.Trigger asChild>
              <span className="view-tab reader-tab" data-selected={view === id} data-document-id={reader.documentId}>
                <button type="button" role="tab" className="tab-label" aria-selected={view === id} title={reader.title} onClick={() => setView(id)}>
                  <Icon name="clip" size={12} /> <span className="tab-title">{reader.title}</span>
                </button>
                <button type="button" className="tab-close" aria-label={`Close ${reader.title}`} onClick={() => closeReader(reader.documentId)}>×</button>
              </span>
            </ContextMenu.Trigger>
            <ContextMenu.Portal>
              <ContextMenu.Content className="menu" aria-label={`${reader.title}: tab actions`}>
                <ContextMenu.Item className="menu-item" onSelect={() => void showInLibrary(stores, reader.documentId)}>Show in library</ContextMenu.Item>
                <ContextMenu.Item className="menu-item" onSelect={() => closeReader(reader.documentId)}>Close tab</ContextMenu.Item>
              </ContextMenu.Content>
            </ContextMenu.Portal>
          </ContextMenu.Root>
        );
      })}
    </nav>
  );
}
