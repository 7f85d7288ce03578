// Library search (GET /search/documents), ranked like the catalog search: a simple query
// matches any term in any searchable field and more matched terms rank higher; advanced
// fields (title, author, source, abstract) match when all their words occur in that field,
// and more matched fields rank higher. Matching ignores case and accents.
import type { DocumentsTable } from '../storage/tables.ts';
import { badRequest } from '../http/errors.ts';
import type { Person } from '../../shared/schemas/common.ts';
import { singleParam, type Query } from './documentQueries.ts';

export const ADVANCED_FIELDS = ['title', 'author', 'source', 'abstract'] as const;
type AdvancedField = (typeof ADVANCED_FIELDS)[number];

export interface SearchCriteria {
  terms: string[];
  fields: Partial<Record<AdvancedField, string[]>>;
  minYear?: number;
  maxYear?: number;
}

export function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Words as the search indexes cut them (after folding): runs of letters and digits. */
export function wordsOf(text: string): string[] {
  return fold(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Words of a query; "quoted phrases" stay together. */
export function termsOf(text: string): string[] {
  const terms: string[] = [];
  for (const m of text.matchAll(/"([^"]+)"|(\S+)/g)) {
    const term = fold((m[1] ?? m[2] ?? '').trim());
    if (term && !terms.includes(term)) terms.push(term);
  }
  return terms;
}

function readYear(query: Query, name: string): number | undefined {
  const value = singleParam(query, name);
  if (value === undefined || value === '') return undefined;
  const year = Number(value);
  if (!Number.isInteger(year) || year < -9999 || year > 9999) throw badRequest(`${name} must be a whole year, e.g. 2015`);
  return year;
}

export function readSearchCriteria(query: Query): SearchCriteria {
  const criteria: SearchCriteria = { terms: termsOf(singleParam(query, 'query') ?? ''), fields: {} };
  for (const field of ADVANCED_FIELDS) {
    const terms = termsOf(singleParam(query, field) ?? '');
    if (terms.length) criteria.fields[field] = terms;
  }
  criteria.minYear = readYear(query, 'min_year');
  criteria.maxYear = readYear(query, 'max_year');
  const hasText = criteria.terms.length > 0 || Object.keys(criteria.fields).length > 0;
  if (!hasText && criteria.minYear === undefined && criteria.maxYear === undefined) throw badRequest('No filter specified');
  if (criteria.minYear !== undefined && criteria.maxYear !== undefined && criteria.minYear > criteria.maxYear) {
    throw badRequest('min_year must not be after max_year');
  }
  return criteria;
}

function peopleText(people: unknown): string {
  if (!Array.isArray(people)) return '';
  return (people as Person[]).map((p) => `${p?.first_name ?? ''} ${p?.last_name ?? ''}`).join('\n');
}

function listText(list: unknown): string {
  return Array.isArray(list) ? list.filter((x) => typeof x === 'string').join('\n') : '';
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The document's rank for the criteria: 0 when it does not match. Titles break ties
 * between documents matching the same number of terms.
 */
export function scoreDocument(row: DocumentsTable, criteria: SearchCriteria): number {
  const data = JSON.parse(row.data) as Record<string, unknown>;
  const title = fold(row.title);
  const text: Record<AdvancedField, string> = {
    title,
    author: fold(peopleText(data.authors)),
    source: fold(str(data.source)),
    abstract: fold(str(data.abstract)),
  };
  let score = 0;
  if (criteria.terms.length) {
    const everything = [
      title, text.author, text.source, text.abstract,
      fold(listText(data.keywords)), fold(listText(data.tags)),
      fold(Object.values((data.identifiers as Record<string, unknown> | undefined) ?? {}).map(str).join('\n')),
    ].join('\n');
    for (const term of criteria.terms) {
      if (everything.includes(term)) score += 10;
      if (title.includes(term)) score += 1;
    }
  }
  for (const field of ADVANCED_FIELDS) {
    const terms = criteria.fields[field];
    if (terms && terms.every((t) => text[field].includes(t))) score += 10;
  }
  const textGiven = criteria.terms.length > 0 || Object.keys(criteria.fields).length > 0;
  // With only year bounds every document in range matches (the bounds are applied in SQL).
  return textGiven ? score : 1;
}
