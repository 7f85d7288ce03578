// The storage model @node-oauth/oauth2-server calls, over our tables. Tokens and codes are
// stored only as SHA-256 hashes; tokens go through TokenService so check() accepts them.
import type {
  AuthorizationCode,
  AuthorizationCodeModel,
  ClientCredentialsModel,
  RefreshToken,
  RefreshTokenModel,
  Token,
  User,
} from '@node-oauth/oauth2-server';
import type { ServiceContext } from '../context.ts';
import { sha256Hex } from '../auth/secrets.ts';
import { authenticateClient, findClient, type OAuthClient } from './oauthClients.ts';
import { redirectUriMatches } from './redirectUris.ts';

/** The only scope the service knows; it grants everything the user can do. */
export const SCOPE_ALL = 'all';

export type OAuthModel = AuthorizationCodeModel & ClientCredentialsModel & RefreshTokenModel;

/** A signed-in user as the library carries it; client-credentials tokens act for no user. */
export interface OAuthUser extends User {
  id: string | null;
  /** The authorization the tokens about to be saved belong to (code or refreshed token). */
  familyId?: string | null;
}

function scopeList(scope: string): string[] {
  return scope.split(' ').filter(Boolean);
}

/** Model for the token endpoint: getClient authenticates the client. */
export function createOAuthModel(ctx: ServiceContext): OAuthModel {
  const { db, tokens } = ctx;
  return {
    async getClient(clientId: string, clientSecret: string | undefined) {
      return authenticateClient(db, clientId, clientSecret ?? undefined);
    },

    async validateScope(_user: User, _client, scope?: string[]) {
      if (!scope || scope.length === 0) return [SCOPE_ALL];
      return scope.every((s) => s === SCOPE_ALL) ? [SCOPE_ALL] : false;
    },

    async verifyScope(token: Token, scope: string[]) {
      const granted = token.scope ?? [];
      return scope.every((s) => granted.includes(s));
    },

    async validateRedirectUri(redirectUri: string, client) {
      return redirectUriMatches(redirectUri, (client as OAuthClient).redirectUris);
    },

    async saveToken(token: Token, client, user: User) {
      const scope = (token.scope ?? [SCOPE_ALL]).join(' ');
      const { id: profileId = null, familyId = null } = user as OAuthUser;
      // TokenService creates the random strings and the row; the library's own are dropped.
      const issued = await tokens.issue(client.id, profileId, scope, Boolean(token.refreshToken), familyId);
      return {
        accessToken: issued.accessToken,
        accessTokenExpiresAt: new Date(issued.accessExpiresAt),
        refreshToken: issued.refreshToken,
        refreshTokenExpiresAt: issued.refreshExpiresAt === undefined ? undefined : new Date(issued.refreshExpiresAt),
        scope: scopeList(scope),
        client,
        user,
      };
    },

    async getAccessToken(accessToken: string) {
      const checked = await tokens.check(accessToken);
      if (!checked.ok) return false;
      return {
        accessToken,
        accessTokenExpiresAt: new Date(checked.token.accessExpiresAt),
        scope: scopeList(checked.token.scope),
        client: { id: checked.token.clientId, grants: [] },
        user: { id: checked.token.profileId },
      };
    },

    async getUserFromClient() {
      // Client credentials act for the application itself: a user object with no id.
      const user: OAuthUser = { id: null };
      return user;
    },

    async saveAuthorizationCode(code, client, user: User) {
      const now = Date.now();
      await db.deleteFrom('oauth_codes').where('expires_at', '<', now).execute();
      await db
        .insertInto('oauth_codes')
        .values({
          code_hash: sha256Hex(code.authorizationCode),
          client_id: client.id,
          profile_id: String((user as OAuthUser).id),
          redirect_uri: code.redirectUri,
          scope: (code.scope ?? [SCOPE_ALL]).join(' '),
          expires_at: code.expiresAt.getTime(),
          code_challenge: code.codeChallenge ?? null,
          code_challenge_method: code.codeChallengeMethod ?? null,
        })
        .execute();
      return { ...code, client, user };
    },

    async getAuthorizationCode(authorizationCode: string) {
      const codeHash = sha256Hex(authorizationCode);
      const row = await db.selectFrom('oauth_codes').selectAll().where('code_hash', '=', codeHash).executeTakeFirst();
      if (!row) {
        // A replayed code: the tokens issued from it are revoked (RFC 6749 section 4.1.2).
        await tokens.revokeFamilyOfReplay(authorizationCode, 'authorization_code');
        return false;
      }
      const client = await findClient(db, row.client_id);
      if (!client) return false;
      const code: AuthorizationCode = {
        authorizationCode,
        expiresAt: new Date(Number(row.expires_at)),
        redirectUri: row.redirect_uri,
        scope: scopeList(row.scope),
        client,
        // The code's hash names the family of the tokens issued from it.
        user: { id: row.profile_id, familyId: codeHash } satisfies OAuthUser,
      };
      if (row.code_challenge) {
        code.codeChallenge = row.code_challenge;
        code.codeChallengeMethod = row.code_challenge_method ?? 'plain';
      }
      return code;
    },

    async revokeAuthorizationCode(code: AuthorizationCode) {
      // One DELETE decides which of two concurrent exchanges of a code wins.
      const codeHash = sha256Hex(code.authorizationCode);
      const result = await db.deleteFrom('oauth_codes').where('code_hash', '=', codeHash).executeTakeFirst();
      const won = Number(result.numDeletedRows) > 0;
      // The loser of a race is a replay too: whatever the winner gets is revoked with it.
      await tokens.rememberSpent(codeHash, 'authorization_code', codeHash);
      if (!won) await tokens.revokeFamily(codeHash);
      return won;
    },

    async getRefreshToken(refreshToken: string) {
      const found = await tokens.findRefresh(refreshToken);
      if (!found) {
        // A spent refresh token presented again: revoke the family (RFC 9700 section 4.14.2).
        await tokens.revokeFamilyOfReplay(refreshToken, 'refresh_token');
        return false;
      }
      if (!found.profileId) return false;
      const client = await findClient(db, found.clientId);
      if (!client) return false;
      const token: RefreshToken = {
        refreshToken,
        refreshTokenExpiresAt: found.refreshExpiresAt === null ? undefined : new Date(found.refreshExpiresAt),
        scope: scopeList(found.scope),
        client,
        user: { id: found.profileId, familyId: found.familyId } satisfies OAuthUser,
      };
      return token;
    },

    async revokeToken(token: RefreshToken | Token) {
      return token.refreshToken ? tokens.consumeRefresh(token.refreshToken) : false;
    },
  };
}

/** Model for the authorization endpoint: the client is looked up by id, no secret is sent there. */
export function createAuthorizeModel(ctx: ServiceContext): OAuthModel {
  return { ...createOAuthModel(ctx), getClient: async (clientId: string) => findClient(ctx.db, clientId) };
}
