// The verified-token cache every request reads: a revocation through the service takes
// effect at once; a token deleted behind its back (another instance whose bus message never
// arrived) is trusted at most for the cache's lifetime.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type OpenedDatabase } from '../storage/database.ts';
import { TokenService } from './tokenService.ts';
import { sha256Hex } from './secrets.ts';

let dir: string;
let database: OpenedDatabase;
const clock = { t: Date.UTC(2026, 10, 25, 3, 0, 0) };

beforeEach(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'token-cache-'));
  database = await openDatabase(dir);
});
afterEach(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('token cache', () => {
  it('answers a checked token without the database, and forgets a revoked one at once', async () => {
    const tokens = new TokenService(database.db, 3600, 3600, () => clock.t);
    const { accessToken } = await tokens.issue('client', null, 'all', false);
    const hash = sha256Hex(accessToken);
    expect(tokens.cachedCheck(hash)).toBeUndefined(); // never checked yet
    expect((await tokens.check(accessToken)).ok).toBe(true);
    expect(tokens.cachedCheck(hash)?.ok).toBe(true);
    await tokens.revokeAccess(accessToken);
    expect(tokens.cachedCheck(hash)).toBeUndefined();
    expect(await tokens.check(accessToken)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('trusts a token deleted behind its back for at most 30 seconds', async () => {
    const tokens = new TokenService(database.db, 3600, 3600, () => clock.t);
    const { accessToken } = await tokens.issue('client', null, 'all', false);
    expect((await tokens.check(accessToken)).ok).toBe(true);
    await database.db.deleteFrom('oauth_tokens').execute();
    clock.t += 30_000;
    expect((await tokens.check(accessToken)).ok).toBe(true);
    clock.t += 1;
    expect(tokens.cachedCheck(sha256Hex(accessToken))).toBeUndefined();
    expect(await tokens.check(accessToken)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('says expired from the cache once the token\'s lifetime is over', async () => {
    const tokens = new TokenService(database.db, 10, 3600, () => clock.t);
    const { accessToken } = await tokens.issue('client', null, 'all', false);
    expect((await tokens.check(accessToken)).ok).toBe(true);
    clock.t += 10_000;
    expect(tokens.cachedCheck(sha256Hex(accessToken))).toEqual({ ok: false, reason: 'expired' });
  });
});
