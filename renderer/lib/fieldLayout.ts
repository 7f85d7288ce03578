// Which fields the details pane shows for each document type, and what they are called
// there: a patent shows its owner and application number, a book its publisher and
// edition. Every other field stays reachable under "More fields", so nothing is hidden.
import { DOCUMENT_FIELD_NAMES, type DocumentFieldName, type DocumentType } from '../../shared/schemas/document.ts';

export const TYPE_LABELS: Record<DocumentType, string> = {
  journal: 'Journal article', book: 'Book', generic: 'Generic', book_section: 'Book section',
  conference_proceedings: 'Conference proceedings', working_paper: 'Working paper', report: 'Report',
  web_page: 'Web page', thesis: 'Thesis', magazine_article: 'Magazine article', statute: 'Statute', patent: 'Patent',
  newspaper_article: 'Newspaper article', computer_program: 'Computer program', hearing: 'Hearing',
  television_broadcast: 'Television broadcast', encyclopedia_article: 'Encyclopedia article', case: 'Case', film: 'Film', bill: 'Bill',
};

/** Short names for the list's narrow type column. */
export const SHORT_TYPE_LABELS: Partial<Record<DocumentType, string>> = {
  journal: 'Journal', book_section: 'Book section', conference_proceedings: 'Conference', working_paper: 'Working paper',
  magazine_article: 'Magazine', newspaper_article: 'Newspaper', computer_program: 'Software', television_broadcast: 'TV', encyclopedia_article: 'Encyclopedia',
};

const LABELS: Record<DocumentFieldName, string> = {
  title: 'Title', type: 'Type', abstract: 'Abstract', source: 'Source', year: 'Year', authors: 'Authors',
  identifiers: 'Identifiers', keywords: 'Keywords', month: 'Month', day: 'Day', revision: 'Revision', pages: 'Pages',
  volume: 'Volume', issue: 'Issue', websites: 'Websites', publisher: 'Publisher', city: 'City', edition: 'Edition',
  institution: 'Institution', series: 'Series', chapter: 'Chapter', editors: 'Editors', accessed: 'Accessed',
  citation_key: 'Citation key', source_type: 'Source type', language: 'Language', short_title: 'Short title',
  reprint_edition: 'Reprint edition', genre: 'Genre', country: 'Country', translators: 'Translators',
  series_editor: 'Series editor', code: 'Code', medium: 'Medium', user_context: 'Context', department: 'Department',
  tags: 'Tags', read: 'Read', starred: 'Starred', authored: 'Authored by me', confirmed: 'Details confirmed',
  hidden: 'Hidden', file_attached: 'File attached', patent_owner: 'Owner', patent_application_number: 'Application number',
  patent_legal_status: 'Legal status',
};

/** What "source" means for each type. */
const SOURCE_LABELS: Partial<Record<DocumentType, string>> = {
  journal: 'Journal', book_section: 'Book title', conference_proceedings: 'Proceedings title', magazine_article: 'Magazine',
  newspaper_article: 'Newspaper', web_page: 'Website', encyclopedia_article: 'Encyclopedia', patent: 'Patent office',
  case: 'Reporter', statute: 'Code', bill: 'Code', hearing: 'Committee', television_broadcast: 'Programme', film: 'Distributor',
  computer_program: 'Platform', thesis: 'University', report: 'Report series',
};

const TYPE_LABEL_OVERRIDES: Partial<Record<DocumentType, Partial<Record<DocumentFieldName, string>>>> = {
  thesis: { genre: 'Thesis type' },
  report: { issue: 'Report number' },
  working_paper: { issue: 'Number' },
  computer_program: { revision: 'Version' },
  patent: { code: 'Patent number', country: 'Country' },
  statute: { code: 'Code', revision: 'Public law number' },
  bill: { code: 'Code', issue: 'Bill number' },
  case: { code: 'Docket number' },
};

export function fieldLabel(field: DocumentFieldName, type?: DocumentType): string {
  if (type) {
    if (field === 'source' && SOURCE_LABELS[type]) return SOURCE_LABELS[type]!;
    const override = TYPE_LABEL_OVERRIDES[type]?.[field];
    if (override) return override;
  }
  return LABELS[field];
}

/** Shown for every type, at the top. */
export const HEAD_FIELDS: readonly DocumentFieldName[] = ['type', 'title', 'authors', 'source', 'year'];
/** Shown for every type, after the type's own fields. */
export const TAIL_FIELDS: readonly DocumentFieldName[] = ['abstract', 'tags', 'keywords', 'identifiers', 'websites'];
/** The toggles row. */
export const FLAG_FIELDS: readonly DocumentFieldName[] = ['read', 'starred', 'confirmed', 'authored'];
/** Set by the app, never edited in the form. */
export const READ_ONLY_FIELDS: readonly DocumentFieldName[] = ['file_attached', 'hidden'];

const TYPE_FIELDS: Record<DocumentType, readonly DocumentFieldName[]> = {
  journal: ['volume', 'issue', 'pages', 'month', 'day'],
  book: ['editors', 'publisher', 'city', 'edition', 'series', 'volume', 'pages', 'month'],
  book_section: ['editors', 'chapter', 'pages', 'publisher', 'city', 'edition', 'series', 'volume'],
  conference_proceedings: ['editors', 'pages', 'publisher', 'city', 'series', 'volume', 'month', 'day'],
  working_paper: ['institution', 'issue', 'series', 'pages', 'city', 'month'],
  report: ['institution', 'department', 'issue', 'series', 'pages', 'publisher', 'city', 'month'],
  web_page: ['accessed', 'publisher', 'month', 'day'],
  thesis: ['institution', 'department', 'genre', 'city', 'pages', 'month'],
  magazine_article: ['volume', 'issue', 'pages', 'month', 'day'],
  statute: ['code', 'revision', 'volume', 'pages', 'country', 'month', 'day'],
  patent: ['patent_owner', 'patent_application_number', 'patent_legal_status', 'code', 'country', 'month', 'day'],
  newspaper_article: ['city', 'pages', 'edition', 'month', 'day'],
  computer_program: ['publisher', 'revision', 'city', 'medium', 'accessed'],
  hearing: ['institution', 'series', 'pages', 'city', 'country', 'month', 'day'],
  television_broadcast: ['publisher', 'medium', 'series', 'city', 'country', 'month', 'day'],
  encyclopedia_article: ['editors', 'publisher', 'city', 'edition', 'volume', 'pages'],
  case: ['code', 'volume', 'pages', 'institution', 'country', 'month', 'day'],
  film: ['publisher', 'medium', 'genre', 'country', 'city', 'month'],
  bill: ['code', 'issue', 'volume', 'pages', 'series', 'country', 'month', 'day'],
  generic: ['editors', 'publisher', 'city', 'edition', 'volume', 'issue', 'pages', 'month', 'day'],
};

export interface FieldLayout {
  head: readonly DocumentFieldName[];
  typeFields: readonly DocumentFieldName[];
  tail: readonly DocumentFieldName[];
  /** Every remaining editable field, under "More fields". */
  more: DocumentFieldName[];
}

export function layoutFor(type: DocumentType): FieldLayout {
  const typeFields = TYPE_FIELDS[type] ?? TYPE_FIELDS.generic;
  const shown = new Set<DocumentFieldName>([...HEAD_FIELDS, ...typeFields, ...TAIL_FIELDS, ...FLAG_FIELDS, ...READ_ONLY_FIELDS]);
  return { head: HEAD_FIELDS, typeFields, tail: TAIL_FIELDS, more: DOCUMENT_FIELD_NAMES.filter((f) => !shown.has(f)) };
}
