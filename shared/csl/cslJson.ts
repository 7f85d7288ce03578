// CSL-JSON items <-> Document fields. Reading is tolerant: a file may hold an array of
// items, one item, or {items: [...]}; an item that is not an object or has no title is
// reported by its index (and line, when it can be found) and the others are kept.
import type { Person } from '../schemas/common.ts';
import type { DocumentType } from '../schemas/document.ts';
import { CSL_TYPE_OF } from './documentToCsl.ts';
import {
  cleanArxiv, cleanDoi, cleanPages, fitRecord, splitKeywords, yearOf,
  type ImportedRecord, type ParseProblem, type ParseResult, type RecordFields,
} from '../bibtex/importedRecord.ts';

export const CSL_JSON_MEDIA_TYPE = 'application/vnd.citationstyles.csl+json';

export interface CslName {
  family?: string;
  given?: string;
  literal?: string;
  suffix?: string;
  'non-dropping-particle'?: string;
  'dropping-particle'?: string;
}

export interface CslDate {
  'date-parts'?: (number | string)[][];
  raw?: string;
  literal?: string;
}

export type CslItem = Record<string, unknown> & { type?: string; title?: string; id?: string | number };

const FROM_CSL: Record<string, DocumentType> = {
  'article-journal': 'journal', article: 'working_paper', 'article-magazine': 'magazine_article',
  'article-newspaper': 'newspaper_article', book: 'book', chapter: 'book_section', 'paper-conference': 'conference_proceedings',
  report: 'report', thesis: 'thesis', webpage: 'web_page', 'post-weblog': 'web_page', post: 'web_page', patent: 'patent',
  software: 'computer_program', legal_case: 'case', legislation: 'statute', bill: 'bill', hearing: 'hearing',
  broadcast: 'television_broadcast', motion_picture: 'film', 'entry-encyclopedia': 'encyclopedia_article',
  'entry-dictionary': 'encyclopedia_article', manuscript: 'working_paper', dataset: 'generic', document: 'generic',
  standard: 'generic', 'personal_communication': 'generic', interview: 'generic', speech: 'conference_proceedings',
};

export const documentTypeOfCsl = (type: string | undefined): DocumentType => FROM_CSL[type ?? ''] ?? 'generic';
export const cslTypeOf = (type: DocumentType | undefined): string => CSL_TYPE_OF[type ?? 'journal'];

const str = (value: unknown): string | undefined => {
  if (typeof value === 'string') return value.trim() || undefined;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
};

function personOf(name: unknown): Person | undefined {
  if (!name || typeof name !== 'object') return undefined;
  const n = name as CslName;
  const particle = [n['dropping-particle'], n['non-dropping-particle']].map(str).filter(Boolean).join(' ');
  const family = str(n.family);
  const last = family ? [particle, family].filter(Boolean).join(' ') : str(n.literal);
  if (!last) return undefined;
  const given = str(n.given);
  const suffix = str(n.suffix);
  return { last_name: last, ...(given ? { first_name: given } : {}), ...(suffix ? { suffix } : {}) };
}

function people(value: unknown): Person[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const list = value.map(personOf).filter((p): p is Person => Boolean(p));
  return list.length ? list : undefined;
}

function dateOf(value: unknown): { year?: number; month?: number; day?: number } {
  if (!value || typeof value !== 'object') return {};
  const d = value as CslDate;
  const parts = Array.isArray(d['date-parts']) && Array.isArray(d['date-parts'][0]) ? d['date-parts'][0] : undefined;
  if (parts) {
    const [y, m, day] = parts.map((p) => Number(p));
    return {
      year: yearOf(y),
      month: Number.isInteger(m) && m! >= 1 && m! <= 12 ? m : undefined,
      day: Number.isInteger(day) && day! >= 1 && day! <= 31 ? day : undefined,
    };
  }
  return { year: yearOf(str(d.raw) ?? str(d.literal)) };
}

/** One CSL item as Document fields; a string tells why it cannot be imported. */
export function cslToDocument(item: unknown): { document: RecordFields; openAccess: boolean } | string {
  if (!item || typeof item !== 'object' || Array.isArray(item)) return 'item is not an object';
  const c = item as CslItem;
  const title = str(c.title);
  if (!title) return 'item has no title';
  const genre = str(c.genre);
  // A working paper goes out as a CSL report with that genre (documentToCsl).
  const workingPaper = str(c.type) === 'report' && /^working paper$/i.test(genre ?? '');
  const type = workingPaper ? 'working_paper' : documentTypeOfCsl(str(c.type));
  const issued = dateOf(c.issued);
  const keywords = str(c.keyword);
  const url = str(c.URL);
  const arxiv = (str(c.arxiv) && cleanArxiv(str(c.arxiv)!)) || (url ? cleanArxiv(url) : undefined);
  const licence = str(c.license) ?? '';
  const document = fitRecord({
    title,
    type,
    source: str(c['container-title']) ?? str(c['collection-title-short']),
    year: issued.year,
    month: issued.month,
    day: issued.day,
    authors: people(c.author) ?? people(c.director),
    editors: people(c.editor),
    translators: people(c.translator),
    abstract: str(c.abstract),
    keywords: keywords ? splitKeywords(keywords) : undefined,
    volume: str(c.volume),
    issue: str(c.issue) ?? (str(c.number)?.startsWith('arXiv:') ? undefined : str(c.number)),
    pages: str(c.page) ? cleanPages(str(c.page)!) : undefined,
    publisher: str(c.publisher),
    city: str(c['publisher-place']),
    edition: str(c.edition),
    series: str(c['collection-title']),
    revision: str(c.version),
    medium: str(c.medium),
    chapter: str(c['chapter-number']),
    language: str(c.language),
    genre: workingPaper ? undefined : genre,
    citation_key: str(c['citation-key']) ?? str(c.id),
    short_title: str(c['title-short']),
    websites: url ? [url] : undefined,
    identifiers: {
      doi: str(c.DOI) ? cleanDoi(str(c.DOI)!) : undefined,
      isbn: str(c.ISBN)?.split(/[\s,;]+/)[0],
      issn: str(c.ISSN)?.split(/[\s,;]+/)[0],
      pmid: str(c.PMID),
      arxiv,
    },
  });
  return { document, openAccess: Boolean(arxiv) || Boolean(str(c.PMCID)) || /creativecommons|\bcc[- ]by\b|open/i.test(licence) };
}

export { documentToCsl } from './documentToCsl.ts';

/** Line of the n-th top-level item in a JSON array text (best effort, for messages). */
function itemLines(text: string): number[] {
  const lines: number[] = [];
  let depth = 0;
  let line = 1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\n') line++;
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') {
      if (depth === 1) lines.push(line);
      depth++;
    } else if (ch === '}' || ch === ']') depth--;
  }
  return lines;
}

export function parseCslJson(text: string): ParseResult {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    return { records: [], errors: [{ line: 1, message: `not valid JSON: ${(error as Error).message}` }] };
  }
  const wrapped = data && typeof data === 'object' && !Array.isArray(data) && Array.isArray((data as { items?: unknown }).items);
  const items: unknown[] = Array.isArray(data) ? data : wrapped ? (data as { items: unknown[] }).items : [data];
  const lines = Array.isArray(data) ? itemLines(text) : [];
  const records: ImportedRecord[] = [];
  const errors: ParseProblem[] = [];
  items.forEach((item, index) => {
    const line = lines[index] ?? 1;
    const converted = cslToDocument(item);
    const id = item && typeof item === 'object' ? str((item as CslItem).id) : undefined;
    if (typeof converted === 'string') {
      errors.push({ line, message: `item ${index + 1}: ${converted}`, ...(id ? { key: id } : {}) });
      return;
    }
    records.push({ line, ...(id ? { key: id } : {}), document: converted.document, ...(converted.openAccess ? { openAccess: true } : {}) });
  });
  return { records, errors };
}
