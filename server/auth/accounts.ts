// User accounts (profiles with a password) and registered client applications.
import { randomUUID } from 'node:crypto';
import type { ServiceDb } from '../storage/database.ts';
import { badRequest, conflict } from '../http/errors.ts';
import { hashPassword, MIN_PASSWORD_LENGTH, verifyPassword } from './passwords.ts';
import { newSecret, sha256Hex } from './secrets.ts';

export interface NewAccount {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function createAccount(db: ServiceDb, account: NewAccount): Promise<{ id: string; email: string }> {
  const email = normaliseEmail(account.email);
  if (!EMAIL.test(email) || email.length > 254) throw badRequest('A valid e-mail address is required');
  if (account.password.length < MIN_PASSWORD_LENGTH) throw badRequest(`The password needs at least ${MIN_PASSWORD_LENGTH} characters`);
  const first = account.first_name.trim();
  const last = account.last_name.trim();
  if (!first || !last) throw badRequest('First and last name are required');
  if (first.length > 255 || last.length > 255) throw badRequest('Names must not exceed 255 characters');
  const existing = await db.selectFrom('profiles').select('id').where('email', '=', email).executeTakeFirst();
  if (existing) throw conflict('An account with this e-mail address exists already');
  const id = randomUUID();
  const now = new Date().toISOString();
  await db
    .insertInto('profiles')
    .values({
      id,
      email,
      password_hash: await hashPassword(account.password),
      first_name: first,
      last_name: last,
      verified: 0,
      created: now,
      last_modified: now,
      data: '{}',
    })
    .execute();
  return { id, email };
}

/** Checks a password; the same work is done for unknown e-mails so timing reveals nothing. */
export async function authenticateAccount(db: ServiceDb, email: string, password: string): Promise<string | undefined> {
  const row = await db.selectFrom('profiles').select(['id', 'password_hash']).where('email', '=', normaliseEmail(email)).executeTakeFirst();
  const ok = await verifyPassword(password, row?.password_hash ?? DUMMY_HASH);
  return row && ok ? row.id : undefined;
}

const DUMMY_HASH = 'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

export interface NewClient {
  name: string;
  redirectUris: string[];
  /** Public clients (desktop apps) have no secret and must use PKCE. */
  isPublic?: boolean;
  ownerProfileId?: string | null;
}

export const CLIENT_GRANTS = ['authorization_code', 'client_credentials', 'refresh_token', 'implicit'] as const;
/** What a confidential client may use unless an administrator enables more (the implicit grant). */
export const DEFAULT_CONFIDENTIAL_GRANTS = ['authorization_code', 'client_credentials', 'refresh_token'] as const;

export async function registerClient(db: ServiceDb, client: NewClient): Promise<{ id: string; secret?: string }> {
  const name = client.name.trim();
  if (!name || name.length > 255) throw badRequest('An application name of 1 to 255 characters is required');
  for (const uri of client.redirectUris) {
    let parsed: URL;
    try {
      parsed = new URL(uri);
    } catch {
      throw badRequest(`Redirect URI "${uri}" is not an absolute URL`);
    }
    if (parsed.hash) throw badRequest(`Redirect URI "${uri}" must not contain a fragment`);
  }
  const id = randomUUID();
  const secret = client.isPublic ? undefined : newSecret(24);
  const grants = client.isPublic ? ['authorization_code', 'refresh_token'] : [...DEFAULT_CONFIDENTIAL_GRANTS];
  await db
    .insertInto('oauth_clients')
    .values({
      id,
      name,
      secret_hash: secret ? sha256Hex(secret) : null,
      redirect_uris: JSON.stringify(client.redirectUris),
      grants: JSON.stringify(grants),
      owner_profile_id: client.ownerProfileId ?? null,
      created: new Date().toISOString(),
    })
    .execute();
  return { id, secret };
}
