// Access and refresh tokens: opaque random strings, stored as SHA-256 hashes. Verified
// tokens are cached in memory for a short while, because every request checks one; a
// revocation is published on the instance bus, so every instance forgets the token at once
// rather than at the end of its cache lifetime.
import type { ServiceDb } from '../storage/database.ts';
import type { InstanceBus } from '../instances/instanceBus.ts';
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
    private readonly bus?: InstanceBus,
  ) {
    bus?.subscribe('tokens-forgotten', ({ accessHashes }) => {
      for (const hash of accessHashes) this.cache.delete(hash);
    });
  }

  /** Drops revoked tokens from this instance's cache and tells the other instances to. */
  private async forget(accessHashes: string[]): Promise<void> {
    for (const hash of accessHashes) this.cache.delete(hash);
    if (this.bus && accessHashes.length) await this.bus.publish('tokens-forgotten', { accessHashes });
  }

  /**
   * Issues a token (pair). `familyId` ties together every token of one authorization (its
   * code, then each refresh), so that a replayed code or refresh token revokes them all.
   */
  async issue(clientId: string, profileId: string | null, scope: string, withRefresh: boolean, familyId: string | null = null): Promise<IssuedTokens> {
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
        family_id: familyId ?? (refreshToken ? newSecret(16) : null),
      })
      .execute();
    return { accessToken, refreshToken, accessExpiresAt, refreshExpiresAt, scope };
  }

  async check(accessToken: string): Promise<TokenCheck> {
    return this.checkHash(sha256Hex(accessToken));
  }

  /**
   * The check of a token by its hash from the cache, without waiting, while its entry is
   * fresh (revocations delete entries at once, on every instance through the bus); else
   * undefined, and `checkHash` reads the database.
   */
  cachedCheck(accessHash: string): TokenCheck | undefined {
    const entry = this.cache.get(accessHash);
    const now = this.now();
    return entry && now - entry.cachedAt <= CACHE_TTL_MS ? verdict(entry.record, now) : undefined;
  }

  async checkHash(hash: string): Promise<TokenCheck> {
    const cached = this.cachedCheck(hash);
    if (cached) return cached;
    const row = await this.db
      .selectFrom('oauth_tokens')
      .select(['client_id', 'profile_id', 'scope', 'access_expires_at'])
      .where('access_hash', '=', hash)
      .executeTakeFirst();
    const record = row
      ? { clientId: row.client_id, profileId: row.profile_id, scope: row.scope, accessExpiresAt: Number(row.access_expires_at) }
      : null;
    const now = this.now();
    if (this.cache.size >= CACHE_MAX) this.cache.clear();
    this.cache.set(hash, { record, cachedAt: now });
    return verdict(record, now);
  }

  async findRefresh(refreshToken: string): Promise<(TokenRecord & { refreshExpiresAt: number | null; familyId: string | null }) | undefined> {
    const row = await this.db.selectFrom('oauth_tokens').selectAll().where('refresh_hash', '=', sha256Hex(refreshToken)).executeTakeFirst();
    if (!row) return undefined;
    return {
      clientId: row.client_id,
      profileId: row.profile_id,
      scope: row.scope,
      accessExpiresAt: Number(row.access_expires_at),
      refreshExpiresAt: row.refresh_expires_at === null ? null : Number(row.refresh_expires_at),
      familyId: row.family_id,
    };
  }

  async revokeRefresh(refreshToken: string): Promise<boolean> {
    const hash = sha256Hex(refreshToken);
    const row = await this.db.selectFrom('oauth_tokens').select('access_hash').where('refresh_hash', '=', hash).executeTakeFirst();
    if (!row) return false;
    await this.db.deleteFrom('oauth_tokens').where('refresh_hash', '=', hash).execute();
    await this.forget([row.access_hash]);
    return true;
  }

  async revokeAccess(accessToken: string): Promise<void> {
    const hash = sha256Hex(accessToken);
    await this.db.deleteFrom('oauth_tokens').where('access_hash', '=', hash).execute();
    await this.forget([hash]);
  }

  /**
   * Deletes the token row of a refresh token in one statement and says whether it existed,
   * so two concurrent refreshes with the same token cannot both succeed (rotation).
   */
  async consumeRefresh(refreshToken: string): Promise<boolean> {
    const hash = sha256Hex(refreshToken);
    const row = await this.db.deleteFrom('oauth_tokens').where('refresh_hash', '=', hash).returning(['access_hash', 'family_id']).executeTakeFirst();
    if (!row) return false;
    await this.forget([row.access_hash]);
    // Remember the spent token: presenting it again means it was stolen (or a client is
    // confused), and the whole family is revoked (RFC 9700 section 4.14.2).
    if (row.family_id) await this.rememberSpent(hash, 'refresh_token', row.family_id);
    return true;
  }

  /** Records a spent code or refresh token until no token of its family can outlive it. */
  async rememberSpent(secretHash: string, kind: 'refresh_token' | 'authorization_code', familyId: string): Promise<void> {
    const now = this.now();
    await this.db.deleteFrom('oauth_spent_secrets').where('expires_at', '<', now).execute();
    await this.db
      .insertInto('oauth_spent_secrets')
      .values({ secret_hash: secretHash, kind, family_id: familyId, expires_at: now + this.refreshLifetimeSeconds * 1000 })
      .onConflict((oc) => oc.column('secret_hash').doNothing())
      .execute();
  }

  /** If this code or refresh token was spent already, revokes its family; says whether it was. */
  async revokeFamilyOfReplay(secret: string, kind: 'refresh_token' | 'authorization_code'): Promise<boolean> {
    const spent = await this.db
      .selectFrom('oauth_spent_secrets')
      .select('family_id')
      .where('secret_hash', '=', sha256Hex(secret))
      .where('kind', '=', kind)
      .executeTakeFirst();
    if (!spent) return false;
    await this.revokeFamily(spent.family_id);
    return true;
  }

  /** Revokes every token of one authorization. */
  async revokeFamily(familyId: string): Promise<void> {
    const rows = await this.db.deleteFrom('oauth_tokens').where('family_id', '=', familyId).returning('access_hash').execute();
    await this.forget(rows.map((row) => row.access_hash));
  }

  /** The token row an access or refresh token belongs to, for revocation (RFC 7009). */
  async findAny(token: string): Promise<{ accessHash: string; clientId: string; familyId: string | null; isRefresh: boolean } | undefined> {
    const hash = sha256Hex(token);
    const row = await this.db
      .selectFrom('oauth_tokens')
      .select(['access_hash', 'refresh_hash', 'client_id', 'family_id'])
      .where((eb) => eb.or([eb('access_hash', '=', hash), eb('refresh_hash', '=', hash)]))
      .executeTakeFirst();
    if (!row) return undefined;
    return { accessHash: row.access_hash, clientId: row.client_id, familyId: row.family_id, isRefresh: row.refresh_hash === hash };
  }

  async revokeRow(accessHash: string): Promise<void> {
    await this.db.deleteFrom('oauth_tokens').where('access_hash', '=', accessHash).execute();
    await this.forget([accessHash]);
  }

  /** Forgets every token of a profile (password change, account removal). */
  async revokeAllFor(profileId: string): Promise<void> {
    const rows = await this.db.deleteFrom('oauth_tokens').where('profile_id', '=', profileId).returning('access_hash').execute();
    await this.forget(rows.map((row) => row.access_hash));
  }
}

function verdict(record: TokenRecord | null, now: number): TokenCheck {
  if (!record) return { ok: false, reason: 'invalid' };
  if (record.accessExpiresAt <= now) return { ok: false, reason: 'expired' };
  return { ok: true, token: record };
}
