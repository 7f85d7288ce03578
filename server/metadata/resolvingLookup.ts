// The catalog's identifier lookups with resolution behind them: what the catalog holds
// answers first; an identifier it lacks is resolved upstream (and so enters the catalog).
// An upstream failure is reported only when nothing else answered.
import type { MetadataLookupResult } from '../../shared/schemas/catalog.ts';
import type { CatalogRow } from '../catalog/catalogFields.ts';
import { isResolvableKind, type IdentifierResolver, type Resolution } from './identifierResolver.ts';
import { resolutionError } from './resolutionErrors.ts';

type Failure = { kind: string; failure: Extract<Resolution, { status: 'unavailable' }> };

/** The first given identifier that resolves; throws the first upstream failure when none did. */
async function resolveFirst(resolver: IdentifierResolver, given: readonly (readonly [string, string])[]): Promise<{ row?: CatalogRow; failed?: Failure }> {
  let failed: Failure | undefined;
  for (const [kind, value] of given) {
    if (!isResolvableKind(kind)) continue;
    const resolution = await resolver.resolve(kind, value);
    if (resolution?.status === 'found') return { row: resolution.row };
    if (resolution?.status === 'unavailable') failed ??= { kind, failure: resolution };
  }
  return { failed };
}

/** GET /catalog?doi=...: the catalog's row, else the resolved one, else undefined (or the upstream failure). */
export async function rowOrResolved(
  resolver: IdentifierResolver, given: readonly (readonly [string, string])[], local: CatalogRow | undefined,
): Promise<CatalogRow | undefined> {
  if (local || !resolver.enabled) return local;
  const { row, failed } = await resolveFirst(resolver, given);
  if (row) return row;
  if (failed) throw resolutionError(failed.kind, failed.failure);
  return undefined;
}

/** GET /metadata: a certain local match stands; else the identifiers resolved upstream; else the title match. */
export async function metadataOrResolved(
  resolver: IdentifierResolver, identifiers: Partial<Record<'doi' | 'pmid' | 'arxiv', string>>, local: MetadataLookupResult | undefined,
): Promise<MetadataLookupResult | undefined> {
  if (local?.score === 100 || !resolver.enabled) return local;
  const given = (['doi', 'pmid', 'arxiv'] as const).map((k) => [k, identifiers[k]] as const).filter((e): e is readonly [typeof e[0], string] => Boolean(e[1]));
  if (!given.length) return local;
  const { row, failed } = await resolveFirst(resolver, given);
  if (row) return { catalog_id: row.id, score: 100 };
  if (!local && failed) throw resolutionError(failed.kind, failed.failure);
  return local;
}
