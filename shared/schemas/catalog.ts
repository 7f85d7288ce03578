// The read-only catalog: documents with reader statistics, their views, the lookup and
// search queries, and the metadata lookup result.
import { Type, type Static } from 'typebox';
import { documentFieldSchemas, IDENTIFIER_KEYS, type IdentifierKey } from './document.ts';

export const CATALOG_VIEWS = ['bib', 'client', 'stats', 'all'] as const;
export type CatalogView = (typeof CATALOG_VIEWS)[number];

export const CatalogViewSchema = Type.Unsafe<CatalogView>({ type: 'string', enum: [...CATALOG_VIEWS] });

/** GET /catalog also looks documents up by the SHA-1 of one of their files. */
export const CATALOG_LOOKUP_KEYS = [...IDENTIFIER_KEYS, 'filehash'] as const;
export type CatalogLookupKey = IdentifierKey | 'filehash';

const Count = Type.Integer({ minimum: 0 });
const CountsByName = Type.Record(Type.String(), Count);

const d = documentFieldSchemas;

export const catalogFieldSchemas = {
  // core (as the library document, without profile_id, group_id, created, last_modified)
  title: d.title,
  type: d.type,
  abstract: d.abstract,
  source: d.source,
  year: d.year,
  authors: d.authors,
  identifiers: d.identifiers,
  keywords: d.keywords,
  /** URL of the document's public page. */
  link: Type.String(),
  // bib
  month: d.month,
  day: d.day,
  revision: d.revision,
  pages: d.pages,
  volume: d.volume,
  issue: d.issue,
  websites: d.websites,
  publisher: d.publisher,
  city: d.city,
  edition: d.edition,
  institution: d.institution,
  series: d.series,
  chapter: d.chapter,
  editors: d.editors,
  // client
  file_attached: Type.Boolean(),
  /** Metadata came from a source other than a user library. */
  imported: Type.Boolean(),
  has_pdf: Type.Boolean(),
  // stats
  reader_count: Count,
  /** Academic status description -> count. */
  reader_count_by_academic_status: CountsByName,
  /** Discipline name -> count. */
  reader_count_by_discipline: CountsByName,
  /** Country name -> count. */
  reader_count_by_country: CountsByName,
  /** Discipline name -> subdiscipline name -> count. */
  reader_count_by_subdiscipline: Type.Record(Type.String(), CountsByName),
  group_count: Count,
} as const;

export type CatalogFieldName = keyof typeof catalogFieldSchemas;

export const CATALOG_CORE_FIELDS = [
  'title', 'type', 'abstract', 'source', 'year', 'authors', 'identifiers', 'keywords', 'link',
] as const satisfies readonly CatalogFieldName[];

/**
 * The stats row of the spec's view table writes `reader_by_country`; the field list names it
 * `reader_count_by_country`, which is the name used here.
 */
export const CATALOG_VIEW_FIELDS: Record<Exclude<CatalogView, 'all'>, readonly CatalogFieldName[]> = {
  bib: ['pages', 'volume', 'issue', 'websites', 'month', 'publisher', 'day', 'city', 'edition', 'institution', 'series', 'chapter', 'revision', 'editors'],
  client: ['file_attached', 'imported'],
  stats: ['reader_count', 'reader_count_by_academic_status', 'reader_count_by_discipline', 'reader_count_by_country', 'reader_count_by_subdiscipline', 'group_count'],
};

/** Fields a catalog view returns besides the id. */
export function fieldsOfCatalogView(view: CatalogView | undefined): ReadonlySet<CatalogFieldName> {
  if (view === 'all') return new Set(Object.keys(catalogFieldSchemas) as CatalogFieldName[]);
  return new Set<CatalogFieldName>([...CATALOG_CORE_FIELDS, ...(view ? CATALOG_VIEW_FIELDS[view] : [])]);
}

type CatalogFieldSchemas = typeof catalogFieldSchemas;
const optionalCatalogFields = Object.fromEntries(
  Object.entries(catalogFieldSchemas).map(([name, schema]) => [name, Type.Optional(schema)]),
) as { [K in keyof CatalogFieldSchemas]: ReturnType<typeof Type.Optional<CatalogFieldSchemas[K]>> };

export const CatalogDocument = Type.Object({
  ...optionalCatalogFields,
  id: Type.String({ minLength: 1 }),
  title: d.title,
});
export type CatalogDocument = Static<typeof CatalogDocument>;

const IdentifierValue = Type.String({ minLength: 1, maxLength: 500 });
const ViewParam = Type.Optional(CatalogViewSchema);

/** GET /catalog: one or more identifiers (the route checks that at least one is given). */
export const CatalogLookupQuery = Type.Object({
  ...(Object.fromEntries(CATALOG_LOOKUP_KEYS.map((key) => [key, Type.Optional(IdentifierValue)])) as Record<
    CatalogLookupKey,
    ReturnType<typeof Type.Optional<typeof IdentifierValue>>
  >),
  view: ViewParam,
});
export type CatalogLookupQuery = Static<typeof CatalogLookupQuery>;

export const CATALOG_SEARCH_LIMIT_DEFAULT = 10;
export const CATALOG_SEARCH_LIMIT_MAX = 100;

const SearchTerm = Type.String({ minLength: 1, maxLength: 1000 }); // bound chosen here: spec shows none

/**
 * GET /search/catalog, both forms: simple (query) or advanced (at least one of title, author,
 * source, abstract; the route checks which form applies).
 */
export const CatalogSearchQuery = Type.Object({
  query: Type.Optional(SearchTerm),
  title: Type.Optional(SearchTerm),
  author: Type.Optional(SearchTerm),
  source: Type.Optional(SearchTerm),
  abstract: Type.Optional(SearchTerm),
  min_year: Type.Optional(d.year),
  max_year: Type.Optional(d.year),
  open_access: Type.Optional(Type.Boolean({ default: false })),
  view: ViewParam,
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: CATALOG_SEARCH_LIMIT_MAX, default: CATALOG_SEARCH_LIMIT_DEFAULT })),
});
export type CatalogSearchQuery = Static<typeof CatalogSearchQuery>;

/** The fields a catalog's advanced search names (the service's query and the window's form). */
export const CATALOG_ADVANCED_SEARCH_FIELDS = ['title', 'author', 'source', 'abstract'] as const;

/** GET /metadata: finds the catalog document that best matches what a client knows. */
export const MetadataLookupQuery = Type.Object({
  arxiv: Type.Optional(IdentifierValue),
  doi: Type.Optional(IdentifierValue),
  pmid: Type.Optional(IdentifierValue),
  title: Type.Optional(d.title),
  filehash: Type.Optional(IdentifierValue),
  authors: Type.Optional(Type.String({ maxLength: 5000 })), // bound chosen here: spec shows none
  year: Type.Optional(d.year),
  source: Type.Optional(d.source),
});
export type MetadataLookupQuery = Static<typeof MetadataLookupQuery>;

export const MetadataLookupResult = Type.Object({
  catalog_id: Type.String({ minLength: 1 }),
  /** 100 is the highest confidence. */
  score: Type.Number({ minimum: 0, maximum: 100 }),
});
export type MetadataLookupResult = Static<typeof MetadataLookupResult>;
