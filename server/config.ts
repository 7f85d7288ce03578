// Service settings: command-line flags override environment variables override defaults.
import path from 'node:path';
import { DEFAULT_VENDOR, isValidVendor } from '../shared/vendor.ts';
import { readResolverSettings, RESOLVER_ENV, RESOLVER_FLAGS, type ResolverRawKey, type ResolverSettings } from './metadata/resolverSettings.ts';

export interface ServerConfig {
  host: string;
  port: number;
  dataDir: string;
  /** PostgreSQL connection URL (postgres://...); null: SQLite in the data directory. */
  databaseUrl: string | null;
  /** Absolute base URL clients reach the service at; Location and Link headers use it. */
  publicUrl: string;
  vendor: string;
  tokenLifetimeSeconds: number;
  refreshTokenLifetimeSeconds: number;
  /** Largest request body accepted for JSON (bytes). */
  jsonBodyLimit: number;
  /** Largest file upload accepted (bytes). */
  fileBodyLimit: number;
  /** Lifetime of signed download URLs. */
  downloadUrlLifetimeSeconds: number;
  logLevel: string;
  /** SMTP server for outgoing e-mail (smtp:// or smtps:// URL with credentials); null: the outbox. */
  smtpUrl: string | null;
  /** Sender of outgoing e-mail. */
  mailFrom: string;
  /** Without SMTP, e-mails are written here as .eml files (and a log line names each link). */
  outboxDir: string;
  /** Lifetime of e-mail verification and password-reset links. */
  emailLinkLifetimeSeconds: number;
  /** Failed sign-ins (or client authentications) per account before each next try waits, doubling. */
  signInFreeFailures: number;
  /** Failed attempts per account after which it is locked for signInLockoutSeconds. */
  signInLockoutFailures: number;
  signInLockoutSeconds: number;
  /** The same, per client address: higher, since one address may serve many people. */
  addressFreeFailures: number;
  addressLockoutFailures: number;
  /** Accounts one client address may create per hour. */
  signUpsPerAddressPerHour: number;
  /** Requests one access token may make per minute (then 429 with Retry-After). */
  tokenRequestsPerMinute: number;
  /** Bytes of files one user may store. */
  storageQuotaBytes: number;
  /** On SIGTERM, how long requests in flight may take to finish before they are cut. */
  shutdownGraceSeconds: number;
  /** How often an instance looks for events other instances published (live-sync hints, cache invalidation). */
  busPollMs: number;
  /** Identifiers the catalog does not hold are resolved through public metadata services. */
  resolver: ResolverSettings;
}

/** What a caller may set directly (tests, the embedded service); resolver settings singly. */
export type ConfigOverrides = Partial<Omit<ServerConfig, 'resolver'>> & { resolver?: Partial<ResolverSettings> };

type RawKey = Exclude<keyof ServerConfig, 'resolver'> | ResolverRawKey;

const ENV: Record<string, RawKey> = {
  SERVICE_HOST: 'host',
  SERVICE_PORT: 'port',
  SERVICE_DATA_DIR: 'dataDir',
  SERVICE_DATABASE_URL: 'databaseUrl',
  SERVICE_PUBLIC_URL: 'publicUrl',
  SERVICE_VENDOR: 'vendor',
  SERVICE_TOKEN_LIFETIME: 'tokenLifetimeSeconds',
  SERVICE_LOG_LEVEL: 'logLevel',
  SERVICE_SMTP_URL: 'smtpUrl',
  SERVICE_MAIL_FROM: 'mailFrom',
  SERVICE_OUTBOX_DIR: 'outboxDir',
  SERVICE_TOKEN_REQUESTS_PER_MINUTE: 'tokenRequestsPerMinute',
  SERVICE_STORAGE_QUOTA_BYTES: 'storageQuotaBytes',
  SERVICE_SIGNUPS_PER_ADDRESS_PER_HOUR: 'signUpsPerAddressPerHour',
  SERVICE_SHUTDOWN_GRACE_SECONDS: 'shutdownGraceSeconds',
  SERVICE_BUS_POLL_MS: 'busPollMs',
  ...RESOLVER_ENV,
};

const FLAGS: Record<string, RawKey> = {
  '--host': 'host',
  '--port': 'port',
  '--data-dir': 'dataDir',
  '--database': 'databaseUrl',
  '--public-url': 'publicUrl',
  '--vendor': 'vendor',
  '--token-lifetime': 'tokenLifetimeSeconds',
  '--log-level': 'logLevel',
  '--smtp-url': 'smtpUrl',
  '--mail-from': 'mailFrom',
  '--outbox-dir': 'outboxDir',
  '--token-requests-per-minute': 'tokenRequestsPerMinute',
  '--storage-quota-bytes': 'storageQuotaBytes',
  '--shutdown-grace-seconds': 'shutdownGraceSeconds',
  '--bus-poll-ms': 'busPollMs',
  ...RESOLVER_FLAGS,
};

export class ConfigError extends Error {}

export function resolveConfig(overrides: ConfigOverrides = {}, argv: string[] = [], env: NodeJS.ProcessEnv = {}): ServerConfig {
  const raw: Partial<Record<RawKey, string | number>> = {};
  for (const [name, key] of Object.entries(ENV)) if (env[name]) raw[key] = env[name];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const key = FLAGS[flag];
    if (!key) throw new ConfigError(`Unknown option ${flag}. Options: ${Object.keys(FLAGS).join(', ')}`);
    const value = inline ?? argv[++i];
    if (value === undefined) throw new ConfigError(`Option ${flag} needs a value`);
    raw[key] = value;
  }
  const { resolver: resolverOverrides, ...plainOverrides } = overrides;
  Object.assign(raw, plainOverrides);

  const host = String(raw.host ?? '127.0.0.1');
  const port = toInt(raw.port ?? 8080, 'port', 0, 65535);
  const vendor = String(raw.vendor ?? DEFAULT_VENDOR);
  if (!isValidVendor(vendor)) throw new ConfigError(`Vendor word "${vendor}" must be lower-case letters, digits or dashes`);
  const dataDir = path.resolve(String(raw.dataDir ?? '.data/service'));
  const publicUrl = String(raw.publicUrl ?? `http://${host.includes(':') ? `[${host}]` : host}:${port}`).replace(/\/+$/, '');
  try {
    new URL(publicUrl);
  } catch {
    throw new ConfigError(`Public URL "${publicUrl}" is not an absolute URL`);
  }
  return {
    host,
    port,
    dataDir,
    databaseUrl: readDatabaseUrl(raw.databaseUrl),
    publicUrl,
    vendor,
    tokenLifetimeSeconds: toInt(raw.tokenLifetimeSeconds ?? 3600, 'token lifetime', 1, 10 * 365 * 86400),
    refreshTokenLifetimeSeconds: toInt(raw.refreshTokenLifetimeSeconds ?? 180 * 86400, 'refresh token lifetime', 1, 10 * 365 * 86400),
    jsonBodyLimit: toInt(raw.jsonBodyLimit ?? 4 * 1024 * 1024, 'JSON body limit', 1024, 1 << 30),
    fileBodyLimit: toInt(raw.fileBodyLimit ?? 512 * 1024 * 1024, 'file body limit', 1024, 8 * 1024 * 1024 * 1024),
    downloadUrlLifetimeSeconds: toInt(raw.downloadUrlLifetimeSeconds ?? 900, 'download URL lifetime', 1, 7 * 86400),
    logLevel: String(raw.logLevel ?? 'warn'),
    smtpUrl: raw.smtpUrl ? String(raw.smtpUrl) : null,
    mailFrom: String(raw.mailFrom ?? `RefShelf <no-reply@${new URL(publicUrl).hostname}>`),
    outboxDir: path.resolve(String(raw.outboxDir ?? path.join(dataDir, 'outbox'))),
    emailLinkLifetimeSeconds: toInt(raw.emailLinkLifetimeSeconds ?? 2 * 86400, 'e-mail link lifetime', 60, 30 * 86400),
    signInFreeFailures: toInt(raw.signInFreeFailures ?? 5, 'free sign-in failures', 1, 1000),
    signInLockoutFailures: toInt(raw.signInLockoutFailures ?? 20, 'sign-in failures before lockout', 1, 100_000),
    signInLockoutSeconds: toInt(raw.signInLockoutSeconds ?? 15 * 60, 'sign-in lockout', 1, 86400),
    addressFreeFailures: toInt(raw.addressFreeFailures ?? 50, 'free failures per address', 1, 100_000),
    addressLockoutFailures: toInt(raw.addressLockoutFailures ?? 200, 'failures per address before lockout', 1, 1_000_000),
    signUpsPerAddressPerHour: toInt(raw.signUpsPerAddressPerHour ?? 30, 'sign-ups per address per hour', 1, 1_000_000),
    // A flood ceiling, not a fair-use quota: the service bench drives one token at thousands
    // of requests per second for ten seconds and must stay under it.
    tokenRequestsPerMinute: toInt(raw.tokenRequestsPerMinute ?? 600_000, 'requests per token per minute', 1, 1e9),
    storageQuotaBytes: toInt(raw.storageQuotaBytes ?? 20 * 1024 ** 3, 'storage quota', 0, 2 ** 52),
    shutdownGraceSeconds: toInt(raw.shutdownGraceSeconds ?? 25, 'shutdown grace period', 0, 3600),
    busPollMs: toInt(raw.busPollMs ?? 250, 'instance bus poll interval', 10, 86_400_000),
    resolver: readResolverSettings(raw, resolverOverrides, (message) => new ConfigError(message)),
  };
}

function readDatabaseUrl(value: string | number | null | undefined): string | null {
  if (value === undefined || value === null || String(value).trim() === '') return null;
  const text = String(value).trim();
  let protocol: string;
  try {
    protocol = new URL(text).protocol;
  } catch {
    throw new ConfigError('Database must be a postgres:// URL, e.g. postgres://refshelf@db.example.org/refshelf');
  }
  if (protocol !== 'postgres:' && protocol !== 'postgresql:') throw new ConfigError(`Database URL must start with postgres://, got ${protocol}//`);
  return text;
}

function toInt(value: string | number, name: string, min: number, max: number): number {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new ConfigError(`Setting ${name} must be an integer from ${min} to ${max}, got "${value}"`);
  return n;
}
