// Which tags the sidebar shows. A library can hold thousands of tags; drawing them all
// made every frame of the window slow (35,000 sidebar nodes at 100,000 documents), so the
// sidebar shows the most used, a filter reaches the rest, and "more" grows the list.
import type { TagCount } from '../../shared/bridge/index.ts';

export const TAGS_SHOWN_FIRST = 12;
export const TAGS_MORE_STEP = 50;

export interface TagListView {
  shown: TagCount[];
  /** Tags that match the filter but are not shown yet. */
  hidden: number;
  /** Tags that match the filter, shown or not. */
  matched: number;
}

/**
 * The tags to draw: those matching `filter` (any part of the tag, ignoring case), most
 * used first as the core orders them, at most `limit`; the active tag is always among them.
 */
export function visibleTags(tags: readonly TagCount[], filter: string, limit: number, active: string | null): TagListView {
  const needle = filter.trim().toLocaleLowerCase();
  const matches = (t: TagCount) => !needle || t.tag.toLocaleLowerCase().includes(needle);
  const matching = needle ? tags.filter(matches) : tags;
  const shown = matching.slice(0, Math.max(0, limit));
  let hidden = matching.length - shown.length;
  if (active !== null && !shown.some((t) => t.tag === active)) {
    const activeTag = tags.find((t) => t.tag === active);
    if (activeTag) {
      shown.push(activeTag);
      if (matches(activeTag)) hidden--;
    }
  }
  return { shown, hidden, matched: matching.length };
}
