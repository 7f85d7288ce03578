// Access and refresh tokens: opaque random strings, stored as SHA-256 hashes. Verified
// tokens are cached in memory for a short while, because every request checks one.
import type { ServiceDb } from '../storage/database.ts';
import { newSecret, sha256Hex } from './secrets.ts';

export interface TokenRecord {
  clientId: string;
  profileId: string | null;
  scope: string;
  accessExpiresAt: number;
}

export interface IssuedTokens {
  accessToken: string;
  refreshToken?: string;
  accessExpiresAt: number;
  refreshExpiresAt?: number;
  scope: string;
}

export type TokenCheck = { ok: true; token: TokenRecord } | { ok: false; reason: 'invalid' | 'expired' };

const CACHE_TTL_MS = 30_000;
const CACHE_MAX = 10_000;

export class TokenService {
  private cache = new Map<string, { record: TokenRecord | null; cachedAt: number }>();

  constructor(
    private readonly db: ServiceDb,
    private readonly accessLifetimeSeconds: number,
    private readonly refreshLifetimeSeconds: number,
    private readonly now: () => number = Date.now,
  ) {}

  async issue(clientId: string, profileId: string | null, scope: string, withRefresh: boolean): Promise<IssuedTokens> {
    const accessToken = newSecret();
    const refreshToken = withRefresh ? newSecret() : undefined;
    const createdAt = this.now();
    const accessExpiresAt = createdAt + this.accessLifetimeSeconds * 1000;
    const refreshExpiresAt = refreshToken ? createdAt + this.refreshLifetimeSeconds * 1000 : undefined;
    await this.db
      .insertInto('oauth_tokens')
      .values({
        access_hash: sha256Hex(accessToken),
        refresh_hash: refreshToken ? sha256Hex(refreshToken) : null,
        client_id: clientId,
        profile_id: profileId,
        scope,
        access_expires_at: accessExpiresAt,
        refresh_expires_at: refreshExpiresAt ?? null,
        created_at: createdAt,
      })
      .execute();
    return { accessToken, refreshToken, accessExpiresAt, refreshExpiresAt, scope };
  }

  async check(accessToken: string): Promise<TokenCheck> {
    const hash = sha256Hex(accessToken);
    const now = this.now();
    let entry = this.cache.get(hash);
    if (!entry || now - entry.cachedAt > CACHE_TTL_MS) {
      const row = await this.db
        .selectFrom('oauth_tokens')
        .select(['client_id', 'profile_id', 'scope', 'access_expires_at'])
        .where('access_hash', '=', hash)
        .executeTakeFirst();
      const record = row
        ? { clientId: row.client_id, profileId: row.profile_id, scope: row.scope, accessExpiresAt: Number(row.access_expires_at) }
        : null;
      entry = { record, cachedAt: now };
      if (this.cache.size >= CACHE_MAX) this.cache.clear();
      this.cache.set(hash, entry);
    }
    if (!entry.record) return { ok: false, reason: 'invalid' };
    if (entry.record.accessExpiresAt <= now) return { ok: false, reason: 'expired' };
    return { ok: true, token: entry.record };
  }

  async findRefresh(refreshToken: string): Promise<(TokenRecord & { refreshExpiresAt: number | null }) | undefined> {
    const row = await this.db.selectFrom('oauth_tokens').selectAll().where('refresh_hash', '=', sha256Hex(refreshToken)).executeTakeFirst();
    if (!row) return undefined;
    return {
      clientId: row.client_id,
      profileId: row.profile_id,
      scope: row.scope,
      accessExpiresAt: Number(row.access_expires_at),
      refreshExpiresAt: row.refresh_expires_at === null ? null : Number(row.refresh_expires_at),
    };
  }

  async revokeRefresh(refreshToken: string): Promise<boolean> {
    const hash = sha256Hex(refreshToken);
    const row = await this.db.selectFrom('oauth_tokens').select('access_hash').where('refresh_hash', '=', hash).executeTakeFirst();
    if (!row) return false;
    await this.db.deleteFrom('oauth_tokens').where('refresh_hash', '=', hash).execute();
    this.cache.delete(row.access_hash);
    return true;
  }

  async revokeAccess(accessToken: string): Promise<void> {
    const hash = sha256Hex(accessToken);
    await this.db.deleteFrom('oauth_tokens').where('access_hash', '=', hash).execute();
    this.cache.delete(hash);
  }

  /**
   * Deletes the token row of a refresh token in one statement and says whether it existed,
   * so two concurrent refreshes with the same token cannot both succeed (rotation).
   */
  async consumeRefresh(refreshToken: string): Promise<boolean> {
    const row = await this.db
      .deleteFrom('oauth_tokens')
      .where('refresh_hash', '=', sha256Hex(refreshToken))
      .returning('access_hash')
      .executeTakeFirst();
    if (row) this.cache.delete(row.access_hash);
    return row !== undefined;
  }

  /** Forgets every token of a profile (password change, account removal). */
  async revokeAllFor(profileId: string): Promise<void> {
    await this.db.deleteFrom('oauth_tokens').where('profile_id', '=', profileId).execute();
    this.cache.clear();
  }
}
