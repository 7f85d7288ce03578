// Abuse limits over real HTTP: password and secret guessing slowed then locked out, sign-ups
// per address, and the per-token request limit. The service's clock is injected, so time
// moves without waiting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../testing/testService.ts';
import { registerClient } from './accounts.ts';
import { basicAuth, formWithAction, TestBrowser, tokenRequest } from '../oauth/testBrowser.ts';

const clock = { t: Date.UTC(2026, 10, 24, 12) };
let service: TestService;

beforeAll(async () => {
  service = await startTestService({ signUpsPerAddressPerHour: 3, tokenRequestsPerMinute: 5, signInLockoutFailures: 8 }, { now: () => clock.t });
});
afterAll(async () => service.stop());

async function signInAttempt(browser: TestBrowser, email: string, password: string): Promise<Response> {
  const page = await browser.get('/oauth/signin');
  return browser.post('/oauth/signin', { ...formWithAction(await page.text(), '/oauth/signin').fields, email, password });
}

describe('sign-in throttling', () => {
  it('50 wrong passwords in a row: the first few are checked, then every attempt waits, even with the right password', async () => {
    const target = await service.createUser();
    const browser = new TestBrowser(service.url);
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++) statuses.push((await signInAttempt(browser, target.email, `wrong ${i}`)).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(new Set(statuses.slice(5))).toEqual(new Set([429]));
    const right = await signInAttempt(browser, target.email, target.password);
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await right.text()).toMatch(/Too many failed sign-in attempts: wait \d+ seconds? before the next attempt\./);
    // Once the delay has passed, the right password signs in and clears the count.
    clock.t += 2000;
    expect((await signInAttempt(browser, target.email, target.password)).status).toBe(303);
  });

  it('locks an account out after repeated failures spread over time, then lets it in after the lockout', async () => {
    const target = await service.createUser();
    const browser = new TestBrowser(service.url);
    for (let i = 0; i < 8; i++) {
      expect((await signInAttempt(browser, target.email, `wrong ${i}`)).status).toBe(401);
      clock.t += 61_000; // longer than the longest delay
    }
    const locked = await signInAttempt(browser, target.email, target.password);
    expect(locked.status).toBe(429);
    expect(await locked.text()).toMatch(/further attempts are blocked for 1[45] minutes/);
    clock.t += 15 * 60_000;
    expect((await signInAttempt(browser, target.email, target.password)).status).toBe(303);
  });
});

describe('client secret throttling at the token endpoint', () => {
  it('answers 429 with Retry-After after a few wrong secrets, even for the right one', async () => {
    const client = await registerClient(service.ctx.db, { name: 'guessed', redirectUris: [] });
    const attempt = (secret: string) => service.fetch('/oauth/token', tokenRequest({ grant_type: 'client_credentials' }, basicAuth(client.id, secret)));
    for (let i = 0; i < 5; i++) expect((await attempt(`wrong ${i}`)).status).toBe(401);
    const throttled = await attempt(client.secret!);
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toBe('1');
    expect(await throttled.json()).toEqual({ error: 'temporarily_unavailable', error_description: expect.stringMatching(/Too many failed client authentications/) });
    clock.t += 1000;
    expect((await attempt(client.secret!)).status).toBe(200);
  });
});

describe('sign-up throttling', () => {
  it('lets one address create a few accounts an hour, then says when to come back', async () => {
    const statuses: number[] = [];
    let last = '';
    for (let i = 0; i < 4; i++) {
      const browser = new TestBrowser(service.url);
      const page = await browser.get('/oauth/signup');
      const response = await browser.post('/oauth/signup', {
        ...formWithAction(await page.text(), '/oauth/signup').fields, first_name: 'S', last_name: `N${i}`, email: `signup${i}@example.org`, password: 'long enough password',
      });
      statuses.push(response.status);
      last = await response.text();
    }
    expect(statuses).toEqual([303, 303, 303, 429]);
    expect(last).toMatch(/Too many accounts were created from your network: try again in \d+ minutes\./);
    clock.t += 3601_000;
  });
});

describe('per-token rate limit', () => {
  it('answers 429 with Retry-After once a token spent its minute, for that token only', async () => {
    clock.t = Math.ceil(clock.t / 60_000) * 60_000 + 10_000; // 10 s into a window
    const user = await service.createUser(); // tokens issued now, on the moved clock
    const other = await service.createUser();
    for (let i = 0; i < 5; i++) expect((await service.fetch('/profiles/me', { headers: user.auth })).status).toBe(200);
    const limited = await service.fetch('/profiles/me', { headers: user.auth });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('50');
    expect(await limited.json()).toEqual({ message: expect.stringMatching(/^Too many requests with this access token: at most 5 a minute/) });
    expect((await service.fetch('/profiles/me', { headers: other.auth })).status).toBe(200);
    clock.t += 50_000;
    expect((await service.fetch('/profiles/me', { headers: user.auth })).status).toBe(200);
  });
});
