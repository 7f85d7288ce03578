// What the BibTeX, RIS and CSL-JSON parsers produce: Document fields ready for the library
// or the catalog, held to the bounds of shared/schemas/document.ts, plus the problems met.
import type { Person } from '../schemas/common.ts';
import { documentFieldSchemas, type DocumentFields, type DocumentType, type IdentifierKey } from '../schemas/document.ts';

export type RecordFields = DocumentFields & { title: string; type: DocumentType };

export interface ImportedRecord {
  /** 1-based line where the record starts in its file (the first line for CSL-JSON). */
  line: number;
  /** Citation key, RIS ID or CSL id, when the record has one. */
  key?: string;
  document: RecordFields;
  /** Marked open access by its source (arXiv preprints, an explicit flag or licence). */
  openAccess?: boolean;
  /** The entry had no title: `title` is a placeholder for the user to replace. */
  placeholderTitle?: boolean;
}

export interface ParseProblem {
  line: number;
  message: string;
  key?: string;
}

export interface ParseResult {
  records: ImportedRecord[];
  /** Entries that could not be imported. */
  errors: ParseProblem[];
  /** Imported, but worth a look (an undefined @string, a placeholder title, a missing crossref). */
  warnings?: ParseProblem[];
}

/** Removes resolver prefixes so DOIs compare equal however they were written. */
export function cleanDoi(value: string): string | undefined {
  const doi = value.trim().replace(/^(?:https?:\/\/(?:dx\.)?doi\.org\/|doi:\s*)/i, '').trim();
  return /^10\.\d{3,}/.test(doi) ? doi : undefined;
}

export function cleanArxiv(value: string): string | undefined {
  const id = value.trim().replace(/^(?:https?:\/\/arxiv\.org\/(?:abs|pdf)\/|arxiv:\s*)/i, '').replace(/\.pdf$/i, '').trim();
  return /^(?:\d{4}\.\d{4,5}|[a-z-]+(?:\.[A-Z]{2})?\/\d{7})(?:v\d+)?$/i.test(id) ? id : undefined;
}

/** ISBN/ISSN: the first one of a list, as written (hyphens kept). */
export function firstCode(value: string): string | undefined {
  const first = value.split(/[;,\s]+(?=\d)/)[0]?.trim();
  return first ? first : undefined;
}

export function yearOf(value: string | number | undefined): number | undefined {
  if (value === undefined) return undefined;
  const m = /-?\b\d{4}\b/.exec(String(value)) ?? /-?\d{1,4}/.exec(String(value));
  if (!m) return undefined;
  const year = Number(m[0]);
  return Number.isInteger(year) && year >= -9999 && year <= 9999 ? year : undefined;
}

const MONTH_NAMES = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

export function monthOf(value: string | number | undefined): number | undefined {
  if (value === undefined) return undefined;
  const text = String(value).trim().toLowerCase();
  const n = Number(/^\d{1,2}/.exec(text)?.[0]);
  if (Number.isInteger(n) && n >= 1 && n <= 12) return n;
  const index = MONTH_NAMES.indexOf(text.replace(/[^a-z]/g, '').slice(0, 3));
  return index >= 0 ? index + 1 : undefined;
}

export function dayOf(value: string | number | undefined): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 31 ? n : undefined;
}

/**
 * "123--145" and "123 – 145" as "123-145". Bibliographies write an unknown page as "??"
 * ("??--??", "123--??"): those parts are left out, and nothing known is no pages at all.
 */
export function cleanPages(value: string): string | undefined {
  const pages = value.replace(/\s*(?:-+|–|—)\s*/g, '-').replace(/\s+/g, ' ').trim();
  const known = pages.split('-').filter((part) => !/^\?*$/.test(part.trim()));
  return known.length ? known.join('-') : undefined;
}

export function splitKeywords(value: string): string[] {
  const separator = value.includes(';') ? ';' : ',';
  return [...new Set(value.split(separator).map((k) => k.trim()).filter(Boolean))];
}

type StringSchema = { maxLength?: number; type?: string; items?: StringSchema; maxItems?: number; anyOf?: StringSchema[] };

const maxLengths = new Map<string, number | undefined>();

function maxLengthOf(field: string): number | undefined {
  if (maxLengths.has(field)) return maxLengths.get(field);
  const found = schemaMaxLength(field);
  maxLengths.set(field, found);
  return found;
}

function schemaMaxLength(field: string): number | undefined {
  const schema = (documentFieldSchemas as unknown as Record<string, StringSchema>)[field];
  if (!schema) return undefined;
  if (schema.maxLength !== undefined) return schema.maxLength;
  return schema.anyOf?.find((s) => s.type === 'string')?.maxLength;
}

const cut = (text: string, max: number | undefined) => (max !== undefined && text.length > max ? text.slice(0, max).trimEnd() : text);

function fitPeople(people: Person[] | undefined): Person[] | undefined {
  if (!people) return undefined;
  const fitted: Person[] = [];
  for (const p of people) {
    if (fitted.length === 5000) break;
    if (!p.last_name.trim()) continue;
    const person: Person = { last_name: cut(p.last_name, 255) };
    if (p.first_name) person.first_name = cut(p.first_name, 255);
    const suffix = p.suffix?.trim();
    if (suffix) person.suffix = cut(suffix, 50);
    fitted.push(person);
  }
  return fitted.length ? fitted : undefined;
}

function fitIdentifiers(identifiers: Partial<Record<IdentifierKey, string>>): Partial<Record<IdentifierKey, string>> | undefined {
  const ids: Partial<Record<IdentifierKey, string>> = {};
  let any = false;
  for (const key in identifiers) {
    const value: unknown = identifiers[key as IdentifierKey];
    if (typeof value !== 'string' || value.trim() === '') continue;
    ids[key as IdentifierKey] = cut(value.trim(), 500);
    any = true;
  }
  return any ? ids : undefined;
}

/**
 * Holds a record to the document schema's bounds: over-long strings are cut, empty values
 * dropped, so any parsed record can be stored or sent as it is.
 */
export function fitRecord(fields: RecordFields): RecordFields {
  const out: Record<string, unknown> = {};
  // for...in, not Object.entries: no [name, value] pair is allocated for each field of each record.
  for (const name in fields) {
    const value: unknown = (fields as Record<string, unknown>)[name];
    if (value === undefined || value === null || value === '') continue;
    if (name === 'authors' || name === 'editors' || name === 'translators') {
      const people = fitPeople(value as Person[]);
      if (people) out[name] = people;
    } else if (name === 'identifiers') {
      const ids = fitIdentifiers(value as Partial<Record<IdentifierKey, string>>);
      if (ids) out.identifiers = ids;
    } else if (name === 'keywords' || name === 'tags') {
      const list = (value as string[]).map((k) => cut(k, name === 'tags' ? 100 : 300)).filter(Boolean).slice(0, 1000);
      if (list.length) out[name] = list;
    } else if (name === 'websites') {
      const list: string[] = [];
      let total = 0;
      for (const w of value as string[]) {
        if (!w || total + w.length > 5000 || list.length >= 500) continue;
        list.push(w);
        total += w.length;
      }
      if (list.length) out.websites = list;
    } else if (typeof value === 'string') {
      const text = cut(value.trim(), maxLengthOf(name));
      if (text) out[name] = text;
    } else {
      out[name] = value;
    }
  }
  return out as RecordFields;
}
