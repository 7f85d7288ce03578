// Settings of identifier resolution: which public services answer (the real endpoints by
// default; a test or an institution's mirror sets others), the contact address sent with
// every request (the services' polite pools ask for one), the time limit per request, and
// the spacing each service asks callers to keep between requests.

export type UpstreamName = 'doi' | 'arxiv' | 'ncbi' | 'openLibrary';

export interface ResolverSettings {
  /** Off: the catalog answers only what it holds. */
  enabled: boolean;
  /** Sent as mailto: in the User-Agent (and as NCBI's email parameter). */
  contactEmail: string;
  /** Time limit of one upstream request. */
  timeoutMs: number;
  baseUrls: Record<UpstreamName, string>;
  /** Least time between two requests to the same upstream. */
  minIntervalMs: Record<UpstreamName, number>;
  /** NCBI allows 10 requests a second with a key instead of 3. */
  ncbiApiKey?: string;
  /** How long "this identifier is unknown upstream" is remembered. */
  notFoundTtlMs: number;
}

export const DEFAULT_BASE_URLS: Record<UpstreamName, string> = {
  doi: 'https://doi.org',
  arxiv: 'https://export.arxiv.org/api/query',
  ncbi: 'https://eutils.ncbi.nlm.nih.gov/entrez/eutils',
  openLibrary: 'https://openlibrary.org',
};

// arXiv asks for one request every three seconds; NCBI for at most three a second without a
// key; Crossref's polite pool (behind doi.org) and Open Library for a steady modest rate.
export const DEFAULT_MIN_INTERVAL_MS: Record<UpstreamName, number> = { doi: 100, arxiv: 3000, ncbi: 340, openLibrary: 1000 };

export const RESOLVER_ENV = {
  SERVICE_RESOLVE_IDENTIFIERS: 'resolveIdentifiers',
  SERVICE_RESOLVER_CONTACT: 'resolverContact',
  SERVICE_RESOLVER_TIMEOUT_MS: 'resolverTimeoutMs',
  SERVICE_DOI_URL: 'doiUrl',
  SERVICE_ARXIV_URL: 'arxivUrl',
  SERVICE_NCBI_URL: 'ncbiUrl',
  SERVICE_OPENLIBRARY_URL: 'openLibraryUrl',
  SERVICE_NCBI_API_KEY: 'ncbiApiKey',
} as const;

/** Only the resolver's variables of an environment (the desktop's embedded service takes these, not the rest). */
export function resolverEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.keys(RESOLVER_ENV).filter((name) => env[name] !== undefined).map((name) => [name, env[name]]));
}

export type ResolverRawKey = (typeof RESOLVER_ENV)[keyof typeof RESOLVER_ENV];

export const RESOLVER_FLAGS: Record<string, ResolverRawKey> = {
  '--resolve-identifiers': 'resolveIdentifiers',
  '--resolver-contact': 'resolverContact',
  '--resolver-timeout-ms': 'resolverTimeoutMs',
  '--doi-url': 'doiUrl',
  '--arxiv-url': 'arxivUrl',
  '--ncbi-url': 'ncbiUrl',
  '--openlibrary-url': 'openLibraryUrl',
};

const URL_KEYS: Record<UpstreamName, ResolverRawKey> = { doi: 'doiUrl', arxiv: 'arxivUrl', ncbi: 'ncbiUrl', openLibrary: 'openLibraryUrl' };

export function readResolverSettings(
  raw: Partial<Record<string, string | number>>, overrides: Partial<ResolverSettings> = {}, fail: (message: string) => Error,
): ResolverSettings {
  const enabledText = String(raw.resolveIdentifiers ?? 'true').toLowerCase();
  if (!['true', 'false', '1', '0', 'on', 'off'].includes(enabledText)) throw fail(`Setting resolve identifiers must be true or false, got "${enabledText}"`);
  const baseUrls = { ...DEFAULT_BASE_URLS };
  for (const [name, key] of Object.entries(URL_KEYS) as [UpstreamName, ResolverRawKey][]) {
    const value = raw[key];
    if (value !== undefined) baseUrls[name] = String(value);
  }
  Object.assign(baseUrls, overrides.baseUrls);
  for (const [name, url] of Object.entries(baseUrls)) {
    if (!/^https?:\/\//i.test(url) || !URL.canParse(url)) throw fail(`The ${name} resolver URL "${url}" is not an absolute http(s) URL`);
    baseUrls[name as UpstreamName] = url.replace(/\/+$/, '');
  }
  const contactEmail = String(overrides.contactEmail ?? raw.resolverContact ?? '');
  if (contactEmail && !/^[^\s@<>()]+@[^\s@<>()]+$/.test(contactEmail)) throw fail(`Resolver contact "${contactEmail}" is not an e-mail address`);
  const timeoutMs = Number(overrides.timeoutMs ?? raw.resolverTimeoutMs ?? 8000);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > 120_000) throw fail(`Setting resolver timeout must be 1 to 120000 ms, got "${timeoutMs}"`);
  const ncbiApiKey = overrides.ncbiApiKey ?? (raw.ncbiApiKey === undefined ? undefined : String(raw.ncbiApiKey));
  return {
    enabled: overrides.enabled ?? ['true', '1', 'on'].includes(enabledText),
    contactEmail,
    timeoutMs,
    baseUrls,
    minIntervalMs: { ...DEFAULT_MIN_INTERVAL_MS, ...(ncbiApiKey ? { ncbi: 100 } : {}), ...overrides.minIntervalMs },
    ...(ncbiApiKey ? { ncbiApiKey } : {}),
    notFoundTtlMs: overrides.notFoundTtlMs ?? 24 * 3600 * 1000,
  };
}
