// The top bar: search as you type, filters,
// and the buttons for a new document, settings and the shortcut list.
import { forwardRef, useState } from 'react';
import { SEARCH_COUNT_CAP } from '../../../shared/bridge/contract.ts';
import { DOCUMENT_TYPES, type DocumentType } from '../../../shared/schemas/document.ts';
import { TYPE_LABELS } from '../../lib/fieldLayout.ts';
import { formatCount } from '../../lib/format.ts';
import { folderPaths } from '../../lib/folderTree.ts';
import { displayKeys } from '../../lib/shortcuts.ts';
import { useApp, useLibrary, useStores } from '../../state/context.tsx';
import { activeFilterCount, type ListFilters } from '../../state/listQuery.ts';
import { Icon } from '../../components/Icon.tsx';
import { IconButton } from '../../components/IconButton.tsx';
import { ImportMenu } from '../../import/ImportMenu.tsx';


function yearOf(text: string): number | undefined {
  return /^-?\d{1,4}$/.test(text.trim()) ? Number(text.trim()) : undefined;
}

function FilterBar() {
  const filters = useLibrary((s) => s.filters);
  const setFilters = useLibrary((s) => s.setFilters);
  const folders = useLibrary((s) => s.folders);
  const collection = useLibrary((s) => s.collection);
  const [from, setFrom] = useState(filters.yearFrom?.toString() ?? '');
  const [to, setTo] = useState(filters.yearTo?.toString() ?? '');
  // The store set the years itself (a saved search ran): the boxes follow it.
  const [storeYears, setStoreYears] = useState([filters.yearFrom, filters.yearTo]);
  if (storeYears[0] !== filters.yearFrom || storeYears[1] !== filters.yearTo) {
    setStoreYears([filters.yearFrom, filters.yearTo]);
    setFrom(filters.yearFrom?.toString() ?? '');
    setTo(filters.yearTo?.toString() ?? '');
  }
  const change = (next: Partial<ListFilters>) => setFilters({ ...filters, ...next });
  const badYears = (from && yearOf(from) === undefined) || (to && yearOf(to) === undefined);
  return (
    <div className="filter-bar" role="group" aria-label="Filters">
      {collection.kind !== 'folder' ? (
        <label>Folder
          <select className="input" value={filters.folderId ?? ''} onChange={(e) => change({ folderId: e.target.value || undefined })}>
            <option value="">Any</option>
            {folderPaths(folders).map((f) => <option key={f.id} value={f.id}>{f.path}</option>)}
          </select>
        </label>
      ) : null}
      <label>Year from
        <input className="input year" aria-invalid={from && yearOf(from) === undefined ? true : undefined} value={from} onChange={(e) => setFrom(e.target.value)} onBlur={() => change({ yearFrom: yearOf(from) })} onKeyDown={(e) => e.key === 'Enter' && change({ yearFrom: yearOf(from) })} />
      </label>
      <label>to
        <input className="input year" aria-invalid={to && yearOf(to) === undefined ? true : undefined} value={to} onChange={(e) => setTo(e.target.value)} onBlur={() => change({ yearTo: yearOf(to) })} onKeyDown={(e) => e.key === 'Enter' && change({ yearTo: yearOf(to) })} />
      </label>
      <label>Type
        <select className="input" value={filters.type ?? ''} onChange={(e) => change({ type: (e.target.value || undefined) as DocumentType | undefined })}>
          <option value="">Any</option>
          {DOCUMENT_TYPES.map((t) => <option key={t} value={t}>{TYPE_LABELS[t]}</option>)}
        </select>
      </label>
      <label className="check"><input type="checkbox" checked={filters.unread === true} onChange={(e) => change({ unread: e.target.checked || undefined })} /> Unread only</label>
      <label className="check"><input type="checkbox" checked={filters.hasFile === true} onChange={(e) => change({ hasFile: e.target.checked || undefined })} /> With a file</label>
      <button type="button" className="button small" onClick={() => { setFrom(''); setTo(''); setFilters({}); }}>Clear</button>
      {badYears ? <span className="field-error" role="alert">A year is a whole number like 2019</span> : null}
    </div>
  );
}

/**
 * How many documents the shown search found: the count of the rows on screen, changed in the
 * render that shows the rows of a new search (not hidden when one starts, which painted the
 * toolbar once more per keystroke). Its own component: the toolbar (the search box, the
 * menus) does not render again when a sort or a search starts or ends.
 */
function SearchCount() {
  const total = useLibrary((s) => s.total);
  const shownSearch = useLibrary((s) => s.shownSearch);
  if (!shownSearch.trim()) return null;
  return <span className="search-count" role="status" data-query={shownSearch}>{total > SEARCH_COUNT_CAP ? `${formatCount(SEARCH_COUNT_CAP)}+` : formatCount(total)} found</span>;
}

/**
 * The search box, its own component: a keystroke renders the box alone, not the toolbar
 * around it (the menus, the buttons), which stays as it was painted.
 */
const SearchBox = forwardRef<HTMLInputElement>(function SearchBox(_props, searchRef) {
  const { mac } = useStores();
  const setSearch = useLibrary((s) => s.setSearch);
  const search = useLibrary((s) => s.search);
  const [text, setText] = useState(search);
  // The store cleared or set the search itself ("Show in library"): the box follows it.
  const [storeSearch, setStoreSearch] = useState(search);
  if (search !== storeSearch) {
    setStoreSearch(search);
    setText(search);
  }

  // Every keystroke searches at once: the replica answers in a few milliseconds and the
  // store drops answers to older text, so there is nothing to wait for.
  const type = (value: string) => {
    setText(value);
    setSearch(value);
  };

  return (
    <div className="search">
      <span className="search-icon"><Icon name="search" /></span>
      <input
        ref={searchRef}
        type="search"
        role="searchbox"
        aria-label="Search library"
        placeholder={`Search titles, authors, notes…  ${displayKeys('Mod+F', mac)}`}
        value={text}
        onChange={(e) => type(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && text) { e.stopPropagation(); type(''); }
          if (e.key === 'ArrowDown' || e.key === 'Enter') { e.preventDefault(); setSearch(text); (document.querySelector('[data-testid="document-list"]') as HTMLElement | null)?.focus(); }
        }}
      />
      <SearchCount />
    </div>
  );
});

export const Toolbar = forwardRef<HTMLInputElement>(function Toolbar(_props, searchRef) {
  const { mac } = useStores();
  const filters = useLibrary((s) => s.filters);
  const openDialog = useApp((s) => s.openDialog);
  const [showFilters, setShowFilters] = useState(false);
  const filterCount = activeFilterCount(filters);

  return (
    <header className="toolbar-wrap">
      <div className="toolbar" role="toolbar" aria-label="Library tools">
        <span className="brand" aria-hidden="true">RefShelf</span>
        <button type="button" className="button primary" onClick={() => openDialog('new-document')} title={displayKeys('Mod+N', mac)}><Icon name="plus" size={12} /> New document</button>
        <ImportMenu />
        <SearchBox ref={searchRef} />
        <button type="button" className={`button ${showFilters || filterCount ? 'active' : ''}`} aria-expanded={showFilters} onClick={() => setShowFilters((v) => !v)}>
          Filters{filterCount ? ` (${filterCount})` : ''}
        </button>
        <span className="spacer" />
        <IconButton label="Keyboard shortcuts" shortcut="?" onClick={() => openDialog('shortcuts')}><Icon name="help" size={16} /></IconButton>
        <IconButton label="Settings" shortcut={displayKeys('Mod+,', mac)} onClick={() => openDialog('settings')}><Icon name="gear" size={16} /></IconButton>
      </div>
      {showFilters ? <FilterBar /> : null}
    </header>
  );
});
