// Saved searches: criteria the sidebar re-runs, under a name unique regardless of case.
// Device-local rows (no outbox entry): the service has no place for them.
import { randomUUID } from 'node:crypto';
import { SAVED_SEARCH_NAME_MAX, type SavedSearch, type SavedSearchCriteria } from '../../../shared/bridge/organiseCommands.ts';
import type { Db } from './database.ts';
import { invalid, notFound } from './errors.ts';
import { currentIdOf } from './remapId.ts';
import { inTransaction, stmt } from './statements.ts';

interface SavedSearchRow {
  id: string;
  name: string;
  criteria: string;
  created: string;
}

/** The criteria with the folder ids a push has replaced since they were saved brought up to date. */
function withCurrentFolderIds(db: Db, criteria: SavedSearchCriteria): SavedSearchCriteria {
  const current = (id: string) => currentIdOf(db, id) ?? id;
  const collection = criteria.collection.kind === 'folder' ? { ...criteria.collection, id: current(criteria.collection.id) } : criteria.collection;
  const filters = criteria.filters.folderId ? { ...criteria.filters, folderId: current(criteria.filters.folderId) } : criteria.filters;
  return { ...criteria, collection, filters };
}

function toSavedSearch(db: Db, row: SavedSearchRow): SavedSearch {
  return { id: row.id, name: row.name, created: row.created, criteria: withCurrentFolderIds(db, JSON.parse(row.criteria) as SavedSearchCriteria) };
}

function checkedName(db: Db, name: string, exceptId?: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw invalid('A saved search needs a name', 'name');
  if (trimmed.length > SAVED_SEARCH_NAME_MAX) throw invalid(`A saved search's name is at most ${SAVED_SEARCH_NAME_MAX} characters`, 'name');
  const taken = stmt(db, 'SELECT id FROM saved_searches WHERE name = ? COLLATE NOCASE').pluck().get(trimmed) as string | undefined;
  if (taken !== undefined && taken !== exceptId) throw invalid(`There is already a saved search named “${trimmed}”`, 'name');
  return trimmed;
}

function requireSavedSearch(db: Db, id: string): SavedSearchRow {
  const row = stmt(db, 'SELECT id, name, criteria, created FROM saved_searches WHERE id = ?').get(id) as SavedSearchRow | undefined;
  if (!row) throw notFound('Saved search', id);
  return row;
}

let nameCollator: Intl.Collator | undefined;

/**
 * How people sort names: case and accents aside. Made once: a process's first Intl.Collator
 * loads the collation data (80-190 ms on a busy machine), and the window lists its saved
 * searches right after its first rows, where a click on a column header waited behind it.
 */
function nameOrder(): Intl.Collator {
  return (nameCollator ??= new Intl.Collator('en', { sensitivity: 'base', numeric: true }));
}

/** Every saved search, by name (as people sort: case and accents aside). */
export function listSavedSearches(db: Db): SavedSearch[] {
  const rows = stmt(db, 'SELECT id, name, criteria, created FROM saved_searches').all() as SavedSearchRow[];
  if (rows.length > 1) rows.sort((a, b) => nameOrder().compare(a.name, b.name));
  return rows.map((row) => toSavedSearch(db, row));
}

export function saveSearch(db: Db, name: string, criteria: SavedSearchCriteria, now: Date = new Date()): SavedSearch {
  return inTransaction(db, () => {
    const row: SavedSearchRow = { id: randomUUID(), name: checkedName(db, name), criteria: JSON.stringify(criteria), created: now.toISOString() };
    stmt(db, 'INSERT INTO saved_searches (id, name, criteria, created) VALUES (:id, :name, :criteria, :created)').run(row);
    return toSavedSearch(db, row);
  });
}

export function renameSavedSearch(db: Db, id: string, name: string): SavedSearch {
  return inTransaction(db, () => {
    const row = requireSavedSearch(db, id);
    const renamed = { ...row, name: checkedName(db, name, id) };
    stmt(db, 'UPDATE saved_searches SET name = ? WHERE id = ?').run(renamed.name, id);
    return toSavedSearch(db, renamed);
  });
}

export function deleteSavedSearch(db: Db, id: string): void {
  inTransaction(db, () => {
    requireSavedSearch(db, id);
    stmt(db, 'DELETE FROM saved_searches WHERE id = ?').run(id);
  });
}
