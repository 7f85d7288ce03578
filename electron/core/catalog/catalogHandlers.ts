// The catalog commands: search (first page by criteria, later pages by the opaque next
// link) and one document with its reader statistics; "add to library" is catalogAdd.ts.
import type { CatalogCommands, CatalogSearchPage, CatalogSearchRequest } from '../../../shared/bridge/catalogCommands.ts';
import type { CatalogSearch } from '../../../shared/client/catalogApi.ts';
import type { Page } from '../../../shared/client/pagedIterator.ts';
import type { CatalogDocument } from '../../../shared/schemas/catalog.ts';
import type { HandlersOf } from '../commands/handlerTypes.ts';
import { BridgeFailure } from '../commands/failure.ts';
import type { CatalogDeps } from './catalogDeps.ts';
import { requiredObject, stringField } from '../commands/requestChecks.ts';
import { requireSignedIn } from './onlineAccess.ts';

type CatalogHandlers = Pick<HandlersOf<CatalogCommands>, 'catalog.search' | 'catalog.get'>;

const ADVANCED_FIELDS = ['title', 'author', 'source', 'abstract'] as const;
const MAX_LIMIT = 100;

function optionalText(body: Record<string, unknown>, field: string): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new BridgeFailure('invalid', `${field} must be text`, field);
  return value.trim() || undefined;
}

function optionalYear(body: Record<string, unknown>, field: string): number | undefined {
  const value = body[field];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 9999) {
    throw new BridgeFailure('invalid', `${field} must be a year such as 1998`, field);
  }
  return value;
}

/** Checks a search request and turns it into the service's query (simple or advanced). */
export function catalogQueryOf(request: CatalogSearchRequest): { search: CatalogSearch; limit?: number } {
  const body = request as unknown as Record<string, unknown>;
  const query = optionalText(body, 'query');
  const minYear = optionalYear(body, 'minYear');
  const maxYear = optionalYear(body, 'maxYear');
  if (minYear !== undefined && maxYear !== undefined && minYear > maxYear) throw new BridgeFailure('invalid', 'The year range ends before it starts', 'maxYear');
  if (body.openAccess !== undefined && typeof body.openAccess !== 'boolean') throw new BridgeFailure('invalid', 'openAccess must be true or false', 'openAccess');
  const limit = body.limit;
  if (limit !== undefined && (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)) {
    throw new BridgeFailure('invalid', `limit must be a whole number from 1 to ${MAX_LIMIT}`, 'limit');
  }
  const filters = { min_year: minYear, max_year: maxYear, open_access: request.openAccess || undefined };
  if (query) return { search: { query, ...filters } as CatalogSearch, limit: limit as number | undefined };
  const fields = Object.fromEntries(ADVANCED_FIELDS.map((f) => [f, optionalText(body, f)]).filter(([, v]) => v !== undefined));
  if (!Object.keys(fields).length) throw new BridgeFailure('invalid', 'Type words to search for, or fill in title, author, source or abstract', 'query');
  return { search: { ...fields, ...filters }, limit: limit as number | undefined };
}

export function catalogHandlers(deps: CatalogDeps): CatalogHandlers {
  const { api, account } = deps;
  const accept = () => api.client.mediaTypes.document;

  async function firstPage(pages: AsyncGenerator<Page<CatalogDocument>, void, undefined>): Promise<CatalogSearchPage> {
    try {
      const page = (await pages.next()).value;
      return page ? { items: page.items, total: page.total, next: page.next } : { items: [], total: 0 };
    } finally {
      await pages.return(undefined);
    }
  }

  /** A next link must lead back to the service's catalog search, nowhere else. */
  function checkedNext(next: string): string {
    const expected = new URL(api.client.url('/search/catalog'));
    let url: URL;
    try {
      url = new URL(next);
    } catch {
      throw new BridgeFailure('invalid', 'next must be the link a search answered', 'next');
    }
    if (url.origin !== expected.origin || url.pathname !== expected.pathname) throw new BridgeFailure('invalid', 'next must be the link a search answered', 'next');
    return url.toString();
  }

  return {
    'catalog.search': async (request) => {
      requireSignedIn(account, 'the catalog');
      const body = requiredObject(request, 'catalog.search');
      if (body.next !== undefined) {
        const next = checkedNext(stringField(body, 'next'));
        return firstPage(api.client.pages<CatalogDocument>(next, undefined, { accept: accept() }));
      }
      const { search, limit } = catalogQueryOf(body as CatalogSearchRequest);
      return firstPage(api.catalog.search(search, { view: 'all', limit }));
    },

    'catalog.get': async (request) => {
      requireSignedIn(account, 'the catalog');
      return api.catalog.get(stringField(requiredObject(request, 'catalog.get'), 'id'), { view: 'all' });
    },
  };
}
