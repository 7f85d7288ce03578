// The catalog search form's state and the bridge request it makes: the simple form sends
// its words, the advanced one the fields filled in; years are checked before sending.
import type { CatalogSearchRequest } from '../../../shared/bridge/catalogCommands.ts';
import { CATALOG_ADVANCED_SEARCH_FIELDS } from '../../../shared/schemas/catalog.ts';

export interface SearchFormState {
  mode: 'simple' | 'advanced';
  query: string;
  title: string;
  author: string;
  source: string;
  abstract: string;
  minYear: string;
  maxYear: string;
  openAccess: boolean;
}

export const EMPTY_SEARCH: SearchFormState = {
  mode: 'simple', query: '', title: '', author: '', source: '', abstract: '', minYear: '', maxYear: '', openAccess: false,
};

export const PAGE_SIZE = 20;

function year(text: string, label: string): number | undefined {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  if (!/^\d{1,4}$/.test(trimmed)) throw new Error(`${label} must be a year such as 1998`);
  return Number(trimmed);
}

/** The request for the form, or an Error saying what to fix. */
export function searchRequestOf(form: SearchFormState): CatalogSearchRequest | Error {
  try {
    const minYear = year(form.minYear, 'From year');
    const maxYear = year(form.maxYear, 'To year');
    if (minYear !== undefined && maxYear !== undefined && minYear > maxYear) throw new Error('The year range ends before it starts');
    const filters: CatalogSearchRequest = { limit: PAGE_SIZE };
    if (minYear !== undefined) filters.minYear = minYear;
    if (maxYear !== undefined) filters.maxYear = maxYear;
    if (form.openAccess) filters.openAccess = true;
    if (form.mode === 'simple') {
      if (!form.query.trim()) throw new Error('Type words to search for');
      return { ...filters, query: form.query.trim() };
    }
    const fields = CATALOG_ADVANCED_SEARCH_FIELDS.filter((f) => form[f].trim());
    if (!fields.length) throw new Error('Fill in at least one of title, author, source or abstract');
    return { ...filters, ...Object.fromEntries(fields.map((f) => [f, form[f].trim()])) };
  } catch (error) {
    return error as Error;
  }
}
