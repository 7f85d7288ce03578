// The answer a client gets when an identifier could not be resolved because its upstream
// failed: 503 (try again later, with Retry-After when the upstream gave one) or 502 when
// the upstream answered with something unreadable. Never a 404: the work may well exist.
import { HttpError } from '../http/errors.ts';
import type { Resolution } from './identifierResolver.ts';
import type { UpstreamName } from './resolverSettings.ts';

const LABELS: Record<UpstreamName, string> = { doi: 'doi.org', arxiv: 'arXiv', ncbi: 'PubMed (NCBI)', openLibrary: 'Open Library' };

const KIND_LABELS: Record<string, string> = { doi: 'DOI', arxiv: 'arXiv id', pmid: 'PMID', isbn: 'ISBN' };

export function resolutionError(kind: string, failure: Extract<Resolution, { status: 'unavailable' }>): HttpError {
  const source = LABELS[failure.upstream];
  const seconds = failure.retryAfterMs === undefined ? undefined : Math.max(1, Math.ceil(failure.retryAfterMs / 1000));
  const why = {
    timeout: `${source} did not answer in time`,
    unreachable: `${source} cannot be reached from the service`,
    rate_limited: `${source} asks for fewer requests`,
    busy: `${source} is being asked too often`,
    upstream_error: `${source} answered with an error`,
    malformed: `${source} answered with a record that could not be read`,
  }[failure.reason];
  const later = seconds ? `try again in ${seconds} s` : 'try again later';
  const message = `The ${KIND_LABELS[kind] ?? kind} is not in the catalog and ${why}; ${later}.`;
  const headers: Record<string, string> = seconds ? { 'Retry-After': String(seconds) } : {};
  return new HttpError(failure.reason === 'malformed' ? 502 : 503, message, { reason: failure.reason }, headers);
}
