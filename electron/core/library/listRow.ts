// A document cut to what a list row shows (shared/bridge/libraryTypes.ts LIST_ROW_FIELDS):
// the renderer's list pages through 100,000 documents, and abstracts, notes and the other
// long fields made up most of each page's bytes over the bridge.
import { LIST_ROW_FIELDS, type LibraryDocument } from '../../../shared/bridge/contract.ts';

const LOCAL_FIELDS = ['id', 'trashed', 'added_local', 'modified_local', 'last_opened_local', 'note_match'] as const;
const KEPT: readonly string[] = [...LIST_ROW_FIELDS, ...LOCAL_FIELDS];

export function listRow(document: LibraryDocument): LibraryDocument {
  const row: Record<string, unknown> = {};
  for (const field of KEPT) {
    const value = (document as unknown as Record<string, unknown>)[field];
    if (value !== undefined) row[field] = value;
  }
  return row as unknown as LibraryDocument;
}
