// The token endpoint: client credentials, refresh rotation and the RFC 6749 error shapes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService, type TestUser } from '../testing/testService.ts';
import { registerClient } from '../auth/accounts.ts';
import { sha256Hex } from '../auth/secrets.ts';
import { basicAuth, tokenRequest } from './testBrowser.ts';

let service: TestService;
let user: TestUser;
let confidential: { id: string; secret: string };
let publicClient: { id: string };

beforeAll(async () => {
  service = await startTestService();
  user = await service.createUser();
  const c = await registerClient(service.ctx.db, { name: 'Importer', redirectUris: ['https://importer.example/cb'] });
  confidential = { id: c.id, secret: c.secret! };
  publicClient = await registerClient(service.ctx.db, { name: 'Desktop', redirectUris: ['http://127.0.0.1/cb'], isPublic: true });
});
afterAll(async () => service.stop());

const token = (fields: Record<string, string>, headers: Record<string, string> = {}) => service.fetch('/oauth/token', tokenRequest(fields, headers));

describe('client credentials grant', () => {
  it('issues an application token to a client authenticated with HTTP Basic', async () => {
    const response = await token({ grant_type: 'client_credentials' }, basicAuth(confidential.id, confidential.secret));
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual({ access_token: expect.any(String), token_type: 'bearer', expires_in: 3600, scope: 'all' });
    expect(await service.ctx.tokens.check(body.access_token)).toEqual({
      ok: true,
      token: expect.objectContaining({ clientId: confidential.id, profileId: null, scope: 'all' }),
    });
  });

  it('accepts client_id and client_secret in the form body', async () => {
    const response = await token({ grant_type: 'client_credentials', client_id: confidential.id, client_secret: confidential.secret, scope: 'all' });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.refresh_token).toBeUndefined();
    expect((await service.ctx.tokens.check(body.access_token)).ok).toBe(true);
  });

  it('answers a bad secret with 401, WWW-Authenticate: Basic realm="oauth" and invalid_client', async () => {
    for (const response of [
      await token({ grant_type: 'client_credentials' }, basicAuth(confidential.id, 'wrong')),
      await token({ grant_type: 'client_credentials', client_id: confidential.id, client_secret: 'wrong' }),
      await token({ grant_type: 'client_credentials', client_id: confidential.id }),
      await token({ grant_type: 'client_credentials' }),
      await token({ grant_type: 'client_credentials' }, basicAuth('00000000-0000-4000-8000-000000000000', 'x')),
    ]) {
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Basic realm="oauth"');
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.json()).toEqual({ error: 'invalid_client', error_description: expect.any(String) });
    }
  });

  it('is not available to a public client', async () => {
    const response = await token({ grant_type: 'client_credentials', client_id: publicClient.id });
    expect(response.status).toBe(401);
    expect((await response.json()).error).toBe('invalid_client');
  });

  it('refuses a scope other than "all"', async () => {
    const response = await token({ grant_type: 'client_credentials', scope: 'admin' }, basicAuth(confidential.id, confidential.secret));
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe('invalid_scope');
  });
});

describe('refresh token grant', () => {
  it('rotates the refresh token; replaying the old one revokes the whole family', async () => {
    const issued = await service.ctx.tokens.issue(confidential.id, user.id, 'all', true);
    const first = await token({ grant_type: 'refresh_token', refresh_token: issued.refreshToken! }, basicAuth(confidential.id, confidential.secret));
    expect(first.status).toBe(200);
    const body = await first.json();
    expect(body).toEqual({ access_token: expect.any(String), token_type: 'bearer', expires_in: 3600, refresh_token: expect.any(String), scope: 'all' });
    expect(body.refresh_token).not.toBe(issued.refreshToken);
    expect(await service.ctx.tokens.check(body.access_token)).toEqual({
      ok: true,
      token: expect.objectContaining({ clientId: confidential.id, profileId: user.id, scope: 'all' }),
    });
    const row = await service.ctx.db.selectFrom('oauth_tokens').select('refresh_hash').where('access_hash', '=', sha256Hex(body.access_token)).executeTakeFirstOrThrow();
    expect(row.refresh_hash).toBe(sha256Hex(body.refresh_token));

    const again = await token({ grant_type: 'refresh_token', refresh_token: issued.refreshToken! }, basicAuth(confidential.id, confidential.secret));
    expect(again.status).toBe(400);
    expect((await again.json()).error).toBe('invalid_grant');

    // The replay means the token leaked: the current pair is revoked too (RFC 9700 4.14.2).
    expect(await service.ctx.tokens.check(body.access_token)).toEqual({ ok: false, reason: 'invalid' });
    const next = await token({ grant_type: 'refresh_token', refresh_token: body.refresh_token }, basicAuth(confidential.id, confidential.secret));
    expect(next.status).toBe(400);
    expect((await next.json()).error).toBe('invalid_grant');
  });

  it('lets the current refresh token keep working while nobody replays an old one', async () => {
    const issued = await service.ctx.tokens.issue(confidential.id, user.id, 'all', true);
    let refreshToken = issued.refreshToken!;
    for (let i = 0; i < 3; i++) {
      const res = await token({ grant_type: 'refresh_token', refresh_token: refreshToken }, basicAuth(confidential.id, confidential.secret));
      expect(res.status).toBe(200);
      refreshToken = (await res.json()).refresh_token;
    }
  });

  it('lets a public client refresh without a secret', async () => {
    const issued = await service.ctx.tokens.issue(publicClient.id, user.id, 'all', true);
    const response = await token({ grant_type: 'refresh_token', refresh_token: issued.refreshToken!, client_id: publicClient.id });
    expect(response.status).toBe(200);
    expect((await response.json()).refresh_token).toEqual(expect.any(String));
  });

  it('requires a confidential client to authenticate', async () => {
    const issued = await service.ctx.tokens.issue(confidential.id, user.id, 'all', true);
    const response = await token({ grant_type: 'refresh_token', refresh_token: issued.refreshToken!, client_id: confidential.id });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Basic realm="oauth"');
  });

  it('refuses a refresh token of another client, or an expired one', async () => {
    const issued = await service.ctx.tokens.issue(publicClient.id, user.id, 'all', true);
    const other = await token({ grant_type: 'refresh_token', refresh_token: issued.refreshToken! }, basicAuth(confidential.id, confidential.secret));
    expect(other.status).toBe(400);
    expect((await other.json()).error).toBe('invalid_grant');

    const old = await service.ctx.tokens.issue(confidential.id, user.id, 'all', true);
    await service.ctx.db.updateTable('oauth_tokens').set({ refresh_expires_at: Date.now() - 1 }).where('refresh_hash', '=', sha256Hex(old.refreshToken!)).execute();
    const expired = await token({ grant_type: 'refresh_token', refresh_token: old.refreshToken! }, basicAuth(confidential.id, confidential.secret));
    expect(expired.status).toBe(400);
    expect((await expired.json()).error).toBe('invalid_grant');
  });
});

describe('request errors', () => {
  it('answers an unsupported grant type with 400 unsupported_grant_type', async () => {
    for (const grant of ['password', 'urn:ietf:params:oauth:grant-type:device_code', 'implicit']) {
      const response = await token({ grant_type: grant, username: user.email, password: user.password }, basicAuth(confidential.id, confidential.secret));
      expect(response.status).toBe(400);
      expect((await response.json()).error).toBe('unsupported_grant_type');
    }
  });

  it('answers a missing grant type, repeated parameters and a JSON body with invalid_request', async () => {
    const missing = await token({}, basicAuth(confidential.id, confidential.secret));
    expect(missing.status).toBe(400);
    expect((await missing.json()).error).toBe('invalid_request');

    const repeated = await service.fetch('/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...basicAuth(confidential.id, confidential.secret) },
      body: 'grant_type=client_credentials&grant_type=client_credentials',
    });
    expect(repeated.status).toBe(400);
    expect((await repeated.json()).error).toBe('invalid_request');

    const json = await service.fetch('/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...basicAuth(confidential.id, confidential.secret) },
      body: JSON.stringify({ grant_type: 'client_credentials' }),
    });
    expect(json.status).toBe(400);
    expect((await json.json()).error).toBe('invalid_request');
  });
});
