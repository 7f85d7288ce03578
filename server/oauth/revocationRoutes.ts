// POST /oauth/revoke: token revocation (RFC 7009). The client authenticates as at the token
// endpoint (a confidential client with its secret, a public one by its client_id alone); a
// token it does not hold, or an unknown one, is answered 200 all the same (section 2.2).
// Revoking a refresh token revokes every token of its authorization; revoking an access
// token revokes it and the refresh token issued with it.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ServiceContext } from '../context.ts';
import { authenticateClient } from './oauthClients.ts';
import { clientIdOf } from './tokenRoutes.ts';
import { repeatedFields, stringFields } from './forms.ts';
import { clientKeys, guessRefusal, recordFailedGuess, throttledMessage } from '../auth/throttle.ts';

function oauthError(reply: FastifyReply, status: number, error: string, description: string): FastifyReply {
  if (status === 401) reply.header('WWW-Authenticate', 'Basic realm="oauth"');
  return reply.code(status).header('Cache-Control', 'no-store').type('application/json; charset=utf-8').send({ error, error_description: description });
}

function basicSecret(authorization: string | undefined): string | undefined {
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization ?? '');
  if (!basic) return undefined;
  const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  try {
    return decodeURIComponent(decoded.slice(colon + 1));
  } catch {
    return decoded.slice(colon + 1);
  }
}

export async function revocationRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  app.post('/oauth/revoke', { config: { auth: 'none', html: true } }, async (request, reply) => {
    const repeated = repeatedFields(request.body);
    if (repeated.length > 0) return oauthError(reply, 400, 'invalid_request', `Parameter ${repeated[0]} must not be repeated`);
    const body = stringFields(request.body);
    if (!body.token) return oauthError(reply, 400, 'invalid_request', 'Missing parameter: token');
    const clientId = clientIdOf(request.headers.authorization, body.client_id);
    if (!clientId) return oauthError(reply, 401, 'invalid_client', 'Client authentication failed: name the client (HTTP Basic or client_id)');
    const keys = clientKeys(clientId, request.ip);
    const refusal = await guessRefusal(ctx.throttles, keys);
    if (refusal) {
      reply.header('Retry-After', String(refusal.retryAfterSeconds));
      return oauthError(reply, 429, 'temporarily_unavailable', throttledMessage('client authentications', refusal));
    }
    const client = await authenticateClient(ctx.db, clientId, basicSecret(request.headers.authorization) ?? body.client_secret);
    if (!client) {
      await recordFailedGuess(ctx.throttles, keys);
      return oauthError(reply, 401, 'invalid_client', 'Client authentication failed');
    }
    const found = await ctx.tokens.findAny(body.token);
    if (found && found.clientId === client.id) {
      if (found.isRefresh && found.familyId) await ctx.tokens.revokeFamily(found.familyId);
      else await ctx.tokens.revokeRow(found.accessHash);
    }
    return reply.code(200).header('Cache-Control', 'no-store').send();
  });
}
