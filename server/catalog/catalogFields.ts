// The fields a catalog document carries and their conversion from library documents and
// catalog rows (kept apart from the store so the merge rule can use them without a cycle).
import type { DocumentFields, DocumentType } from '../../shared/schemas/document.ts';
import type { Selectable } from 'kysely';
import type { CatalogDocumentsTable } from './catalogTables.ts';

/** Library-document fields a catalog document carries (besides title, type and year). */
export const CATALOG_DATA_FIELDS = [
  'abstract', 'source', 'authors', 'identifiers', 'keywords', 'month', 'day', 'revision', 'pages', 'volume', 'issue',
  'websites', 'publisher', 'city', 'edition', 'institution', 'series', 'chapter', 'editors',
] as const;

export type CatalogFields = DocumentFields & { title: string; type: DocumentType };

export type CatalogRow = Selectable<CatalogDocumentsTable>;

export function catalogFieldsOf(source: Record<string, unknown> & { title: string; type: string; year?: number | null }): CatalogFields {
  const out: Record<string, unknown> = { title: source.title, type: source.type };
  if (typeof source.year === 'number') out.year = source.year;
  for (const field of CATALOG_DATA_FIELDS) {
    const value = source[field];
    if (value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && !value.length)) out[field] = value;
  }
  return out as CatalogFields;
}

export function rowFields(row: CatalogRow): CatalogFields {
  const data = JSON.parse(row.data) as Record<string, unknown>;
  return catalogFieldsOf({ ...data, title: row.title, type: row.type, year: row.year });
}
