// Resolves an identifier the catalog does not hold through its public metadata service and
// adds the record to the catalog, so every later lookup (any user, any client) is local.
// Answers are remembered in identifier_resolutions: a found record by its catalog id, an
// unknown identifier for settings.notFoundTtlMs. The same identifier asked twice at once
// goes upstream once.
import { normaliseIdentifier } from '../../shared/identifiers/index.ts';
import type { CatalogRow } from '../catalog/catalogFields.ts';
import type { CatalogStorage } from '../catalog/catalogStorage.ts';
import type { ServiceDb } from '../storage/database.ts';
import type { ResolverSettings, UpstreamName } from './resolverSettings.ts';
import { systemClock, UpstreamClient, UpstreamUnavailable, type Clock, type UnavailableReason } from './upstreamClient.ts';
import { arxivResolver } from './resolvers/arxivResolver.ts';
import { doiResolver } from './resolvers/doiResolver.ts';
import { isbnResolver } from './resolvers/isbnResolver.ts';
import { pubmedResolver } from './resolvers/pubmedResolver.ts';
import { MalformedRecord, type IdentifierResolverSpec, type ResolvableKind } from './resolvers/resolverTypes.ts';

export type Resolution =
  | { status: 'found'; row: CatalogRow }
  | { status: 'not_found' }
  | { status: 'unavailable'; upstream: UpstreamName; reason: UnavailableReason; retryAfterMs?: number };

export const RESOLVERS: Record<ResolvableKind, IdentifierResolverSpec> = {
  doi: doiResolver,
  arxiv: arxivResolver,
  pmid: pubmedResolver,
  isbn: isbnResolver,
};

export const isResolvableKind = (kind: string): kind is ResolvableKind => Object.hasOwn(RESOLVERS, kind);

interface CachedRow {
  outcome: 'found' | 'not_found';
  catalog_id: string | null;
  resolved_at: string;
}

export class IdentifierResolver {
  private readonly upstreams = new Map<UpstreamName, UpstreamClient>();
  private readonly inFlight = new Map<string, Promise<Resolution>>();

  constructor(
    private readonly settings: ResolverSettings,
    private readonly store: CatalogStorage,
    private readonly db: ServiceDb,
    private readonly clock: Clock = systemClock,
  ) {}

  get enabled(): boolean {
    return this.settings.enabled;
  }

  /** undefined when resolution is off or the value is no identifier of this kind. */
  async resolve(kind: ResolvableKind, raw: string): Promise<Resolution | undefined> {
    const spec = RESOLVERS[kind];
    const id = this.settings.enabled ? spec.clean(raw) : undefined;
    const key = id ? normaliseIdentifier(kind, id) : undefined;
    if (!id || !key) return undefined;
    const cached = await this.cached(kind, key);
    if (cached) return cached;
    const flightKey = `${kind}:${key}`;
    let pending = this.inFlight.get(flightKey);
    if (!pending) {
      pending = this.fetchAndStore(spec, id, key).finally(() => this.inFlight.delete(flightKey));
      this.inFlight.set(flightKey, pending);
    }
    return pending;
  }

  private async cached(kind: ResolvableKind, key: string): Promise<Resolution | undefined> {
    const row: CachedRow | undefined = await this.db
      .selectFrom('identifier_resolutions')
      .select(['outcome', 'catalog_id', 'resolved_at'])
      .where('kind', '=', kind)
      .where('value', '=', key)
      .executeTakeFirst();
    if (!row) return undefined;
    if (row.outcome === 'found' && row.catalog_id) {
      const catalogRow = await this.store.byId(row.catalog_id);
      // A catalog document merged away or removed since: ask again.
      return catalogRow ? { status: 'found', row: catalogRow } : undefined;
    }
    const age = this.clock.now() - Date.parse(row.resolved_at);
    return row.outcome === 'not_found' && age < this.settings.notFoundTtlMs ? { status: 'not_found' } : undefined;
  }

  private async fetchAndStore(spec: IdentifierResolverSpec, id: string, key: string): Promise<Resolution> {
    const { url, accept } = spec.request(id, this.settings);
    const now = () => new Date(this.clock.now()).toISOString();
    try {
      const answer = await this.upstream(spec.upstream).get(url, accept);
      const record = answer.found ? spec.parse(answer.body, id) : undefined;
      if (!record) {
        await this.remember(spec.kind, key, 'not_found', null, now());
        return { status: 'not_found' };
      }
      const { seq } = await this.store.add(record.fields, { imported: true, openAccess: record.openAccess });
      const row = (await this.store.bySeq(seq))!;
      await this.remember(spec.kind, key, 'found', row.id, now());
      return { status: 'found', row };
    } catch (error) {
      if (error instanceof MalformedRecord) return { status: 'unavailable', upstream: spec.upstream, reason: 'malformed' };
      if (error instanceof UpstreamUnavailable) {
        return { status: 'unavailable', upstream: spec.upstream, reason: error.reason, ...(error.retryAfterMs !== undefined ? { retryAfterMs: error.retryAfterMs } : {}) };
      }
      throw error;
    }
  }

  private async remember(kind: string, value: string, outcome: CachedRow['outcome'], catalogId: string | null, resolvedAt: string): Promise<void> {
    const answer = { outcome, catalog_id: catalogId, resolved_at: resolvedAt };
    await this.db.insertInto('identifier_resolutions').values({ kind, value, ...answer }).onConflict((c) => c.columns(['kind', 'value']).doUpdateSet(answer)).execute();
  }

  private upstream(name: UpstreamName): UpstreamClient {
    let client = this.upstreams.get(name);
    if (!client) {
      const contact = this.settings.contactEmail ? ` (mailto:${this.settings.contactEmail})` : '';
      client = new UpstreamClient({
        name,
        userAgent: `RefShelf/0.1${contact}`,
        timeoutMs: this.settings.timeoutMs,
        minIntervalMs: this.settings.minIntervalMs[name],
        clock: this.clock,
      });
      this.upstreams.set(name, client);
    }
    return client;
  }
}
