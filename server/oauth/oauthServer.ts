// The @node-oauth/oauth2-server instance, and the bridge between Fastify requests and the
// library's own Request/Response objects.
import OAuth2Server, { OAuthError, Request, Response } from '@node-oauth/oauth2-server';
import type { FastifyRequest } from 'fastify';
import type { ServiceContext } from '../context.ts';
import { createAuthorizeModel, createOAuthModel, type OAuthUser } from './oauthModel.ts';
import type { ValidAuthorization } from './authorizationRequest.ts';

export const AUTHORIZATION_CODE_LIFETIME_SECONDS = 600;
export const TOKEN_GRANTS = ['authorization_code', 'client_credentials', 'refresh_token'] as const;

export interface OAuthService {
  /** Runs the token endpoint; resolves to the issued token or rejects with an OAuthError. */
  token(request: FastifyRequest, body: Record<string, string>): Promise<OAuth2Server.Token>;
  /** Issues an authorization code for a checked request and a user; resolves to the redirect URL. */
  authorizationCodeRedirect(request: ValidAuthorization, profileId: string, headers: FastifyRequest['headers']): Promise<string>;
}

function plainHeaders(headers: FastifyRequest['headers']): Record<string, string> {
  const plain: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) plain[name] = Array.isArray(value) ? value.join(', ') : value;
  return plain;
}

export function createOAuthService(ctx: ServiceContext): OAuthService {
  const options = {
    model: createOAuthModel(ctx),
    accessTokenLifetime: ctx.config.tokenLifetimeSeconds,
    refreshTokenLifetime: ctx.config.refreshTokenLifetimeSeconds,
    authorizationCodeLifetime: AUTHORIZATION_CODE_LIFETIME_SECONDS,
    allowEmptyState: true,
    alwaysIssueNewRefreshToken: true,
    enablePlainPKCE: true,
    // The model decides: a public client authenticates with no secret (PKCE proves it),
    // a confidential one must always present its secret.
    requireClientAuthentication: { authorization_code: false, refresh_token: false, client_credentials: true },
  } satisfies OAuth2Server.ServerOptions & { enablePlainPKCE: boolean };
  const server = new OAuth2Server(options);
  const authorizeModel = createAuthorizeModel(ctx);

  return {
    token(request, body) {
      const oauthRequest = new Request({ headers: plainHeaders(request.headers), method: request.method, query: {}, body });
      return server.token(oauthRequest, new Response());
    },

    async authorizationCodeRedirect(checked, profileId, headers) {
      const { params } = checked;
      const body = {
        response_type: 'code',
        client_id: checked.client.id,
        redirect_uri: checked.redirectUri,
        scope: checked.scope,
        state: checked.state,
        code_challenge: params.code_challenge,
        code_challenge_method: params.code_challenge ? params.code_challenge_method : undefined,
      };
      const response = new Response();
      const user: OAuthUser = { id: profileId };
      await server.authorize(new Request({ headers: plainHeaders(headers), method: 'POST', query: {}, body }), response, {
        model: authorizeModel,
        authenticateHandler: { handle: async () => user },
      } as OAuth2Server.AuthorizeOptions);
      const location = response.get('location');
      if (!location) throw new Error('The authorization server produced no redirect');
      return location;
    },
  };
}

export { OAuthError };
