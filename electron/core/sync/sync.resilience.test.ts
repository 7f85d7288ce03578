// Syncs that do not go smoothly: cancelled between pages, the service restarting in the
// middle, the access token expiring in the middle, a pull that would delete most of the
// library, and a group library shared by two users. Waits run on a manual clock (the one
// the core and the service take): a test moves time, it never sleeps.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { registerClient } from '../../../server/auth/accounts.ts';
import { startTestService, type TestService } from '../../../server/testing/testService.ts';
import { SyncAbortedError } from './retry.ts';
import { allDocumentIds, openDevice, type Device, type DeviceAuth } from './syncTesting.ts';
import { sqlOf } from '../replica/testing.ts';
import { createManualClock } from '../manualClock.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function service(overrides: Parameters<typeof startTestService>[0] = {}, options: Parameters<typeof startTestService>[1] = {}): Promise<TestService> {
  const s = await startTestService(overrides, options);
  cleanups.push(() => s.stop());
  return s;
}

function device(url: string, auth: string | DeviceAuth, options: Parameters<typeof openDevice>[2] = {}): Device {
  const d = openDevice(url, auth, options);
  cleanups.push(() => d.dispose());
  return d;
}

async function seed(d: Device, count: number, prefix = 'Seeded'): Promise<void> {
  sqlOf(d.replica).transaction(() => {
    for (let i = 0; i < count; i++) d.replica.createDocument({ title: `${prefix} ${i}`, type: 'journal', year: 1900 + i } as never);
  })();
  await d.sync();
  expect(d.replica.countOutbox()).toBe(0);
}

async function serverCount(s: TestService, token: string): Promise<number> {
  const response = await s.fetch('/documents?limit=1', { headers: { Authorization: `Bearer ${token}`, Accept: 'application/vnd.service-document.1+json' } });
  return Number(response.headers.get('x-service-count') ?? response.headers.get(s.ctx.headers.count));
}

describe('an interrupted sync', () => {
  it('resumes after a cancel between pages with no loss and no duplicates', async () => {
    const s = await service();
    const user = await s.createUser();
    await seed(device(s.url, user.token), 120);
    const b = device(s.url, user.token, { pageSize: 10 });
    const controller = new AbortController();
    b.engine.onStatus((status) => {
      if (status.progress?.phase === 'documents' && status.progress.done >= 30) controller.abort();
    });
    await expect(b.sync({ signal: controller.signal })).rejects.toBeInstanceOf(SyncAbortedError);
    const partial = allDocumentIds(b.replica).length;
    expect(partial).toBeGreaterThanOrEqual(30);
    expect(partial).toBeLessThan(120);
    expect(b.engine.status().state).toBe('idle');
    expect(b.replica.getWatermark('documents').modified).not.toBeNull();

    const report = await b.sync();
    expect(allDocumentIds(b.replica)).toHaveLength(120);
    // Resumed from the watermark: the pages already applied were not applied again.
    expect(report.pulled).toBeLessThanOrEqual(120 - partial + 1);
    expect(await serverCount(s, user.token)).toBe(120);
  });

  it('survives the service restarting mid-sync on the same data', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'refshelf-restart-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    let s = await startTestService({ dataDir });
    const port = Number(new URL(s.url).port);
    cleanups.push(() => s.stop());
    const user = await s.createUser();
    await seed(device(s.url, user.token), 100);
    const clock = createManualClock();
    // Every request waits while the service is going down, so the next one surely meets it stopped.
    let down = Promise.resolve();
    const b = device(s.url, {
      getAccessToken: async () => {
        await down;
        return user.token;
      },
    }, { pageSize: 10, clock });
    let restart: Promise<void> | undefined;
    let sawOffline = false;
    const restarting = new Promise<void>((restarted) => {
      b.engine.onStatus((status) => {
        if (status.state === 'offline') sawOffline = true;
        if (!restart && status.progress?.phase === 'documents' && status.progress.done >= 20) {
          const stopping = s.stop();
          down = stopping;
          restart = (async () => {
            await stopping;
            s = await startTestService({ dataDir, port });
          })();
          void restart.then(restarted);
        }
      });
    });
    const syncing = b.sync();
    // Time stands still (the retries wait) until the service is back; then it moves.
    await restarting;
    // The interrupted sync itself must succeed: its retries carry it across the restart.
    const report = await clock.settle(syncing);
    expect(sawOffline).toBe(true);
    expect(report.pulled).toBeGreaterThanOrEqual(100);
    expect(allDocumentIds(b.replica)).toHaveLength(100);
    expect(b.engine.status().state).toBe('idle');
  });

  it('reports offline when the service is unreachable, and recovers', async () => {
    const s = await service();
    const user = await s.createUser();
    const clock = createManualClock();
    const d = device('http://127.0.0.1:9', user.token, { clock });
    d.replica.createDocument({ title: 'Written offline', type: 'journal' } as never);
    await expect(clock.settle(d.sync())).rejects.toThrow();
    expect(d.engine.status()).toMatchObject({ state: 'offline', pendingChanges: 1 });
    const online = device(s.url, user.token);
    await online.sync();
    expect(online.engine.status().state).toBe('idle');
  });

  it('shows offline at the first unanswered request, while the run still tries again', async () => {
    const s = await service();
    const user = await s.createUser();
    const clock = createManualClock();
    const d = device('http://127.0.0.1:9', user.token, { clock });
    d.replica.createDocument({ title: 'Written offline', type: 'journal' } as never);
    // The run still going (its progress shown) when offline is: not only once it gave up.
    let offlineWhileTrying = false;
    d.engine.onStatus((status) => {
      if (status.state === 'offline' && status.progress) offlineWhileTrying = true;
    });
    await expect(clock.settle(d.sync())).rejects.toThrow();
    expect(offlineWhileTrying).toBe(true);
    expect(d.engine.status()).toMatchObject({ state: 'offline', pendingChanges: 1 });
  });

  it('refreshes an access token that expires mid-sync', async () => {
    // One clock for the service (token lifetimes) and the device.
    const clock = createManualClock(Date.now());
    const s = await service({ tokenLifetimeSeconds: 1 }, { now: () => clock.now() });
    const user = await s.createUser();
    const client = await registerClient(s.ctx.db, { name: 'desktop', redirectUris: ['http://127.0.0.1/callback'], isPublic: true });
    const issued = await s.ctx.tokens.issue(client.id, user.id, 'all', true);
    let access = issued.accessToken;
    let refresh = issued.refreshToken!;
    let refreshes = 0;
    const auth: DeviceAuth = {
      getAccessToken: async () => access,
      refreshAccessToken: async () => {
        refreshes++;
        const response = await fetch(`${s.url}/oauth/token`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refresh, client_id: client.id }),
        });
        if (!response.ok) throw new Error(`refresh failed: ${response.status} ${await response.text()}`);
        const body = (await response.json()) as { access_token: string; refresh_token?: string };
        access = body.access_token;
        if (body.refresh_token) refresh = body.refresh_token;
        return access;
      },
    };
    const a = device(s.url, auth, { pageSize: 10 });
    await seed(a, 60);
    const b = device(s.url, auth, { pageSize: 10, clock });
    let expired = false;
    b.engine.onStatus((status) => {
      if (!expired && status.progress?.phase === 'documents' && status.progress.done >= 20) {
        expired = true;
        // Between two pages, the token's lifetime passes.
        clock.advance(1_300);
      }
    });
    await clock.settle(b.sync());
    expect(expired).toBe(true);
    expect(refreshes).toBeGreaterThanOrEqual(1);
    expect(allDocumentIds(b.replica)).toHaveLength(60);
  });
});

describe('the mass-deletion guard', () => {
  it('holds back a pull deleting most of a library until the person answers', async () => {
    const s = await service();
    const user = await s.createUser();
    const a = device(s.url, user.token);
    const b = device(s.url, user.token);
    await seed(a, 40);
    await b.sync();
    expect(allDocumentIds(b.replica)).toHaveLength(40);

    const doomed = allDocumentIds(a.replica).slice(0, 25);
    for (const id of doomed) a.replica.deleteDocument(id);
    await a.sync();
    await b.sync();
    expect(b.engine.status()).toMatchObject({ state: 'waiting-confirmation', pendingDeletion: { count: 25, libraryTotal: 40 } });
    expect(allDocumentIds(b.replica)).toHaveLength(40);
    await b.sync(); // still held
    expect(allDocumentIds(b.replica)).toHaveLength(40);

    // No: the documents are kept, and put back on the service.
    b.engine.confirmDeletions(false);
    await b.sync();
    expect(b.replica.listDocuments({ limit: 100 })).toHaveLength(40);
    await a.sync();
    expect(a.replica.listDocuments({ limit: 100 })).toHaveLength(40);

    // Yes: the deletions are applied.
    for (const id of allDocumentIds(a.replica).slice(0, 30)) a.replica.deleteDocument(id);
    await a.sync();
    await b.sync();
    expect(b.engine.status().state).toBe('waiting-confirmation');
    b.engine.confirmDeletions(true);
    const report = await b.sync();
    expect(report.deleted).toBe(30);
    expect(allDocumentIds(b.replica)).toHaveLength(10);
    expect(b.engine.status().state).toBe('idle');
  });
});

describe('a group library', () => {
  it('is synced for every member, both ways', async () => {
    const s = await service();
    const alice = await s.createUser();
    const bob = await s.createUser();
    const groupId = randomUUID();
    const now = new Date().toISOString();
    await s.ctx.db.insertInto('groups').values({ id: groupId, name: 'Reading club', owning_profile_id: alice.id, access_level: 'private', created: now, last_modified: now, data: '{}' }).execute();
    await s.ctx.db.insertInto('group_members').values([
      { group_id: groupId, profile_id: alice.id, role: 'owner', joined: now },
      { group_id: groupId, profile_id: bob.id, role: 'normal', joined: now },
    ]).execute();
    const a = device(s.url, alice.token);
    const b = device(s.url, bob.token);
    await a.sync();
    expect(a.replica.listGroups().map((g) => g.id)).toEqual([groupId]);
    a.replica.createDocument({ title: 'Club paper', type: 'journal', group_id: groupId } as never);
    a.replica.createDocument({ title: 'Alice private', type: 'journal' } as never);
    await a.sync();
    await b.sync();
    const clubOnB = allDocumentIds(b.replica, groupId);
    expect(clubOnB).toHaveLength(1);
    expect(allDocumentIds(b.replica, null)).toHaveLength(0); // Alice's own library stays hers
    b.replica.updateDocument(clubOnB[0]!, { abstract: 'Bob read it' });
    b.replica.createAnnotation({ document_id: clubOnB[0]!, type: 'note', text: 'Bob notes', privacy_level: 'group' } as never);
    const folder = b.replica.createFolder({ name: 'Club folder', group_id: groupId });
    b.replica.addDocumentToFolder(folder.id, clubOnB[0]!);
    await b.sync();
    await a.sync();
    expect(a.replica.getDocument(clubOnB[0]!)?.abstract).toBe('Bob read it');
    expect(a.replica.listAnnotations(clubOnB[0]!).map((x) => x.text)).toEqual(['Bob notes']);
    const clubFolder = a.replica.folderTree(groupId);
    expect(clubFolder.map((f) => f.name)).toEqual(['Club folder']);
    expect(sqlOf(a.replica).prepare('SELECT document_id FROM folder_documents WHERE folder_id = ?').pluck().all(clubFolder[0]!.id)).toEqual(clubOnB);
  });
});
