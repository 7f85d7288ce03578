// The sidebar's tags: the most used first, a filter box that reaches every tag, and a
// button that shows more. Only what is shown is drawn, however many tags the library has.
import { useState } from 'react';
import { formatCount } from '../../lib/format.ts';
import { TAGS_MORE_STEP, TAGS_SHOWN_FIRST, visibleTags } from '../../lib/tagList.ts';
import { useLibrary } from '../../state/context.tsx';
import { Icon } from '../../components/Icon.tsx';

export function TagsSection() {
  const tags = useLibrary((s) => s.tags);
  const collection = useLibrary((s) => s.collection);
  const setCollection = useLibrary((s) => s.setCollection);
  const [filter, setFilter] = useState('');
  const [limit, setLimit] = useState(TAGS_SHOWN_FIRST);
  const active = collection.kind === 'tag' ? collection.tag : null;
  const { shown, hidden, matched } = visibleTags(tags, filter, limit, active);

  return (
    <>
      <div className="nav-section"><span id="tags-heading">Tags</span></div>
      {tags.length > TAGS_SHOWN_FIRST ? (
        <input
          className="nav-filter"
          type="search"
          placeholder={`Filter ${formatCount(tags.length)} tags`}
          aria-label="Filter tags"
          value={filter}
          onChange={(e) => { setFilter(e.target.value); setLimit(TAGS_SHOWN_FIRST); }}
          onKeyDown={(e) => { if (e.key === 'Escape' && filter) { e.stopPropagation(); setFilter(''); } }}
        />
      ) : null}
      <ul role="tree" aria-labelledby="tags-heading" className="nav-list tags">
        {tags.length === 0 ? <li role="none" className="nav-empty">No tags yet. Add tags in a document's details.</li> : null}
        {tags.length > 0 && matched === 0 ? <li role="none" className="nav-empty">No tag contains “{filter.trim()}”.</li> : null}
        {shown.map(({ tag, count }) => (
          <li role="none" key={tag}>
            <button
              type="button"
              role="treeitem"
              aria-selected={active === tag}
              className={`nav-item ${active === tag ? 'active' : ''}`}
              onClick={() => setCollection({ kind: 'tag', tag })}
            >
              <span className="nav-icon"><Icon name="tag" /></span>
              <span className="nav-label">{tag}</span>
              <span className="nav-count">{formatCount(count)}</span>
            </button>
          </li>
        ))}
      </ul>
      {hidden > 0 ? (
        <button type="button" className="link-button nav-more" onClick={() => setLimit((n) => n + TAGS_MORE_STEP)}>
          Show {formatCount(Math.min(hidden, TAGS_MORE_STEP))} more of {formatCount(hidden)}
        </button>
      ) : null}
    </>
  );
}
