// Token revocation (RFC 7009) over real HTTP: who may revoke, what goes with a token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService, type TestUser } from '../testing/testService.ts';
import { registerClient } from '../auth/accounts.ts';
import { basicAuth, tokenRequest } from './testBrowser.ts';

let service: TestService;
let user: TestUser;
let confidential: { id: string; secret: string };
let publicClient: { id: string };

beforeAll(async () => {
  service = await startTestService();
  user = await service.createUser();
  const c = await registerClient(service.ctx.db, { name: 'Web App', redirectUris: ['https://app.example.org/cb'] });
  confidential = { id: c.id, secret: c.secret! };
  publicClient = await registerClient(service.ctx.db, { name: 'Desktop', redirectUris: ['http://127.0.0.1/callback'], isPublic: true });
});
afterAll(async () => service.stop());

const revoke = (fields: Record<string, string>, headers: Record<string, string> = {}) => service.fetch('/oauth/revoke', tokenRequest(fields, headers));
const refresh = (refreshToken: string, headers: Record<string, string> = {}, extra: Record<string, string> = {}) =>
  service.fetch('/oauth/token', tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken, ...extra }, headers));

describe('POST /oauth/revoke', () => {
  it('revokes a refresh token with every token of its family', async () => {
    const issued = await service.ctx.tokens.issue(confidential.id, user.id, 'all', true);
    const rotated = await (await refresh(issued.refreshToken!, basicAuth(confidential.id, confidential.secret))).json();
    const response = await revoke({ token: rotated.refresh_token, token_type_hint: 'refresh_token' }, basicAuth(confidential.id, confidential.secret));
    expect(response.status).toBe(200);
    expect(await service.ctx.tokens.check(rotated.access_token)).toEqual({ ok: false, reason: 'invalid' });
    expect((await refresh(rotated.refresh_token, basicAuth(confidential.id, confidential.secret))).status).toBe(400);
  });

  it('revokes an access token (and the refresh token issued with it) for a public client naming itself', async () => {
    const issued = await service.ctx.tokens.issue(publicClient.id, user.id, 'all', true);
    const response = await revoke({ token: issued.accessToken, client_id: publicClient.id });
    expect(response.status).toBe(200);
    const me = await service.fetch('/profiles/me', { headers: { Authorization: `Bearer ${issued.accessToken}` } });
    expect(me.status).toBe(401);
    expect((await refresh(issued.refreshToken!, {}, { client_id: publicClient.id })).status).toBe(400);
  });

  it('answers 200 for an unknown token, and leaves another client\'s token alone', async () => {
    expect((await revoke({ token: 'no-such-token' }, basicAuth(confidential.id, confidential.secret))).status).toBe(200);
    const theirs = await service.ctx.tokens.issue(publicClient.id, user.id, 'all', true);
    expect((await revoke({ token: theirs.accessToken }, basicAuth(confidential.id, confidential.secret))).status).toBe(200);
    expect((await service.ctx.tokens.check(theirs.accessToken)).ok).toBe(true);
  });

  it('needs client authentication and the token parameter', async () => {
    const issued = await service.ctx.tokens.issue(confidential.id, user.id, 'all', true);
    const wrong = await revoke({ token: issued.accessToken }, basicAuth(confidential.id, 'wrong secret'));
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toBe('Basic realm="oauth"');
    expect((await wrong.json()).error).toBe('invalid_client');
    expect((await revoke({ token: issued.accessToken, client_id: confidential.id })).status).toBe(401);
    expect((await service.ctx.tokens.check(issued.accessToken)).ok).toBe(true);
    const missing = await revoke({}, basicAuth(confidential.id, confidential.secret));
    expect(missing.status).toBe(400);
    expect((await missing.json()).error).toBe('invalid_request');
  });
});
