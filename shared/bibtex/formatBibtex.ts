// BibTeX export of library documents. Platform-neutral: the service answers
// `Accept: application/x-bibtex` with it and the desktop can export with the same code.
import type { Document, DocumentType } from '../schemas/document.ts';
import type { Person } from '../schemas/common.ts';

export const BIBTEX_MEDIA_TYPE = 'application/x-bibtex';

/** The parts of a document BibTeX uses; any serialised document fits. */
export type BibtexSource = Partial<Document> & { title: string; type?: DocumentType | string };

const ENTRY_TYPES: Record<DocumentType, string> = {
  journal: 'article',
  magazine_article: 'article',
  newspaper_article: 'article',
  book: 'book',
  book_section: 'inbook',
  encyclopedia_article: 'incollection',
  conference_proceedings: 'inproceedings',
  thesis: 'phdthesis',
  report: 'techreport',
  working_paper: 'techreport',
  patent: 'patent',
  generic: 'misc',
  web_page: 'misc',
  statute: 'misc',
  computer_program: 'misc',
  hearing: 'misc',
  television_broadcast: 'misc',
  case: 'misc',
  film: 'misc',
  bill: 'misc',
};

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

export type BibDialect = 'bibtex' | 'biblatex';

/** BibLaTeX's own types where BibTeX has only @misc (or a different name). */
const BIBLATEX_TYPES: Partial<Record<DocumentType, string>> = {
  web_page: 'online', computer_program: 'software', film: 'movie', television_broadcast: 'video',
  report: 'report', working_paper: 'report', thesis: 'thesis', encyclopedia_article: 'inreference',
  case: 'jurisdiction', statute: 'legislation', bill: 'legislation',
};

/** In BibTeX these stay @misc, with their kind in `type` so that they come back as they went. */
export const MISC_KINDS: Partial<Record<DocumentType, string>> = {
  web_page: 'Web page', computer_program: 'Computer software', film: 'Film', television_broadcast: 'Television broadcast',
};

export function entryTypeOf(document: { type?: string; genre?: string }, dialect: BibDialect = 'bibtex'): string {
  const type = (document.type ?? 'journal') as DocumentType;
  if (dialect === 'biblatex') return BIBLATEX_TYPES[type] ?? ENTRY_TYPES[type] ?? 'misc';
  if (type === 'thesis' && /master/i.test(document.genre ?? '')) return 'mastersthesis';
  return ENTRY_TYPES[type] ?? 'misc';
}

function keywordList(keywords: string[] | undefined): string | undefined {
  if (!keywords?.length) return undefined;
  // Readers split at ";" when there is one, else at ",": a keyword with a comma needs ";".
  return escapeLatex(keywords.join(keywords.some((k) => k.includes(',')) ? '; ' : ', '));
}

const LATEX_SPECIALS: Record<string, string> = {
  '\\': '\\textbackslash{}',
  '{': '\\{',
  '}': '\\}',
  '&': '\\&',
  '%': '\\%',
  $: '\\$',
  '#': '\\#',
  _: '\\_',
  '~': '\\textasciitilde{}',
  '^': '\\textasciicircum{}',
};

/** Escapes characters that TeX would otherwise interpret; Unicode letters stay as they are (UTF-8 output). */
export function escapeLatex(text: string): string {
  return text.replace(/[\\{}&%$#_~^]/g, (c) => LATEX_SPECIALS[c]!).replace(/\s+/g, ' ').trim();
}

/**
 * URLs and DOIs are written verbatim (\url and biber read them raw); only braces, which
 * would unbalance the field, and whitespace are encoded.
 */
function verbatim(text: string): string {
  return text.trim().replace(/\{/g, '%7B').replace(/\}/g, '%7D').replace(/\s/g, '%20');
}

function personName(person: Person): string {
  const last = escapeLatex(person.last_name);
  const first = person.first_name ? escapeLatex(person.first_name) : '';
  const suffix = person.suffix?.trim() ? escapeLatex(person.suffix) : '';
  // Braces keep a name whole: a comma or " and " inside it, or a body's name ("R Core
  // Team", which BibTeX would read as given name "R Core").
  const corporate = !first && !suffix && /\s/.test(person.last_name.trim());
  const lastPart = corporate || /,| and /i.test(person.last_name) ? `{${last}}` : last;
  if (suffix) return `${lastPart}, ${suffix}, ${first}`;
  return first ? `${lastPart}, ${first}` : lastPart;
}

function names(people: Person[] | undefined): string | undefined {
  const valid = (people ?? []).filter((p) => p && typeof p.last_name === 'string' && p.last_name.trim());
  return valid.length ? valid.map(personName).join(' and ') : undefined;
}

/** Folds a name to the ASCII letters and digits a citation key may hold. */
function keyPart(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .replace(/[^A-Za-z0-9]/g, '');
}

/** Removes what would break the entry header; keeps every other character the user chose. */
function sanitiseKey(key: string): string {
  return key.replace(/[\s,{}()"'#%~\\=]/g, '');
}

export function baseCitationKey(document: BibtexSource): string {
  const given = document.citation_key ? sanitiseKey(document.citation_key) : '';
  if (given) return given;
  const firstAuthor = document.authors?.find((a) => a?.last_name)?.last_name ?? document.editors?.find((e) => e?.last_name)?.last_name;
  const firstTitleWord = document.title.split(/\s+/).map(keyPart).find(Boolean);
  const who = (firstAuthor && keyPart(firstAuthor)) || firstTitleWord || 'Untitled';
  return `${who}${typeof document.year === 'number' ? document.year : ''}`;
}

/** Appends a, b, ... z, aa, ab ... until the key is not yet used. */
function uniqueKey(base: string, used: Set<string>): string {
  let key = base;
  for (let n = 0; used.has(key.toLowerCase()); n++) key = base + suffix(n);
  used.add(key.toLowerCase());
  return key;
}

function suffix(n: number): string {
  let s = '';
  let i = n;
  do {
    s = String.fromCharCode(97 + (i % 26)) + s;
    i = Math.floor(i / 26) - 1;
  } while (i >= 0);
  return s;
}

function pagesOf(pages: string | undefined): string | undefined {
  if (!pages) return undefined;
  return escapeLatex(pages).replace(/\s*(?:-+|–|—)\s*/g, '--');
}

function editionOf(edition: string | string[] | undefined): string | undefined {
  if (edition === undefined) return undefined;
  const text = Array.isArray(edition) ? edition.join(', ') : edition;
  return text ? escapeLatex(text) : undefined;
}

/** The fields of one entry, in the order they are written; undefined values are skipped. */
function fieldsOf(document: BibtexSource, entryType: string, dialect: BibDialect): [string, string | undefined][] {
  const d = document;
  const latex = dialect === 'biblatex';
  const text = (value: string | undefined) => (value && value.trim() ? escapeLatex(value) : undefined);
  const type = d.type ?? 'journal';
  const month = typeof d.month === 'number' && d.month >= 1 && d.month <= 12 ? MONTHS[d.month - 1] : undefined;
  // Where the document appeared: journals for articles, the book for chapters and papers.
  const container = text(d.source);
  // Elsewhere (a booklet's, a web page's) `source` is how it was published.
  const containerField = entryType === 'article' ? (latex ? 'journaltitle' : 'journal')
    : ['inbook', 'incollection', 'inproceedings', 'inreference'].includes(entryType) ? 'booktitle'
      : container ? (latex && entryType === 'online' ? 'organization' : 'howpublished') : undefined;
  const date = typeof d.year === 'number' && d.year >= 0
    ? [String(d.year).padStart(4, '0'), ...(month ? [String(d.month).padStart(2, '0'), ...(typeof d.day === 'number' ? [String(d.day).padStart(2, '0')] : [])] : [])].join('-')
    : undefined;
  const thesisType = entryType === 'thesis' ? (/master/i.test(d.genre ?? '') ? 'mathesis' : 'phdthesis') : undefined;
  const reportType = latex && entryType === 'report' ? (type === 'working_paper' ? 'Working paper' : d.genre?.trim() ? escapeLatex(d.genre) : 'techreport') : undefined;
  const kind = !latex && entryType === 'misc' ? MISC_KINDS[type as DocumentType] : undefined;
  const ids = d.identifiers ?? {};
  const website = d.websites?.find((w) => typeof w === 'string' && w.trim());
  return [
    ['author', names(d.authors)],
    ['editor', names(d.editors)],
    ['translator', names(d.translators)],
    // Double braces keep the title's capitalisation, as reference managers do.
    ['title', `{${escapeLatex(d.title)}}`],
    [containerField ?? 'note', containerField ? container : undefined],
    ...(latex ? [['date', date]] as [string, string | undefined][] : [
      ['year', typeof d.year === 'number' ? String(d.year) : undefined],
      ['month', month], // written as a macro, unbraced: see formatEntry
      ['day', typeof d.day === 'number' ? String(d.day) : undefined],
    ] as [string, string | undefined][]),
    ['volume', text(d.volume)],
    ['number', text(d.issue)],
    ['pages', pagesOf(d.pages)],
    ['chapter', text(d.chapter)],
    ['edition', editionOf(d.edition as string | string[] | undefined)],
    ['series', text(d.series)],
    ['publisher', text(d.publisher)],
    [latex ? 'location' : 'address', text(d.city)],
    [entryType.endsWith('thesis') && !latex ? 'school' : 'institution', text(d.institution) ?? (entryType.endsWith('thesis') ? undefined : text(d.department))],
    ['type', thesisType ?? reportType ?? (entryType === 'techreport' && type === 'working_paper' ? 'Working paper' : text(d.genre) ?? kind)],
    ['version', latex ? text(d.revision) : undefined],
    ['language', text(d.language)],
    ['doi', ids.doi ? verbatim(ids.doi) : undefined],
    ['isbn', text(ids.isbn)],
    ['issn', text(ids.issn)],
    ['pmid', text(ids.pmid)],
    ['eprint', ids.arxiv ? verbatim(ids.arxiv) : undefined],
    [latex ? 'eprinttype' : 'archivePrefix', ids.arxiv ? 'arXiv' : undefined],
    ['url', website ? verbatim(website) : undefined],
    ['urldate', d.accessed ? escapeLatex(d.accessed.slice(0, 10)) : undefined],
    ['keywords', keywordList(d.keywords)],
    ['abstract', text(d.abstract)],
  ];
}

/** One BibTeX entry. `usedKeys` (lower-cased) makes keys unique across a whole export. */
export function formatBibtexEntry(document: BibtexSource, usedKeys: Set<string> = new Set(), dialect: BibDialect = 'bibtex'): string {
  const entryType = entryTypeOf(document, dialect);
  const key = uniqueKey(baseCitationKey(document), usedKeys);
  const lines = fieldsOf(document, entryType, dialect)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '')
    .map(([name, value]) => (name === 'month' ? `  ${name} = ${value}` : `  ${name} = {${value}}`));
  return `@${entryType}{${key},\n${lines.join(',\n')}\n}\n`;
}

/** Entries for several documents, separated by blank lines, with unique citation keys. */
export function formatBibtex(documents: readonly BibtexSource[], options: { dialect?: BibDialect } = {}): string {
  const used = new Set<string>();
  return documents.map((d) => formatBibtexEntry(d, used, options.dialect)).join('\n');
}
