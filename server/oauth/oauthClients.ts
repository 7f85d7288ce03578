// Registered client applications as the OAuth code sees them.
import { timingSafeEqual } from 'node:crypto';
import type { ServiceDb } from '../storage/database.ts';
import { sha256Hex } from '../auth/secrets.ts';
import { notFound } from '../http/errors.ts';

export interface OAuthClient {
  id: string;
  name: string;
  grants: string[];
  redirectUris: string[];
  /** Public clients (desktop apps) have no secret and must use PKCE. */
  isPublic: boolean;
  ownerProfileId: string | null;
  created: string;
  [key: string]: unknown;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function parseList(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

interface ClientRow {
  id: string;
  name: string;
  secret_hash: string | null;
  redirect_uris: string;
  grants: string;
  owner_profile_id: string | null;
  created: string;
}

function toClient(row: ClientRow): OAuthClient {
  return {
    id: row.id,
    name: row.name,
    grants: parseList(row.grants),
    redirectUris: parseList(row.redirect_uris),
    isPublic: row.secret_hash === null,
    ownerProfileId: row.owner_profile_id,
    created: row.created,
  };
}

async function findRow(db: ServiceDb, clientId: string): Promise<ClientRow | undefined> {
  if (typeof clientId !== 'string' || !UUID.test(clientId)) return undefined;
  return db.selectFrom('oauth_clients').selectAll().where('id', '=', clientId).executeTakeFirst();
}

/** Looks a client up by id only (the authorization endpoint, where no secret is sent). */
export async function findClient(db: ServiceDb, clientId: string): Promise<OAuthClient | undefined> {
  const row = await findRow(db, clientId);
  return row ? toClient(row) : undefined;
}

/**
 * Authenticates a client at the token endpoint. A confidential client must present its
 * secret; a public client must present none (it proves itself with PKCE instead).
 */
export async function authenticateClient(db: ServiceDb, clientId: string, secret: string | undefined): Promise<OAuthClient | undefined> {
  const row = await findRow(db, clientId);
  if (!row) return undefined;
  if (row.secret_hash === null) return secret ? undefined : toClient(row);
  if (!secret) return undefined;
  const given = Buffer.from(sha256Hex(secret), 'hex');
  const stored = Buffer.from(row.secret_hash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored) ? toClient(row) : undefined;
}

export async function clientsOwnedBy(db: ServiceDb, profileId: string): Promise<OAuthClient[]> {
  const rows = await db.selectFrom('oauth_clients').selectAll().where('owner_profile_id', '=', profileId).orderBy('created', 'asc').execute();
  return rows.map(toClient);
}

/** Turns the implicit grant on for one client (off by default: tokens in URLs leak). */
export async function enableImplicitGrant(db: ServiceDb, clientId: string): Promise<void> {
  const row = await findRow(db, clientId);
  if (!row) throw notFound(`No client application with id ${clientId}`);
  const grants = parseList(row.grants);
  if (!grants.includes('implicit')) grants.push('implicit');
  await db.updateTable('oauth_clients').set({ grants: JSON.stringify(grants) }).where('id', '=', row.id).execute();
}
