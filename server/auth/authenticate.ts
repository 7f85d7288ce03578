// Every route needs a token unless its config says `auth: 'none'`. A token is read from
// the Authorization header or, as the spec's FAQ shows, the access_token query parameter.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, unauthorized } from '../http/errors.ts';
import { requestStepHook } from '../http/requestStep.ts';
import type { TokenCheck, TokenRecord, TokenService } from './tokenService.ts';
import type { TokenRateLimiter } from './rateLimit.ts';
import { sha256Hex } from './secrets.ts';

export interface AuthContext {
  clientId: string;
  /** Null for client-credentials tokens, which act for an application, not a user. */
  profileId: string | null;
  scope: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'user' (default): a user's token; 'client': any valid token; 'optional'; 'none'. */
    auth?: 'user' | 'client' | 'optional' | 'none';
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export const EXPIRED_TOKEN_MESSAGE = 'Token has expired';

export function readBearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    return match?.[1];
  }
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = query?.access_token;
  return typeof fromQuery === 'string' && fromQuery ? fromQuery : undefined;
}

export function installAuthentication(app: FastifyInstance, tokens: TokenService, realm: string, limiter?: TokenRateLimiter): void {
  app.decorateRequest('auth', null);

  /** Sets request.auth or throws; answers a promise only when it has to wait (token not cached, limiter saving). */
  function authenticate(request: FastifyRequest): Promise<void> | undefined {
    const mode = request.routeOptions.config?.auth ?? 'user';
    if (mode === 'none' || !request.routeOptions.url) return undefined;
    const token = readBearerToken(request);
    if (!token) {
      if (mode === 'optional') return undefined;
      if (request.headers.authorization) throw unauthorized('Authorization header must be "Bearer <access token>"', { 'WWW-Authenticate': `Bearer realm="${realm}"` });
      throw unauthorized('Missing access token', { 'WWW-Authenticate': `Bearer realm="${realm}"` });
    }
    const hash = sha256Hex(token);
    const cached = tokens.cachedCheck(hash);
    if (cached) return admit(request, mode, hash, cached);
    return tokens.checkHash(hash).then((checked) => admit(request, mode, hash, checked));
  }

  /** After the token's check: 401 for a bad token, the limiter's count (429), then request.auth. */
  function admit(request: FastifyRequest, mode: string, hash: string, checked: TokenCheck): Promise<void> | undefined {
    if (!checked.ok) {
      if (checked.reason === 'expired') {
        throw unauthorized(EXPIRED_TOKEN_MESSAGE, {
          'WWW-Authenticate': `Bearer realm="${realm}", error="invalid_token", error_description="The access token expired"`,
        });
      }
      throw unauthorized('Invalid access token', { 'WWW-Authenticate': `Bearer realm="${realm}", error="invalid_token"` });
    }
    const counted = limiter?.count(hash);
    if (counted) return counted.then(() => setAuth(request, mode, checked.token));
    setAuth(request, mode, checked.token);
    return undefined;
  }

  // A request whose token is cached passes without a promise (requestStep.ts).
  app.addHook('onRequest', requestStepHook(authenticate));
}

function setAuth(request: FastifyRequest, mode: string, token: TokenRecord): void {
  request.auth = { clientId: token.clientId, profileId: token.profileId, scope: token.scope };
  if (mode === 'user' && !token.profileId) throw badRequest('No userid found in auth token');
}

/** The caller's profile id on a route that requires a user (the hook guarantees it). */
export function userOf(request: FastifyRequest): string {
  const id = request.auth?.profileId;
  if (!id) throw badRequest('No userid found in auth token');
  return id;
}
