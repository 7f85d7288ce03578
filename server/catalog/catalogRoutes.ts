// The read-only catalog: lookup by identifier or file hash, documents by id, simple and
// advanced search, the metadata lookup, and each document's public page. Any valid token
// will do (client credentials too): nothing here belongs to a user.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceContext } from '../context.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { readPageParams, sendPageHeaders, type Page } from '../http/paging.ts';
import { CATALOG_LOOKUP_KEYS, CATALOG_SEARCH_LIMIT_DEFAULT, CATALOG_SEARCH_LIMIT_MAX } from '../../shared/schemas/catalog.ts';
import { rowFields, type CatalogRow } from './catalogFields.ts';
import { catalogStorageOf } from './catalogStorage.ts';
import { catalogJson, readCatalogView, type ViewContext } from './catalogViews.ts';
import { SEARCH_FIELDS, wordsOf, type SearchCriteria } from './catalogSearch.ts';
import { lookupMetadata } from './metadataLookup.ts';
import { ensureSampleCatalog } from './sampleCatalog.ts';
import { ensureSampleShelf } from './sampleShelf.ts';
import { IdentifierResolver } from '../metadata/identifierResolver.ts';
import { metadataOrResolved, rowOrResolved } from '../metadata/resolvingLookup.ts';

type Query = Record<string, unknown>;

export const CATALOG_NOT_FOUND = 'Document not found';
const SYNC_INTERVAL_MS = 30_000;
const MAX_PARAM_LENGTH = 1000;

function single(query: Query, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (Array.isArray(value)) throw badRequest(`${name} must be given once`);
  const text = String(value);
  if (text.length > MAX_PARAM_LENGTH) throw badRequest(`${name} must not exceed ${MAX_PARAM_LENGTH} characters`);
  return text.trim() === '' ? undefined : text;
}

function yearParam(query: Query, name: string): number | undefined {
  const value = single(query, name);
  if (value === undefined) return undefined;
  const year = Number(value);
  if (!/^-?\d{1,4}$/.test(value.trim()) || !Number.isInteger(year)) throw badRequest(`${name} must be a whole year, e.g. 2015`);
  return year;
}

function booleanParam(query: Query, name: string): boolean | undefined {
  const value = single(query, name)?.toLowerCase();
  if (value === undefined) return undefined;
  if (value !== 'true' && value !== 'false') throw badRequest(`${name} must be true or false`);
  return value === 'true';
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function catalogRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const store = catalogStorageOf(ctx.database);
  // Identifiers the catalog lacks are resolved through public metadata services (server/metadata/).
  const resolver = new IdentifierResolver(ctx.config.resolver, store, ctx.db);
  const views: ViewContext = {
    stats: store,
    linkOf: (id) => ctx.url(`/catalog/v/${id}`),
  };
  const mt = ctx.mediaTypes;
  const linkContext = { publicUrl: ctx.config.publicUrl, countHeader: ctx.headers.count };

  await ensureSampleCatalog(ctx);
  await ensureSampleShelf(ctx);
  const catchUp = async () => {
    try {
      await store.catchUp();
    } catch (error) {
      app.log.error({ err: error }, 'catalog: library scan failed');
    }
  };
  await catchUp();
  // Every catalog read catches up first; the timer keeps the catalog current between reads,
  // in one instance at a time.
  ctx.jobs.schedule({ name: 'catalog-library-scan', everyMs: SYNC_INTERVAL_MS, run: catchUp });

  const send = (request: FastifyRequest, reply: FastifyReply, body: unknown) => {
    reply.type(request.responseType);
    return body;
  };

  app.get('/catalog', { config: { auth: 'client', produces: [mt.document] } }, async (request, reply) => {
    const query = request.query as Query;
    const view = readCatalogView(single(query, 'view'));
    const given = CATALOG_LOOKUP_KEYS.map((key) => [key, single(query, key)] as const).filter((e): e is readonly [typeof e[0], string] => e[1] !== undefined);
    if (!given.length) throw badRequest('No filter specified');
    await catchUp();
    // The identifiers are tried in the order of the spec's list; the first that is known answers.
    let row: CatalogRow | undefined;
    for (const [key, value] of given) {
      row = key === 'filehash' ? await store.byFilehash(value) : await store.byIdentifier(key, value);
      if (row) break;
    }
    row = await rowOrResolved(resolver, given, row);
    return send(request, reply, row ? [await catalogJson(row, view, views)] : []);
  });

  app.get<{ Params: { id: string } }>('/catalog/:id', { config: { auth: 'client', produces: [mt.document] } }, async (request, reply) => {
    const view = readCatalogView(single(request.query as Query, 'view'));
    await catchUp();
    const row = await store.byId(request.params.id);
    if (!row) throw notFound(CATALOG_NOT_FOUND);
    return send(request, reply, await catalogJson(row, view, views));
  });

  app.get('/search/catalog', { config: { auth: 'client', produces: [mt.document] } }, async (request, reply) => {
    const query = request.query as Query;
    const view = readCatalogView(single(query, 'view'));
    const params = readPageParams(query, { defaultLimit: CATALOG_SEARCH_LIMIT_DEFAULT, maxLimit: CATALOG_SEARCH_LIMIT_MAX });
    const simple = single(query, 'query');
    const advanced = SEARCH_FIELDS.filter((f) => single(query, f) !== undefined);
    if (simple !== undefined && advanced.length) throw badRequest('Conflicting filters specified');
    if (simple === undefined && !advanced.length) throw badRequest('No filter specified');
    const criteria: SearchCriteria = {
      minYear: yearParam(query, 'min_year'),
      maxYear: yearParam(query, 'max_year'),
      openAccess: booleanParam(query, 'open_access') ?? false,
    };
    if (criteria.minYear !== undefined && criteria.maxYear !== undefined && criteria.minYear > criteria.maxYear) {
      throw badRequest('min_year must not be after max_year');
    }
    if (simple !== undefined) criteria.terms = wordsOf(simple);
    else criteria.fields = Object.fromEntries(advanced.map((f) => [f, wordsOf(single(query, f))]).filter(([, words]) => words!.length));
    await catchUp();

    // Pages are windows of the ranked list; a marker holds the position of a row shown.
    const markerAt = params.marker ? Math.max(0, Math.floor(Number(params.marker[0]) || 0)) : undefined;
    let offset: number;
    let size = params.limit;
    let total: number | undefined;
    const isFirstPage = !params.marker && !params.reverse;
    if (params.reverse) {
      if (markerAt === undefined) total = (await store.search(criteria, { offset: 0, limit: 0, withTotal: true })).total ?? 0;
      const end = markerAt ?? total!;
      offset = Math.max(0, end - params.limit);
      size = end - offset;
    } else {
      offset = markerAt === undefined ? 0 : markerAt + 1;
    }
    // A next page continues from its marker's row, which a large result finds again in its tier.
    const after = params.marker && !params.reverse ? (await store.byId(params.marker[1]))?.seq : undefined;
    const found = await store.search(criteria, { offset, limit: size + (params.reverse ? 0 : 1), withTotal: isFirstPage, after });
    const more = !params.reverse && found.seqs.length > size;
    const seqs = found.seqs.slice(0, size);
    const rows = (await store.bySeqs(seqs)).map((row, i) => ({ id: row.id, position: offset + i, row }));
    const page: Page<(typeof rows)[number]> = {
      rows,
      isFirstPage,
      total: isFirstPage ? found.total : undefined,
      hasNext: params.reverse ? markerAt !== undefined : more,
      hasPrevious: offset > 0,
    };
    sendPageHeaders(request, reply, page, params, linkContext, (r) => r.position);
    return send(request, reply, await Promise.all(rows.map((r) => catalogJson(r.row, view, views))));
  });

  app.get('/metadata', { config: { auth: 'client', produces: [mt.documentLookup] } }, async (request, reply) => {
    const query = request.query as Query;
    const lookup = {
      arxiv: single(query, 'arxiv'),
      doi: single(query, 'doi'),
      pmid: single(query, 'pmid'),
      filehash: single(query, 'filehash'),
      title: single(query, 'title'),
      authors: single(query, 'authors'),
      year: yearParam(query, 'year'),
      source: single(query, 'source'),
    };
    if (!lookup.arxiv && !lookup.doi && !lookup.pmid && !lookup.filehash && !lookup.title) {
      throw badRequest('No filter specified: give arxiv, doi, pmid, filehash or title');
    }
    await catchUp();
    const result = await metadataOrResolved(resolver, lookup, await lookupMetadata(store, lookup));
    if (!result) throw notFound('No catalog document matches');
    return send(request, reply, result);
  });

  // The document's public page, which `link` points at.
  app.get<{ Params: { id: string } }>('/catalog/v/:id', { config: { auth: 'none', produces: ['text/html'] } }, async (request, reply) => {
    const row = await store.byId(request.params.id);
    if (!row) throw notFound(CATALOG_NOT_FOUND);
    const fields = rowFields(row);
    const authors = (fields.authors ?? []).map((a) => [a.first_name, a.last_name].filter(Boolean).join(' ')).join(', ');
    const facts = [fields.source, fields.year, fields.volume && `vol. ${fields.volume}`, fields.pages && `pp. ${fields.pages}`].filter(Boolean).join(', ');
    const doi = fields.identifiers?.doi;
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(row.title)}</title></head><body>
<h1>${escapeHtml(row.title)}</h1>${authors ? `<p>${escapeHtml(authors)}</p>` : ''}${facts ? `<p>${escapeHtml(String(facts))}</p>` : ''}
${doi ? `<p>DOI: ${escapeHtml(doi)}</p>` : ''}${fields.abstract ? `<p>${escapeHtml(fields.abstract)}</p>` : ''}
</body></html>`;
    reply.type('text/html; charset=utf-8');
    return html;
  });
}
