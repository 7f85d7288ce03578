// Every route needs a token unless its config says `auth: 'none'`. A token is read from
// the Authorization header or, as the spec's FAQ shows, the access_token query parameter.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, unauthorized } from '../http/errors.ts';
import type { TokenCheck, TokenService } from './tokenService.ts';
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
    const admit = (checked: TokenCheck): Promise<void> | undefined => {
      if (!checked.ok) {
        if (checked.reason === 'expired') {
          throw unauthorized(EXPIRED_TOKEN_MESSAGE, {
            'WWW-Authenticate': `Bearer realm="${realm}", error="invalid_token", error_description="The access token expired"`,
          });
        }
        throw unauthorized('Invalid access token', { 'WWW-Authenticate': `Bearer realm="${realm}", error="invalid_token"` });
      }
      const counted = limiter?.count(hash);
      const finish = () => {
        request.auth = { clientId: checked.token.clientId, profileId: checked.token.profileId, scope: checked.token.scope };
        if (mode === 'user' && !checked.token.profileId) throw badRequest('No userid found in auth token');
      };
      if (counted) return counted.then(finish);
      finish();
      return undefined;
    };
    const cached = tokens.cachedCheck(hash);
    return cached ? admit(cached) : tokens.checkHash(hash).then(admit);
  }

  // A callback hook, not an async one: a request whose token is cached passes without a
  // promise (every hook's promise is a turn of the microtask queue on every request).
  app.addHook('onRequest', (request, _reply, done) => {
    let waiting: Promise<void> | undefined;
    try {
      waiting = authenticate(request);
    } catch (error) {
      done(error as Error);
      return;
    }
    if (waiting) waiting.then(() => done(), (error: Error) => done(error));
    else done();
  });
}

/** The caller's profile id on a route that requires a user (the hook guarantees it). */
export function userOf(request: FastifyRequest): string {
  const id = request.auth?.profileId;
  if (!id) throw badRequest('No userid found in auth token');
  return id;
}
