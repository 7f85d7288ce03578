// What each identifier's resolver provides: the request its upstream answers, and the
// reading of that answer into Document fields. A body that cannot be read is a
// MalformedRecord; an upstream that says the identifier is unknown gives undefined.
import type { RecordFields } from '../../../shared/bibtex/importedRecord.ts';
import type { ResolverSettings, UpstreamName } from '../resolverSettings.ts';

export type ResolvableKind = 'doi' | 'arxiv' | 'pmid' | 'isbn';

export interface ResolvedRecord {
  fields: RecordFields;
  openAccess: boolean;
}

export interface IdentifierResolverSpec {
  kind: ResolvableKind;
  upstream: UpstreamName;
  /** The identifier in the form the upstream expects; undefined when it is not one. */
  clean(raw: string): string | undefined;
  request(id: string, settings: ResolverSettings): { url: string; accept: string };
  parse(body: string, id: string): ResolvedRecord | undefined;
}

export class MalformedRecord extends Error {}

export const text = (value: unknown): string | undefined => {
  if (typeof value === 'string') return value.replace(/\s+/g, ' ').trim() || undefined;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
};

export function parseJson(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw new MalformedRecord('not JSON');
  }
}

export const isObject = (value: unknown): value is Record<string, unknown> => Boolean(value) && typeof value === 'object' && !Array.isArray(value);
