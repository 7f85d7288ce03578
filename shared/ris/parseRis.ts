// Tolerant RIS import: records run from "TY  - " to "ER  - ". A record without a type,
// without a title or cut short by the next TY is reported with its line; others are kept.
// Lines that are not tags continue the previous tag's value (wrapped abstracts).
import type { Person } from '../schemas/common.ts';
import {
  cleanArxiv, cleanDoi, cleanPages, dayOf, fitRecord, monthOf, yearOf,
  type ImportedRecord, type ParseProblem, type ParseResult, type RecordFields,
} from '../bibtex/importedRecord.ts';
import { documentTypeOfRis } from './risTypes.ts';

// Tag, two spaces (some writers use one or none), a dash, then the value.
const TAG_LINE = /^([A-Z][A-Z0-9])\s{0,2}-(?: (.*)|\s*)$/;

interface RawRecord {
  line: number;
  tags: [string, string][];
}

/** "Last, First" (RIS's form), or "First Last" as some writers send. */
export function parseRisName(value: string): Person | undefined {
  const text = value.trim().replace(/\s+/g, ' ');
  if (!text) return undefined;
  if (text.includes(',')) {
    const [last, ...rest] = text.split(',').map((p) => p.trim());
    // "Last, First, Suffix"
    const first = rest.filter(Boolean);
    const suffix = first.length > 1 ? first.pop() : undefined;
    if (!last) return first.length ? { last_name: first.join(' ') } : undefined;
    return { last_name: last, ...(first.length ? { first_name: first.join(' ') } : {}), ...(suffix ? { suffix } : {}) };
  }
  const words = text.split(' ');
  if (words.length === 1) return { last_name: text };
  return { last_name: words[words.length - 1]!, first_name: words.slice(0, -1).join(' ') };
}

function splitRecords(text: string, errors: ParseProblem[]): RawRecord[] {
  const records: RawRecord[] = [];
  let current: RawRecord | undefined;
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const m = TAG_LINE.exec(line.trimEnd());
    if (!m) {
      if (current && line.trim()) {
        const last = current.tags[current.tags.length - 1];
        if (last) last[1] = `${last[1]} ${line.trim()}`;
      } else if (line.trim() && !current) {
        errors.push({ line: i + 1, message: `text outside a record: "${line.trim().slice(0, 40)}"` });
      }
      continue;
    }
    const tag = m[1]!;
    const value = (m[2] ?? '').trim();
    if (tag === 'TY') {
      if (current) {
        errors.push({ line: current.line, message: `record starting at line ${current.line} has no "ER  -" end before the next record` });
      }
      current = { line: i + 1, tags: [['TY', value]] };
    } else if (tag === 'ER') {
      if (current) records.push(current);
      else errors.push({ line: i + 1, message: '"ER  -" without a record' });
      current = undefined;
    } else if (current) {
      current.tags.push([tag, value]);
    } else {
      errors.push({ line: i + 1, message: `${tag} tag outside a record (no "TY  -" before it)` });
    }
  }
  if (current) errors.push({ line: current.line, message: `record starting at line ${current.line} has no "ER  -" end` });
  return records;
}

/** RIS dates: "2004", "2004/05/17/", "2004/05//spring", "2004-05-17". */
function datePartsOf(value: string): { year?: number; month?: number; day?: number } {
  const [y, m, d] = value.split(/[/-]/);
  return { year: yearOf(y), month: m ? monthOf(m) : undefined, day: d ? dayOf(d) : undefined };
}

function recordToDocument(raw: RawRecord): RecordFields | string {
  const all = (...tags: string[]) => raw.tags.filter(([t]) => tags.includes(t)).map(([, v]) => v).filter(Boolean);
  const one = (...tags: string[]) => {
    for (const tag of tags) {
      const found = raw.tags.find(([t, v]) => t === tag && v);
      if (found) return found[1];
    }
    return undefined;
  };
  const type = documentTypeOfRis(one('TY') ?? '');
  const title = one('TI', 'T1', 'CT', 'BT');
  if (!title) return 'record has no title (TI or T1)';
  const people = (...tags: string[]) => all(...tags).flatMap((v) => v.split(/\s*;\s*/)).map(parseRisName).filter((p): p is Person => Boolean(p));
  const date = datePartsOf(one('PY', 'Y1', 'DA', 'Y2') ?? '');
  const da = one('DA') ? datePartsOf(one('DA')!) : {};
  const start = one('SP');
  const end = one('EP');
  const pages = start ? cleanPages(end && !start.includes('-') ? `${start}-${end}` : start) : undefined;
  const codes = all('SN').flatMap((v) => v.split(/[;\s]+/)).filter(Boolean);
  const issn = codes.find((c) => /^\d{4}-?\d{3}[\dXx]$/.test(c));
  const isbn = codes.find((c) => c !== issn && /^[\d-]{9,}[\dXx]$/.test(c.replace(/-/g, '').padStart(10, '0')) && c.replace(/[^\dXx]/g, '').length >= 10);
  const urls = all('UR', 'L2').flatMap((v) => v.split(/\s+|;/)).filter((u) => /^(?:https?|ftp):\/\//i.test(u));
  const doiValue = one('DO', 'M3') ?? urls.map((u) => cleanDoi(u)).find(Boolean);
  const doi = doiValue ? cleanDoi(doiValue) : undefined;
  const arxiv = urls.map((u) => cleanArxiv(u)).find(Boolean);
  const source = type === 'book_section' ? one('T2', 'BT') : one('T2', 'JO', 'JF', 'JA', 'J1', 'J2');
  const editors = type === 'journal' ? people('ED') : people('A2', 'ED');
  const issuedByInstitution = type === 'thesis' || type === 'report' || type === 'working_paper';
  const pmid = all('AN', 'C2').map((v) => /^(?:PMID:\s*)?(\d{1,9})$/i.exec(v)?.[1]).find(Boolean);
  return fitRecord({
    title,
    type,
    source: source && source !== title ? source : undefined,
    year: date.year ?? da.year,
    month: date.month ?? da.month,
    day: date.day ?? da.day,
    authors: people('AU', 'A1'),
    editors,
    abstract: one('AB', 'N2'),
    keywords: [...new Set(all('KW').flatMap((v) => v.split(/\s*;\s*/)).filter(Boolean))],
    volume: one('VL'),
    issue: one('IS'),
    pages,
    // A thesis's or report's PB is its university or institution (formatRis writes it so).
    publisher: issuedByInstitution ? undefined : one('PB'),
    institution: issuedByInstitution ? one('PB') : undefined,
    city: one('CY', 'PP'),
    edition: one('ET'),
    series: one('T3'),
    language: one('LA'),
    citation_key: one('ID'),
    // The arXiv abstract page is the arxiv identifier's own page, kept as the identifier.
    websites: [...new Set(urls.filter((u) => !(arxiv && /arxiv\.org\/abs\//i.test(u) && cleanArxiv(u) === arxiv)))],
    // An ISBN stays one on any type (a journal issue published as a book has one too).
    identifiers: { doi, isbn, issn, arxiv, pmid },
  });
}

export function parseRis(text: string): ParseResult {
  const errors: ParseProblem[] = [];
  const records: ImportedRecord[] = [];
  for (const raw of splitRecords(text, errors)) {
    const document = recordToDocument(raw);
    const key = raw.tags.find(([t]) => t === 'ID')?.[1];
    if (typeof document === 'string') {
      errors.push({ line: raw.line, message: document, ...(key ? { key } : {}) });
      continue;
    }
    const openAccess = Boolean(document.identifiers?.arxiv);
    records.push({ line: raw.line, ...(key ? { key } : {}), document, ...(openAccess ? { openAccess } : {}) });
  }
  errors.sort((a, b) => a.line - b.line);
  return { records, errors };
}
