// The bridge's handlers over a real core: a temp data directory, the embedded service
// started for real on a loopback port, its local user signed in without a browser.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BridgeEvents, EventName } from '../../shared/bridge/contract.ts';
import { createTokenVault } from './account/tokenVault.ts';
import { LOCAL_ACCOUNT_EMAIL } from './account/embeddedService.ts';
import { dispatch } from './bridge/dispatch.ts';
import { createCore, replicaFileFor, type Core } from './core.ts';
import { sharedPdfReader } from '../../shared/node/pdf/isolatedPdfReader.ts';

let dataDir: string;
let core: Core;
const events: { event: EventName; payload: unknown }[] = [];

const run = (command: string, request?: unknown) => dispatch(core.handlers, command, request);
async function value<T = unknown>(command: string, request?: unknown): Promise<T> {
  const result = await run(command, request);
  if (!result.ok) throw new Error(`${command} failed: ${result.error.code} ${result.error.message}`);
  return result.value as T;
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'refshelf-core-'));
  core = await createCore({ dataDir, openExternal: () => {}, serviceLogLevel: 'silent', syncDebounceMs: 50, syncIntervalMs: 60_000 });
  core.events.subscribe((event, payload) => events.push({ event, payload }));
  await core.start();
});
afterAll(async () => {
  await core?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

// PDFs are read in a worker thread that loads pdf.js once per test process (slow on a busy
// machine): wait for it here rather than inside the first test's time limit.
beforeAll(() => sharedPdfReader().ready(), 180_000);

describe('the embedded service', () => {
  it('runs on a loopback port with its data in <dataDir>/service, and the local user is signed in', async () => {
    expect(core.serviceUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(core.embedded?.service.ctx.config.dataDir).toBe(path.join(dataDir, 'service'));
    const status = await value<{ signedIn: boolean; embedded: boolean; profile?: { email?: string } }>('account.status');
    expect(status).toMatchObject({ signedIn: true, embedded: true, profile: { email: LOCAL_ACCOUNT_EMAIL } });
    expect(events.some((e) => e.event === 'account.changed' && (e.payload as BridgeEvents['account.changed']).signedIn)).toBe(true);

    const vault = createTokenVault(dataDir);
    expect(statSync(vault.file).mode & 0o777).toBe(0o600);
    const stored = vault.read();
    expect(stored.embedded?.password.length).toBeGreaterThanOrEqual(20);
    // The stored token is one the service accepts.
    const token = await core.account.getAccessToken();
    const me = await fetch(`${core.serviceUrl}/profiles/me`, { headers: { Authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect((await me.json()).email).toBe(LOCAL_ACCOUNT_EMAIL);
  });

  it('describes itself through app.info', async () => {
    expect(await value('app.info')).toMatchObject({ name: 'RefShelf', dataDir, serviceUrl: core.serviceUrl, embeddedService: true, tokenStorage: 'file' });
  });
});

describe('library commands over the replica', () => {
  it('creates, lists and searches documents, and announces the change', async () => {
    events.length = 0;
    const created = await value<{ id: string; title: string }>('documents.create', { title: 'Gödel, Escher, Bach', type: 'book', year: 1979 });
    expect(created.id).toMatch(/^local:/);
    await value('documents.create', { title: 'The Art of Computer Programming', type: 'book' });
    expect(events).toContainEqual({ event: 'library.changed', payload: { kinds: ['document'], ids: [created.id] } });

    const page = await value<{ items: { title: string }[]; total: number }>('documents.list', { sort: 'title' });
    expect(page.total).toBe(2);
    expect(page.items.map((d) => d.title)).toEqual(['The Art of Computer Programming', 'Gödel, Escher, Bach'].sort((a, b) => a.localeCompare(b)));

    const found = await value<{ items: { id: string }[]; total: number }>('documents.search', { text: 'godel esch' });
    expect(found).toEqual({ items: [expect.objectContaining({ id: created.id })], total: 1 });
    expect(await value('documents.get', { id: created.id })).toMatchObject({ title: 'Gödel, Escher, Bach', year: 1979 });
  });

  it('updates, trashes and restores through the handlers', async () => {
    const doc = await value<{ id: string }>('documents.create', { title: 'Draft' });
    expect(await value('documents.update', { id: doc.id, patch: { title: 'Final' } })).toMatchObject({ title: 'Final' });
    await value('documents.trash', { id: doc.id });
    expect((await value<{ total: number }>('documents.list', { trashed: true })).total).toBe(1);
    // The trash is read-only until the document is restored.
    expect(await run('documents.update', { id: doc.id, patch: { title: 'Edited in the trash' } })).toEqual({ ok: false, error: { code: 'invalid', message: 'This document is in the trash: restore it to edit it.' } });
    expect(await value('documents.get', { id: doc.id })).toMatchObject({ title: 'Final' });
    await value('documents.restore', { id: doc.id });
    expect((await value<{ total: number }>('documents.list', { trashed: true })).total).toBe(0);
  });

  it('runs folder and annotation commands', async () => {
    const doc = await value<{ id: string }>('documents.create', { title: 'Annotated' });
    const parent = await value<{ id: string }>('folders.create', { name: 'Reading' });
    const child = await value<{ id: string }>('folders.create', { name: 'Later' });
    await value('folders.move', { id: child.id, parentId: parent.id });
    await value('folders.addDocument', { folderId: child.id, documentId: doc.id });
    const tree = await value<{ id: string; children: { id: string }[] }[]>('folders.tree');
    expect(tree.find((f) => f.id === parent.id)?.children.map((c) => c.id)).toEqual([child.id]);
    expect((await value<{ total: number }>('documents.list', { folderId: child.id })).total).toBe(1);

    const note = await value<{ id: string }>('annotations.create', { document_id: doc.id, type: 'note', text: 'remember the lemma' });
    expect(await value('annotations.list', { documentId: doc.id })).toEqual([expect.objectContaining({ id: note.id, text: 'remember the lemma' })]);
    expect((await value<{ total: number }>('documents.search', { text: 'lemma' })).total).toBe(1);
  });
});

describe('errors cross the bridge as typed values', () => {
  it('carries the replica error code, message and field', async () => {
    const result = await run('documents.create', { title: '', type: 'book' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('invalid');
    expect(result.error.message.length).toBeGreaterThan(5);
    expect(result.error.field).toBe('title');
  });

  it('answers not_found, cycle, invalid requests and unknown commands', async () => {
    expect(await run('documents.get', { id: 'nope' })).toEqual({ ok: false, error: { code: 'not_found', message: 'Document nope is not in the library' } });
    const a = await value<{ id: string }>('folders.create', { name: 'A' });
    const b = await value<{ id: string }>('folders.create', { name: 'B', parent_id: a.id });
    expect(await run('folders.move', { id: a.id, parentId: b.id })).toMatchObject({ ok: false, error: { code: 'cycle' } });
    expect(await run('documents.get', 'not an object')).toMatchObject({ ok: false, error: { code: 'invalid' } });
    expect(await run('documents.list', { limit: 0 })).toMatchObject({ ok: false, error: { code: 'invalid', field: 'limit' } });
    expect(await run('fs.readFile', { path: '/etc/passwd' })).toMatchObject({ ok: false, error: { code: 'unknown_command' } });
    expect(await run('toString')).toMatchObject({ ok: false, error: { code: 'unknown_command' } });
    expect(await run('app.chooseFiles')).toMatchObject({ ok: false, error: { code: 'unsupported' } });
    expect(await run('app.chooseSavePath', { defaultName: 'copy.pdf' })).toMatchObject({ ok: false, error: { code: 'unsupported' } });
  });
});

describe('settings', () => {
  it('saves valid changes, refuses bad ones with the field, and says when a restart is needed', async () => {
    expect(await value('settings.get')).toEqual({ serviceUrl: null, clientId: null, downloadPolicy: 'on-open', theme: 'system' });
    expect(await value('settings.set', { theme: 'dark' })).toEqual({ settings: expect.objectContaining({ theme: 'dark' }), restartRequired: false });
    expect(await run('settings.set', { theme: 'purple' })).toMatchObject({ ok: false, error: { code: 'invalid', field: 'theme' } });
    expect(await run('settings.set', { serviceUrl: 'ftp://x' })).toMatchObject({ ok: false, error: { code: 'invalid', field: 'serviceUrl' } });
    const change = await value<{ restartRequired: boolean; settings: { serviceUrl: string } }>('settings.set', { serviceUrl: 'https://refshelf.example.org/' });
    expect(change).toMatchObject({ restartRequired: true, settings: { serviceUrl: 'https://refshelf.example.org' } });
    expect(events.some((e) => e.event === 'settings.changed')).toBe(true);
    await value('settings.set', { serviceUrl: null });
    expect(replicaFileFor(dataDir, null)).toBe(path.join(dataDir, 'library.sqlite'));
    expect(replicaFileFor(dataDir, 'https://a.example')).not.toBe(replicaFileFor(dataDir, 'https://b.example'));
  });
});

describe('sync through the bridge', () => {
  it('pushes local documents to the embedded service', async () => {
    const doc = await value<{ id: string }>('documents.create', { title: 'To be synced' });
    const status = await value<{ state: string; pendingChanges: number }>('sync.syncNow');
    expect(status.pendingChanges).toBe(0);
    const page = await value<{ items: { id: string; title: string }[] }>('documents.search', { text: 'synced' });
    const synced = page.items[0]!;
    expect(synced.id).not.toBe(doc.id); // the local id was remapped to the server's
    // ...and the window heard so, once.
    expect(events.filter((e) => e.event === 'ids.renamed' && (e.payload as BridgeEvents['ids.renamed']).oldId === doc.id))
      .toEqual([{ event: 'ids.renamed', payload: { kind: 'document', oldId: doc.id, newId: synced.id } }]);
    const token = await core.account.getAccessToken();
    const remote = await fetch(`${core.serviceUrl}/documents/${synced.id}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(remote.status).toBe(200);
    expect((await remote.json()).title).toBe('To be synced');
    expect(events.some((e) => e.event === 'sync.status')).toBe(true);
  });

  it('signs out (revoking the embedded tokens) and back in', async () => {
    const token = await core.account.getAccessToken();
    expect(await value('account.signOut')).toMatchObject({ signedIn: false });
    expect((await fetch(`${core.serviceUrl}/profiles/me`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(401);
    expect(await value('sync.status')).toMatchObject({ state: 'signed-out' });
    expect(await run('sync.syncNow')).toMatchObject({ ok: false, error: { code: 'signed_out' } });
    expect(await value('account.signIn')).toMatchObject({ signedIn: true, embedded: true });
  });
});

describe('a restart', () => {
  it('keeps the local account and the library: the account is created once', async () => {
    const before = createTokenVault(dataDir).read().embedded!;
    const docs = (await value<{ total: number }>('documents.list')).total;
    await core.stop();
    core = await createCore({ dataDir, openExternal: () => {}, serviceLogLevel: 'silent', syncIntervalMs: 60_000 });
    await core.start();
    expect(createTokenVault(dataDir).read().embedded).toEqual(before);
    expect(await value('account.status')).toMatchObject({ signedIn: true, profile: { id: before.profileId } });
    expect((await value<{ total: number }>('documents.list')).total).toBe(docs);
    const profiles = await core.embedded!.service.ctx.db.selectFrom('profiles').select('id').execute();
    expect(profiles).toHaveLength(1);
  });
});
