// Browser mode end to end: a real core serving its handlers over the loopback WebSocket,
// reached with the renderer's own bridge client (Node's ws as the WebSocket).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { WS_PROTOCOL, WS_SECRET_PROTOCOL_PREFIX, type BridgeEvents } from '../../../shared/bridge/contract.ts';
import { bridgeClient, connectWebSocketBridge, type WebSocketLike } from '../../../renderer/bridge/bridgeClient.ts';
import { createCore, type Core } from '../core.ts';
import type { BrowserServer } from './browserServer.ts';

let dataDir: string;
let core: Core;
let server: BrowserServer;

const factory = (origin: string) => (url: string, protocols: string[]) => new WebSocket(url, protocols, { origin }) as unknown as WebSocketLike;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'refshelf-browser-'));
  const rendererDir = path.join(dataDir, 'renderer');
  mkdirSync(path.join(rendererDir, 'assets'), { recursive: true });
  writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>RefShelf</title><script type="module" src="/assets/app.js"></script>');
  writeFileSync(path.join(rendererDir, 'assets', 'app.js'), 'console.log("hello")');
  writeFileSync(path.join(dataDir, 'outside.txt'), 'secret data');
  core = await createCore({ dataDir: path.join(dataDir, 'app'), rendererDir, openExternal: () => {}, serviceLogLevel: 'silent', syncIntervalMs: 60_000 });
  await core.start();
  server = await core.serveBrowser();
});
afterAll(async () => {
  await core?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Tries a raw upgrade and answers the HTTP status of a refusal, or 101. */
function upgradeStatus(headers: { protocols?: string[]; origin?: string; host?: string }): Promise<number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${server.origin.replace('http', 'ws')}/bridge`, headers.protocols ?? [], {
      origin: headers.origin, headers: headers.host ? { Host: headers.host } : {},
    });
    ws.on('open', () => {
      ws.close();
      resolve(101);
    });
    ws.on('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      ws.terminate();
    });
    ws.on('error', () => {});
  });
}

describe('the WebSocket bridge', () => {
  it('prints a page URL on 127.0.0.1 carrying the secret in its fragment', () => {
    expect(server.pageUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#secret=[0-9a-f]{48}$/);
  });

  it('runs commands and delivers events to the renderer client', async () => {
    const client = bridgeClient(await connectWebSocketBridge(server.origin, server.secret, factory(server.origin)));
    const changes: BridgeEvents['library.changed'][] = [];
    const off = client.on('library.changed', (payload) => changes.push(payload));

    const doc = await client.call('documents.create', { title: 'Over the socket', type: 'journal' });
    expect(doc.id).toMatch(/^local:/);
    expect((await client.call('documents.search', { text: 'socket' })).items.map((d) => d.id)).toEqual([doc.id]);
    expect(await client.call('account.status')).toMatchObject({ signedIn: true, embedded: true });
    await expect.poll(() => changes).toContainEqual({ kinds: ['document'], ids: [doc.id] });
    off();

    // Errors arrive as typed values with their message.
    const failed = await client.invoke('documents.get', { id: 'missing' });
    expect(failed).toEqual({ ok: false, error: { code: 'not_found', message: 'Document missing is not in the library' } });
    await expect(client.call('documents.create', { title: '' } as never)).rejects.toMatchObject({ name: 'BridgeCallError', code: 'invalid', error: { field: 'title' } });
    expect(await (client.invoke as unknown as (command: string) => Promise<unknown>)('nope')).toMatchObject({ ok: false, error: { code: 'unknown_command' } });
  });

  it('refuses a connection with a wrong or missing secret', async () => {
    expect(await upgradeStatus({ protocols: [WS_PROTOCOL, `${WS_SECRET_PROTOCOL_PREFIX}${'0'.repeat(48)}`], origin: server.origin })).toBe(401);
    expect(await upgradeStatus({ protocols: [WS_PROTOCOL], origin: server.origin })).toBe(401);
    expect(await upgradeStatus({ origin: server.origin })).toBe(401);
    await expect(connectWebSocketBridge(server.origin, 'wrong', factory(server.origin))).rejects.toMatchObject({ name: 'BridgeCallError' });
    // The right secret is let in, so the refusals above are about the secret.
    expect(await upgradeStatus({ protocols: [WS_PROTOCOL, `${WS_SECRET_PROTOCOL_PREFIX}${server.secret}`], origin: server.origin })).toBe(101);
  });

  it('refuses other origins and other Host names, even with the secret', async () => {
    const protocols = [WS_PROTOCOL, `${WS_SECRET_PROTOCOL_PREFIX}${server.secret}`];
    expect(await upgradeStatus({ protocols, origin: 'https://evil.example' })).toBe(403);
    expect(await upgradeStatus({ protocols, origin: 'http://127.0.0.1:1' })).toBe(403);
    expect(await upgradeStatus({ protocols })).toBe(403); // no Origin at all
    expect(await upgradeStatus({ protocols, origin: server.origin, host: 'rebound.example:80' })).toBe(421);
  });
});

describe('the renderer files', () => {
  it('serves the built renderer with the Content-Security-Policy, and client routes get index.html', async () => {
    const index = await fetch(`${server.origin}/`);
    expect(index.status).toBe(200);
    expect(index.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await index.text()).toContain('<title>RefShelf</title>');
    const script = await fetch(`${server.origin}/assets/app.js`);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await (await fetch(`${server.origin}/library/trash`)).text()).toContain('<title>RefShelf</title>');
    expect((await fetch(`${server.origin}/assets/missing.js`)).status).toBe(404);
  });

  it('never serves files outside the renderer directory', async () => {
    for (const probe of ['/../outside.txt', '/%2e%2e/outside.txt', '/assets/..%2f..%2foutside.txt']) {
      const response = await fetch(`${server.origin}${probe}`);
      expect(await response.text()).not.toContain('secret data');
    }
  });

  it('refuses requests for another Host name (DNS rebinding)', async () => {
    const http = await import('node:http');
    const status = await new Promise<number>((resolve) => {
      http.get(`${server.origin}/`, { headers: { Host: 'evil.example' } }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
    });
    expect(status).toBe(421);
  });
});
