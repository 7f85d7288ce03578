// The library Document: every field and bound of the spec, grouped by the views that add
// them. Server validation, client validation and the desktop's forms all read this file.
import { Type, type Static } from 'typebox';
import { IsoTimestamp, Nullable, Person } from './common.ts';

export const DOCUMENT_TYPES = [
  'journal', 'book', 'generic', 'book_section', 'conference_proceedings', 'working_paper', 'report',
  'web_page', 'thesis', 'magazine_article', 'statute', 'patent', 'newspaper_article', 'computer_program',
  'hearing', 'television_broadcast', 'encyclopedia_article', 'case', 'film', 'bill',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const IDENTIFIER_KEYS = ['arxiv', 'doi', 'isbn', 'issn', 'pmid', 'scopus', 'ssrn'] as const;
export type IdentifierKey = (typeof IDENTIFIER_KEYS)[number];

export const DOCUMENT_VIEWS = ['bib', 'client', 'tags', 'patent', 'all'] as const;
export type DocumentView = (typeof DOCUMENT_VIEWS)[number];

export const WEBSITES_TOTAL_MAX = 5000;

const str = (maxLength: number) => Type.String({ maxLength });

export const Identifiers = Type.Object(
  Object.fromEntries(IDENTIFIER_KEYS.map((key) => [key, Type.Optional(str(500))])) as Record<IdentifierKey, ReturnType<typeof Type.Optional<ReturnType<typeof str>>>>,
  { additionalProperties: false },
);

/** Editable fields with their bounds (server-set fields are not here). */
export const documentFieldSchemas = {
  // core
  title: Type.String({ minLength: 1, maxLength: 500 }),
  type: Type.Unsafe<DocumentType>({ type: 'string', enum: [...DOCUMENT_TYPES] }),
  abstract: str(10000),
  source: str(255),
  year: Type.Integer({ minimum: -9999, maximum: 9999 }),
  authors: Type.Array(Person, { maxItems: 5000 }),
  identifiers: Identifiers,
  keywords: Type.Array(str(300), { maxItems: 1000 }),
  // bib
  month: Type.Integer({ minimum: 1, maximum: 12 }),
  day: Type.Integer({ minimum: 1, maximum: 31 }),
  revision: str(255),
  pages: str(50),
  volume: str(20),
  issue: str(255),
  websites: Type.Array(Type.String({ maxLength: WEBSITES_TOTAL_MAX }), { maxItems: 500 }),
  publisher: str(255),
  city: str(255),
  // The spec lists edition as "array, 20"; real clients send a string. Both are accepted.
  edition: Type.Union([str(20), Type.Array(str(20), { maxItems: 20 })]),
  institution: str(255),
  series: str(255),
  chapter: str(20),
  editors: Type.Array(Person, { maxItems: 5000 }),
  accessed: IsoTimestamp,
  citation_key: str(255),
  source_type: str(255),
  language: str(255),
  short_title: str(50),
  reprint_edition: str(10),
  genre: str(255),
  country: str(255),
  translators: Type.Array(Person, { maxItems: 5000 }),
  series_editor: str(255),
  code: str(255),
  medium: str(255),
  user_context: str(255),
  department: str(255),
  // tags
  tags: Type.Array(str(100), { maxItems: 1000 }),
  // client
  read: Type.Boolean(),
  starred: Type.Boolean(),
  authored: Type.Boolean(),
  confirmed: Type.Boolean(),
  hidden: Type.Boolean(),
  file_attached: Type.Boolean(),
  // patent
  patent_owner: str(255),
  patent_application_number: str(255),
  patent_legal_status: str(255),
} as const;

export type DocumentFieldName = keyof typeof documentFieldSchemas;
export const DOCUMENT_FIELD_NAMES = Object.keys(documentFieldSchemas) as DocumentFieldName[];

export const CORE_FIELDS = ['title', 'type', 'abstract', 'source', 'year', 'authors', 'identifiers', 'keywords'] as const;
export const VIEW_FIELDS: Record<Exclude<DocumentView, 'all'>, readonly DocumentFieldName[]> = {
  bib: [
    'pages', 'volume', 'issue', 'websites', 'month', 'publisher', 'day', 'city', 'edition', 'institution', 'series',
    'chapter', 'revision', 'editors', 'accessed', 'citation_key', 'source_type', 'language', 'short_title',
    'reprint_edition', 'genre', 'country', 'translators', 'series_editor', 'code', 'medium', 'user_context', 'department',
  ],
  client: ['read', 'starred', 'authored', 'confirmed', 'hidden', 'file_attached'],
  tags: ['tags'],
  patent: ['patent_owner', 'patent_application_number', 'patent_legal_status'],
};

type FieldSchemas = typeof documentFieldSchemas;
const optionalFields = Object.fromEntries(
  Object.entries(documentFieldSchemas).map(([name, schema]) => [name, Type.Optional(schema)]),
) as { [K in keyof FieldSchemas]: ReturnType<typeof Type.Optional<FieldSchemas[K]>> };

export const DocumentCreate = Type.Object({
  ...optionalFields,
  title: documentFieldSchemas.title,
  group_id: Type.Optional(Type.String({ maxLength: 64 })),
  // Accepted for compatibility; ownership is always the caller's.
  profile_id: Type.Optional(Type.String({ maxLength: 64 })),
  id: Type.Optional(Type.String({ maxLength: 64 })),
});
export type DocumentCreate = Static<typeof DocumentCreate>;

const nullableFields = Object.fromEntries(
  Object.entries(documentFieldSchemas).map(([name, schema]) =>
    [name, Type.Optional(name === 'title' || name === 'type' ? schema : Nullable(schema))],
  ),
) as { [K in keyof FieldSchemas]: ReturnType<typeof Type.Optional<FieldSchemas[K]>> };

/** PATCH body: every field optional; null clears it (title and type cannot be cleared). */
export const DocumentPatch = Type.Object({ ...nullableFields });
export type DocumentPatch = { [K in DocumentFieldName]?: Static<FieldSchemas[K]> | null };

export type DocumentFields = { [K in DocumentFieldName]?: Static<FieldSchemas[K]> };

export interface Document extends DocumentFields {
  id: string;
  title: string;
  type: DocumentType;
  profile_id: string;
  group_id?: string;
  created: string;
  last_modified: string;
}

/** Checks the one bound JSON Schema cannot express: websites' total length. */
export function documentBoundProblems(fields: Partial<Record<string, unknown>>): string[] {
  const problems: string[] = [];
  const websites = fields.websites;
  if (Array.isArray(websites)) {
    const total = websites.reduce<number>((sum, w) => sum + (typeof w === 'string' ? w.length : 0), 0);
    if (total > WEBSITES_TOTAL_MAX) problems.push(`websites must not exceed ${WEBSITES_TOTAL_MAX} characters in total`);
  }
  return problems;
}
