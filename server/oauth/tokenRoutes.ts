// POST /oauth/token: the token endpoint (RFC 6749 section 3.2), run by the library. Our
// part is the wire format existing clients expect: "bearer", expires_in of the configured
// lifetime, scope "all", and RFC 6749 error bodies with 401 + Basic realm="oauth" for any
// client authentication failure.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ServiceContext } from '../context.ts';
import { OAuthError, TOKEN_GRANTS, type OAuthService } from './oauthServer.ts';
import { repeatedFields, stringFields } from './forms.ts';
import { clientKeys, guessRefusal, recordFailedGuess, throttledMessage } from '../auth/throttle.ts';

interface TokenError {
  status: number;
  error: string;
  description: string;
}

export const INVALID_CODE_DESCRIPTION = 'Invalid access code';

/** Translates the library's errors into what clients of the real service see. */
function describeFailure(error: OAuthError, grantType: string | undefined): TokenError {
  const failure = { status: error.code, error: error.name, description: error.message };
  if (failure.error === 'invalid_client') return { ...failure, status: 401 };
  if (grantType === 'authorization_code') {
    if (failure.error === 'invalid_grant' && /authorization code/.test(failure.description)) {
      return { status: 400, error: 'invalid_grant', description: INVALID_CODE_DESCRIPTION };
    }
    // RFC 6749 section 5.2: a redirect URI that differs from the authorization request's is invalid_grant.
    if (/`redirect_uri` is invalid/.test(failure.description)) {
      return { status: 400, error: 'invalid_grant', description: 'redirect_uri does not match the one of the authorization request' };
    }
  }
  return failure;
}

/** The client named by HTTP Basic authentication or the form, before it is authenticated. */
export function clientIdOf(authorization: string | undefined, formClientId: string | undefined): string | undefined {
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization ?? '');
  if (basic) {
    const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    const name = colon < 0 ? decoded : decoded.slice(0, colon);
    try {
      return decodeURIComponent(name).slice(0, 200) || undefined;
    } catch {
      return name.slice(0, 200) || undefined;
    }
  }
  return formClientId?.slice(0, 200) || undefined;
}

function sendError(reply: FastifyReply, failure: TokenError): FastifyReply {
  if (failure.status === 401) reply.header('WWW-Authenticate', 'Basic realm="oauth"');
  return reply
    .code(failure.status)
    .header('Cache-Control', 'no-store')
    .header('Pragma', 'no-cache')
    .type('application/json; charset=utf-8')
    .send({ error: failure.error, error_description: failure.description });
}

export async function tokenRoutes(app: FastifyInstance, ctx: ServiceContext, oauth: OAuthService): Promise<void> {
  // Negotiation is skipped (html: true): token clients send all kinds of Accept headers,
  // and errors here must keep the RFC 6749 shape rather than the service's {message}.
  app.post('/oauth/token', { config: { auth: 'none', html: true } }, async (request, reply) => {
    const repeated = repeatedFields(request.body);
    if (repeated.length > 0) {
      return sendError(reply, { status: 400, error: 'invalid_request', description: `Parameter ${repeated[0]} must not be repeated` });
    }
    const body = stringFields(request.body);
    const grantType = body.grant_type;
    if (!grantType) return sendError(reply, { status: 400, error: 'invalid_request', description: 'Missing parameter: grant_type' });
    if (!(TOKEN_GRANTS as readonly string[]).includes(grantType)) {
      return sendError(reply, {
        status: 400,
        error: 'unsupported_grant_type',
        description: `Unsupported grant type "${grantType.slice(0, 100)}"; use ${TOKEN_GRANTS.join(', ')}`,
      });
    }

    // Secret guessing is slowed per client and per address before the secret is checked.
    const clientId = clientIdOf(request.headers.authorization, body.client_id);
    const keys = clientId ? clientKeys(clientId, request.ip) : undefined;
    const refusal = keys && (await guessRefusal(ctx.throttles, keys));
    if (refusal) {
      reply.header('Retry-After', String(refusal.retryAfterSeconds));
      return sendError(reply, { status: 429, error: 'temporarily_unavailable', description: throttledMessage('client authentications', refusal) });
    }

    try {
      const token = await oauth.token(request, body as Record<string, string>);
      const response: Record<string, unknown> = {
        access_token: token.accessToken,
        token_type: 'bearer',
        expires_in: ctx.config.tokenLifetimeSeconds,
      };
      if (token.refreshToken) response.refresh_token = token.refreshToken;
      response.scope = (token.scope ?? []).join(' ');
      return reply
        .code(200)
        .header('Cache-Control', 'no-store')
        .header('Pragma', 'no-cache')
        .type('application/json; charset=utf-8')
        .send(response);
    } catch (error) {
      if (error instanceof OAuthError && error.code < 500) {
        const failure = describeFailure(error, grantType);
        if (failure.error === 'invalid_client' && keys) await recordFailedGuess(ctx.throttles, keys);
        return sendError(reply, failure);
      }
      request.log.error({ err: error }, 'token endpoint failed');
      return sendError(reply, { status: 500, error: 'server_error', description: 'The token could not be issued' });
    }
  });
}
