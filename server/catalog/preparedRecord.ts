// A record as SQLite's catalog writes it: its row's columns, its imported-record row, its
// normalised identifiers and its search-index text, each computed once. Adding a record
// used to fold its title three times, normalise its identifiers twice and build its
// search text apart from the rest; now each is made once per record.
import type { IdentifierKey } from '../../shared/schemas/document.ts';
import { CATALOG_DATA_FIELDS, type CatalogFields } from './catalogFields.ts';
import { searchColumns, type IndexedText, type SearchColumns } from './catalogSearch.ts';
import { matchKeyOf, normalisedIdentifiers, titleKey } from './dedupe.ts';

export interface PreparedRecord {
  title: string;
  type: string;
  year: number | null;
  /** The flag a new row gets: also when the record has an arXiv id. */
  rowOpenAccess: boolean;
  matchKey: string;
  titleKey: string;
  /** The row's data column (dataOf). */
  data: string;
  /** Every field but title, type and year, as JSON: the imported-record row (catalogVoters.ts). */
  authority: string;
  identifiers: [IdentifierKey, string][];
  search: SearchColumns;
}

export function prepareRecord(fields: CatalogFields, openAccess = false): PreparedRecord {
  const { title, type, year, ...rest } = fields;
  const rowOpenAccess = openAccess || Boolean(fields.identifiers?.arxiv);
  const folded = titleKey(title);
  return {
    title,
    type,
    year: year ?? null,
    rowOpenAccess,
    matchKey: matchKeyOf(folded, year, fields.authors),
    titleKey: folded,
    data: dataOf(fields),
    authority: JSON.stringify(rest),
    identifiers: normalisedIdentifiers(fields.identifiers),
    search: searchColumns(indexedTextOf(fields, rowOpenAccess)),
  };
}

/** The fields the data column keeps (title, type and year, columns of their own, are not among them). */
const DATA_FIELDS = new Set<string>(CATALOG_DATA_FIELDS);

/**
 * The row's data column: the catalog fields other than title, type and year, in the
 * record's order. Copied key by key into one object (an import writes a million of these:
 * the spread, pairs and filtered copy it replaced cost more than the JSON itself).
 */
export function dataOf(fields: CatalogFields): string {
  const data: Record<string, unknown> = {};
  for (const key of Object.keys(fields)) {
    if (DATA_FIELDS.has(key)) data[key] = (fields as Record<string, unknown>)[key];
  }
  return JSON.stringify(data);
}

/** The words simple search finds besides title, authors, source and abstract. */
function otherText(fields: CatalogFields): string[] {
  return [
    ...(fields.keywords ?? []),
    ...Object.values(fields.identifiers ?? {}).filter((v): v is string => typeof v === 'string'),
    fields.publisher ?? '',
    fields.series ?? '',
    fields.institution ?? '',
    ...(fields.editors ?? []).map((e) => `${e.first_name ?? ''} ${e.last_name}`),
  ].filter(Boolean);
}

/** The text the search index holds for these fields. */
export function indexedTextOf(fields: CatalogFields, openAccess: boolean): IndexedText {
  return { title: fields.title, year: fields.year, openAccess, authors: fields.authors, source: fields.source, abstract: fields.abstract, other: otherText(fields) };
}
