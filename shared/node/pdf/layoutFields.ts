// Fields read from the look of the first pages: the title is the largest text near the top
// of page 1 that is not a running head, banner or journal name; the authors are the
// name-shaped lines below it; then the date, abstract, keywords and identifiers.
import { arxivYear, findArxivIds, findDois, findIsbns, findIssns, findPmids } from '../../identifiers/index.ts';
import type { Layout } from './pageLayout.ts';
import { parsePersonName, splitAuthorLine } from './personNames.ts';
import type { TextLine } from './textLines.ts';
import type { ExtractedFields, ExtractedPerson, FieldConfidence } from './types.ts';

const NOT_A_TITLE = [
  /^arxiv\s*:/i,
  /^(?:pre-?print|draft|working paper|submitted|accepted|under review|to appear|in press|manuscript|technical report|research article|original article|review article|article|letter|vignette)\b.{0,40}$/i,
  /©|\(c\)\s*\d{4}|\bcopyright\b|all rights reserved|creative commons|licen[cs]ed under/i,
  /^(?:the\s+)?(?:journal|annals|proceedings|bulletin|transactions|archives?)\s+(?:of|on)\b/i,
  /\b(?:vol(?:ume)?\.?\s*\d|issue\s*\d|no\.\s*\d|pp\.\s*\d|issn|isbn|doi\s*:|https?:|www\.)/i,
  /^contributed research articles?\b/i,
  /@/,
  /^\p{Lu}{2,5}$/u, // a journal's logo letters ("JSS")
  /^[\d\s.,:;()\-–—/]+$/,
  /^(?:\d+\.?\s*)?(?:abstract|summary|contents|table of contents|introduction|keywords|key words|index terms)(?:\s*[:.—–-].*)?$/i,
  /^abstract\b/i,
];

const HEADING_STOP = /^(?:abstract|summary|contents|table of contents|(?:\d+\.?\s*)?introduction$|\d+(?:\.\d+)*\.?\s+\p{Lu}\p{Ll}+|keywords?|key\s*words|index terms|background|overview)\b/iu;

const MONTH = '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';
const YEAR = '(19[5-9]\\d|20\\d\\d)';

export interface LayoutFields {
  fields: ExtractedFields;
  confidence: FieldConfidence;
  /** Baseline of the title's first line (to tell whether it might be a running head). */
  titleY?: number;
}

function titleCandidates(layout: Layout): TextLine[] {
  const page = layout.pages[0];
  if (!page) return [];
  return page.lines.filter((l) => {
    if (layout.runningHeads.has(l)) return false;
    if (l.y < page.height * 0.3) return false;
    const t = l.text;
    if (!/\p{L}{2}/u.test(t) || t.length > 300) return false;
    return !NOT_A_TITLE.some((re) => re.test(t));
  });
}

function joinLines(parts: string[]): string {
  let out = '';
  for (const p of parts) {
    if (!out) out = p;
    else if (/\p{L}-$/u.test(out) && /^\p{Ll}/u.test(p)) out = out.slice(0, -1) + p;
    else out += ` ${p}`;
  }
  return out.replace(/\s+/g, ' ').trim();
}

function cleanTitle(s: string): string {
  return s.replace(/\s*[∗*†‡§¶⁎✝]+\s*/g, ' ').replace(/\s+([:,.;])/g, '$1').replace(/\s+/g, ' ').replace(/[\s,;:]+$/, '').trim();
}

function findTitle(layout: Layout): { lines: TextLine[]; text: string; confidence: number } | undefined {
  const candidates = titleCandidates(layout);
  if (!candidates.length) return undefined;
  const maxSize = Math.max(...candidates.map((l) => l.size));
  const distinct = maxSize >= layout.bodySize * 1.08;
  // Titles set in body size (some notes and reports) are taken only from the very top.
  // A sparse title page (a title, a name, a date) has no body text to compare sizes with.
  const sparse = layout.pages[0]!.lines.reduce((n, l) => n + l.text.length, 0) < 400;
  const pool = distinct || sparse ? candidates : candidates.filter((l) => l.y > layout.pages[0]!.height * 0.7);
  const start = pool.filter((l) => l.size >= maxSize * 0.97).sort((p, q) => q.y - p.y)[0];
  if (!start) return undefined;
  const lines = [start];
  const pageLines = layout.pages[0]!.lines;
  let last = start;
  for (const l of pageLines) {
    if (l.y >= last.y - 0.5 || l === start) continue;
    if (lines.length >= 6) break;
    const sameSize = Math.abs(l.size - start.size) <= start.size * 0.08;
    const near = last.y - l.y <= start.size * 2.0;
    const overlaps = l.x < last.right && l.right > last.x;
    if (sameSize && near && overlaps && candidates.includes(l)) {
      lines.push(l);
      last = l;
    } else if (l.y < last.y - start.size * 0.5) {
      break;
    }
  }
  const text = cleanTitle(joinLines(lines.map((l) => l.textWithoutMarkers)));
  if (text.length < 3) return undefined;
  const ratio = start.size / layout.bodySize;
  const confidence = distinct ? (ratio >= 1.3 ? 0.85 : 0.65) : sparse ? 0.5 : 0.35;
  return { lines, text, confidence };
}

/** Index of the line where the body starts (abstract, contents, first section, a long paragraph). */
function headerEnd(lines: TextLine[], bodySize: number, after: number): number {
  for (let i = after; i < lines.length; i++) {
    const l = lines[i]!;
    if (HEADING_STOP.test(l.text)) return i;
    if (l.text.split(/\s+/).length >= 14 && Math.abs(l.size - bodySize) < 0.6) return i;
  }
  return Math.min(lines.length, after + 25);
}

function findAuthors(lines: TextLine[], from: number, to: number): ExtractedPerson[] {
  const authors: ExtractedPerson[] = [];
  for (let i = from; i < to && i < from + 20; i++) {
    const line = lines[i]!;
    if (/@|https?:|www\./i.test(line.text) && !/\s{2}/.test(line.text)) continue;
    for (const piece of splitAuthorLine(line.textWithMarkerBreaks)) {
      const person = parsePersonName(piece);
      if (person && !authors.some((a) => a.last_name === person.last_name && a.first_name === person.first_name)) authors.push(person);
    }
  }
  return authors;
}

function findYear(lines: TextLine[]): number | undefined {
  const dated = new RegExp(`(?:${MONTH}\\s*(?:\\d{1,2},?\\s*)?${YEAR}|\\b\\d{1,2}\\.?\\s+${MONTH}\\s+${YEAR}|\\b${YEAR}-\\d\\d-\\d\\d|${YEAR}\\s*[,;]\\s*(?:vol|\\d+\\s*\\())`, 'i');
  const now = new Date().getFullYear() + 1;
  for (const l of lines) {
    const m = dated.exec(l.text);
    const y = m ? Number(m.slice(1).find((g) => g)) : NaN;
    if (y && y <= now) return y;
  }
  for (const l of lines) {
    if (l.text.split(/\s+/).length > 8) continue;
    const m = new RegExp(`^(?:\\(?${YEAR}\\)?|(?:spring|summer|fall|autumn|winter)\\s+${YEAR})$`, 'i').exec(l.text);
    const y = m ? Number(m[1] ?? m[2]) : NaN;
    if (y && y <= now) return y;
  }
  return undefined;
}

function findAbstract(layout: Layout): string | undefined {
  for (const page of layout.pages.slice(0, 2)) {
    const lines = page.lines;
    const at = lines.findIndex((l) => /^abstract\b/i.test(l.text) || /^summary$/i.test(l.text));
    if (at < 0) continue;
    const head = lines[at]!;
    const leftColumn = head.right < page.width * 0.55 && head.x < page.width * 0.3;
    const parts: string[] = [];
    const inline = head.text.replace(/^(?:abstract|summary)[\s.:—–-]*/i, '');
    if (inline) parts.push(inline);
    let prevY = head.y;
    let size = 0;
    for (let i = at + 1; i < lines.length && parts.join(' ').length < 10000; i++) {
      const l = lines[i]!;
      if (leftColumn && l.x > page.width * 0.45) continue;
      if (/^(?:keywords?|key\s*words|index terms|jel\b|msc\b|ams\b)/i.test(l.text) || HEADING_STOP.test(l.text) && i > at + 1) break;
      size ||= l.size;
      if (Math.abs(l.size - size) > size * 0.15) break;
      if (prevY - l.y > size * 2.6) break;
      parts.push(l.text);
      prevY = l.y;
    }
    const text = joinLines(parts).slice(0, 10000);
    if (text.length >= 40) return text;
  }
  return undefined;
}

function findKeywords(layout: Layout): string[] | undefined {
  for (const page of layout.pages.slice(0, 2)) {
    const lines = page.lines;
    const at = lines.findIndex((l) => /^(?:keywords?|key\s*words|index terms)\b/i.test(l.text));
    if (at < 0) continue;
    const parts = [lines[at]!.text.replace(/^(?:keywords?|key\s*words|index terms)\s*[:.—–-]*\s*/i, '')];
    for (let i = at + 1; i < Math.min(lines.length, at + 4); i++) {
      const l = lines[i]!;
      const other = /^(?:doi|https?:|www\.|issn|isbn|©|\(c\)|received|accepted|published|jel|msc|ams|corresponding)\b/i.test(l.text);
      if (other || HEADING_STOP.test(l.text) || Math.abs(l.size - lines[at]!.size) > l.size * 0.1 || lines[i - 1]!.y - l.y > l.size * 2.2 || /[.]$/.test(parts[parts.length - 1]!)) break;
      parts.push(l.text);
    }
    const keywords = joinLines(parts)
      .replace(/\.$/, '')
      .split(/\s*[,;·•]\s*|\s+[—–]\s+/)
      .map((k) => k.trim())
      .filter((k) => k.length > 1 && k.length <= 300);
    if (keywords.length) return keywords.slice(0, 50);
  }
  return undefined;
}

function findSource(lines: TextLine[]): string | undefined {
  for (const l of lines) {
    const m = /^(?:the\s+)?((?:journal|annals|proceedings|bulletin|transactions)\s+(?:of|on)\s+[\p{L}\s&,-]{3,120}?)(?:\s*[,(]|\s+\d|$)/iu.exec(l.text);
    if (m && m[1]!.split(/\s+/).length <= 12) return m[1]!.trim();
    if (/^the r journal\b/i.test(l.text)) return 'The R Journal';
  }
  return undefined;
}

export function readLayoutFields(layout: Layout): LayoutFields {
  const fields: ExtractedFields = {};
  const confidence: FieldConfidence = {};
  const page = layout.pages[0];
  if (!page) return { fields, confidence };
  let titleY: number | undefined;
  const lines = page.lines;
  const title = findTitle(layout);
  const titleEnd = title ? lines.indexOf(title.lines[title.lines.length - 1]!) + 1 : 0;
  const end = headerEnd(lines, layout.bodySize, titleEnd);
  const header = lines.slice(0, end);
  if (title) {
    fields.title = title.text.slice(0, 500);
    titleY = title.lines[0]!.y;
    confidence.title = title.confidence;
    const authors = findAuthors(lines, titleEnd, end);
    if (authors.length) {
      fields.authors = authors.slice(0, 200);
      confidence.authors = 0.7;
    }
  }
  const pageText = lines.map((l) => l.text).join('\n');
  const rotated = page.rotatedText;
  const arxiv = findArxivIds(`${rotated}\n${pageText}`)[0];
  let year = findYear(header);
  if (year) confidence.year = 0.7;
  if (!year && arxiv) {
    year = arxivYear(arxiv);
    if (year) confidence.year = 0.6;
  }
  if (year) fields.year = year;

  const identifiers: ExtractedFields['identifiers'] = {};
  const doi = findDois(`${pageText}\n${rotated}`)[0];
  if (doi) identifiers.doi = doi;
  if (arxiv) identifiers.arxiv = arxiv;
  const isbn = findIsbns(pageText)[0];
  if (isbn) identifiers.isbn = isbn;
  const issn = findIssns(pageText)[0];
  if (issn) identifiers.issn = issn;
  const pmid = findPmids(pageText)[0];
  if (pmid) identifiers.pmid = pmid;
  if (Object.keys(identifiers).length) {
    fields.identifiers = identifiers;
    confidence.identifiers = 0.9;
  }
  const abstract = findAbstract(layout);
  if (abstract) {
    fields.abstract = abstract;
    confidence.abstract = 0.7;
  }
  const keywords = findKeywords(layout);
  if (keywords) {
    fields.keywords = keywords;
    confidence.keywords = 0.7;
  }
  const source = findSource(header);
  if (source) {
    fields.source = source.slice(0, 255);
    confidence.source = 0.5;
  }
  return { fields, confidence, titleY };
}
