// Saved searches in the window: the criteria of what the list shows now, whether a saved
// search is the one shown, and a short description of one for its tooltip and default name.
import type { SavedSearchCriteria } from '../../shared/bridge/organiseCommands.ts';
import { TYPE_LABELS } from './fieldLayout.ts';
import type { Collection, ListFilters } from '../state/listQuery.ts';

/** What the list shows now, as a saved search keeps it (only the filters that are on). */
export function criteriaOf(collection: Collection, search: string, filters: ListFilters): SavedSearchCriteria {
  const on: ListFilters = {};
  if (filters.yearFrom !== undefined) on.yearFrom = filters.yearFrom;
  if (filters.yearTo !== undefined) on.yearTo = filters.yearTo;
  if (filters.type !== undefined) on.type = filters.type;
  if (filters.unread) on.unread = true;
  if (filters.hasFile) on.hasFile = true;
  if (filters.folderId) on.folderId = filters.folderId;
  return { collection, text: search.trim(), filters: on };
}

function canonical(criteria: SavedSearchCriteria): string {
  const { collection: c, text, filters: f } = criteria;
  return JSON.stringify([
    c.kind, 'id' in c ? c.id : null, 'groupId' in c ? c.groupId ?? null : null, 'tag' in c ? c.tag : null,
    text.trim().toLowerCase(), f.yearFrom ?? null, f.yearTo ?? null, f.type ?? null, f.unread === true, f.hasFile === true, f.folderId ?? null,
  ]);
}

/** Whether two criteria find the same documents (search text compared as the search does: case aside). */
export function sameCriteria(a: SavedSearchCriteria, b: SavedSearchCriteria): boolean {
  return canonical(a) === canonical(b);
}

const COLLECTION_LABELS: Record<string, string> = {
  all: 'My Library', recent: 'Recently Added', 'read-recently': 'Recently Read', starred: 'Favourites', review: 'Needs Review', trash: 'Trash',
};

/** The names the sidebar knows, for folders and groups a description names. */
export interface Names {
  folder(id: string): string | undefined;
  group(id: string): string | undefined;
}

function collectionLabel(c: SavedSearchCriteria['collection'], names: Names): string {
  switch (c.kind) {
    case 'folder': return `folder “${names.folder(c.id) ?? 'a folder'}”`;
    case 'group': return names.group(c.id) ?? 'a group';
    case 'tag': return `tag “${c.tag}”`;
    default: return COLLECTION_LABELS[c.kind] ?? c.kind;
  }
}

function yearsLabel(from: number | undefined, to: number | undefined): string | undefined {
  if (from !== undefined && to !== undefined) return from === to ? String(from) : `${from}–${to}`;
  if (from !== undefined) return `from ${from}`;
  if (to !== undefined) return `up to ${to}`;
  return undefined;
}

/** "“storey” in My Library · 2003 · Journal article · unread" */
export function describeCriteria(criteria: SavedSearchCriteria, names: Names): string {
  const { text, filters: f } = criteria;
  const parts = [`${text ? `“${text}” in ` : ''}${collectionLabel(criteria.collection, names)}`];
  const years = yearsLabel(f.yearFrom, f.yearTo);
  if (years) parts.push(years);
  if (f.type) parts.push(TYPE_LABELS[f.type]);
  if (f.unread) parts.push('unread');
  if (f.hasFile) parts.push('with a file');
  if (f.folderId) parts.push(`in folder “${names.folder(f.folderId) ?? 'a folder'}”`);
  return parts.join(' · ');
}

/** A name to start from: the search text, else the collection it looks in. */
export function suggestedName(criteria: SavedSearchCriteria, names: Names): string {
  return (criteria.text || describeCriteria(criteria, names)).slice(0, 100);
}
