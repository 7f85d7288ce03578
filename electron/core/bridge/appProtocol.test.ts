import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_ORIGIN, createAppProtocolHandler } from './appProtocol.ts';
import { CONTENT_SECURITY_POLICY } from './contentSecurityPolicy.ts';

function renderer(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'refshelf-app-protocol-'));
  mkdirSync(path.join(dir, 'assets'));
  mkdirSync(path.join(dir, 'pdfjs', 'wasm'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>RefShelf</title>');
  writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(path.join(dir, 'pdfjs', 'wasm', 'openjpeg.wasm'), Buffer.from([0, 97, 115, 109]));
  writeFileSync(path.join(path.dirname(dir), 'secret.txt'), 'not for the renderer');
  return dir;
}

const get = (handler: (r: Request) => Promise<Response>, url: string, method = 'GET') => handler(new Request(url, { method }));

describe('the app:// protocol', () => {
  const handler = createAppProtocolHandler({ rendererDir: renderer() });

  it('serves the renderer with its policy, its type, and CORS for the app origin only', async () => {
    const page = await get(handler, `${APP_ORIGIN}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>RefShelf</title>');
    expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(page.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const script = await get(handler, `${APP_ORIGIN}/assets/app.js`);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    const wasm = await get(handler, `${APP_ORIGIN}/pdfjs/wasm/openjpeg.wasm`);
    expect(wasm.headers.get('content-type')).toBe('application/wasm');
    expect(new Uint8Array(await wasm.arrayBuffer())).toEqual(new Uint8Array([0, 97, 115, 109]));
  });

  it('answers a client-side route with the page, and a missing file with 404', async () => {
    expect(await (await get(handler, `${APP_ORIGIN}/library/recent`)).text()).toContain('RefShelf');
    expect((await get(handler, `${APP_ORIGIN}/assets/missing.js`)).status).toBe(404);
  });

  it('never serves a file outside the renderer, another host, or a write', async () => {
    expect((await get(handler, `${APP_ORIGIN}/..%2fsecret.txt`)).status).toBe(404);
    expect((await get(handler, `${APP_ORIGIN}/%2e%2e/secret.txt`)).status).toBe(404);
    expect((await get(handler, 'app://elsewhere/index.html')).status).toBe(404);
    expect((await get(handler, `${APP_ORIGIN}/index.html`, 'POST')).status).toBe(405);
  });

  it('answers HEAD without a body', async () => {
    const head = await get(handler, `${APP_ORIGIN}/index.html`, 'HEAD');
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });
});
