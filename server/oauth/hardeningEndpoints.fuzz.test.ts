// The endpoints added for hardening (revocation, e-mail links, password pages, account
// page, token display) under malformed and hostile input: never a 5xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../testing/testService.ts';
import { TestBrowser } from './testBrowser.ts';

let service: TestService;

beforeAll(async () => {
  service = await startTestService();
});
afterAll(async () => service.stop());

const nasty = ['', 'a', '.', '..', 'x.y.z', '%00', '\u0000', 'é'.repeat(5000), 'A'.repeat(3000) + '.' + 'B'.repeat(50), '{"a":1}', '[]', 'eyJhIjoxfQ.sig'];

describe('hardening endpoints never answer 5xx', () => {
  it('GET links with any token', async () => {
    for (const path of ['/oauth/verify-email', '/oauth/reset-password']) {
      for (const token of nasty) {
        const res = await service.fetch(`${path}?token=${encodeURIComponent(token)}`);
        expect(res.status, `${path} ${token.slice(0, 20)}`).toBeLessThan(500);
      }
      for (const raw of ['%ED%A0%80', '%FF', '%']) {
        const res = await service.fetch(`${path}?token=${raw}`);
        expect(res.status, `${path} ${raw}`).toBeLessThan(500);
      }
      const repeated = await service.fetch(`${path}?token=a&token=b`);
      expect(repeated.status).toBeLessThan(500);
    }
  });

  it('POST forms with any body, signed in or not', async () => {
    const user = await service.createUser();
    const signedIn = new TestBrowser(service.url);
    await signedIn.signIn(user.email, user.password);
    const bodies: [string, string][] = [
      ['application/x-www-form-urlencoded', 'token=a&token=b&new_password=x&csrf_token=y'],
      ['application/x-www-form-urlencoded', '%%%'],
      ['application/json', '{"token": ["a"], "email": 5}'],
      ['application/json', 'not json'],
      ['text/plain', 'hello'],
    ];
    const paths = ['/oauth/revoke', '/oauth/forgot-password', '/oauth/reset-password', '/oauth/account/verification', '/oauth/account/password', '/oauth/token-display'];
    for (const browser of [new TestBrowser(service.url), signedIn]) {
      for (const path of paths) {
        for (const [type, body] of bodies) {
          const res = await browser.request(path, { method: 'POST', headers: { 'content-type': type }, body });
          expect(res.status, `${path} ${type} ${body}`).toBeLessThan(500);
        }
      }
    }
  });

  it('revocation with hostile client authentication', async () => {
    for (const authorization of ['Basic', 'Basic !!!', `Basic ${Buffer.from('%E0%A4%A:x').toString('base64')}`, `Basic ${Buffer.from(':').toString('base64')}`, 'Bearer x']) {
      const res = await service.fetch('/oauth/revoke', { method: 'POST', headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' }, body: 'token=abc' });
      expect(res.status, authorization).toBeLessThan(500);
    }
  });
});
