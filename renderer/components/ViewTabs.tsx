// The window's tabs: the library, then the registered views (catalog, datasets, groups,
// people) and any open documents (reader tabs, closed with their × or Ctrl/Cmd+W; those that
// do not fit are reached through the strip's "More tabs" menu, ReaderTabStrip.tsx).
// Ctrl/Cmd+1..9 switch between them (App.tsx).
import { useApp } from '../state/context.tsx';
import { VIEWS } from '../views/registry.tsx';
import { Icon } from './Icon.tsx';
import { ReaderTabStrip } from './ReaderTabStrip.tsx';

export function ViewTabs() {
  const view = useApp((s) => s.view);
  const setView = useApp((s) => s.setView);
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
      <ReaderTabStrip />
    </nav>
  );
}
