// (b) The packaged renderer, read from app.asar and served by the app:// protocol handler's
// own code (on a loopback origin, since Chromium here is not Electron), in Chromium: the CSP
// is in force, and pdf.js, opened as the reader opens it, runs its worker off the main
// thread and renders a PDF's CJK text (cMaps) and JPEG 2000 image (wasm decoder).
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { extractFile, listPackage } from '@electron/asar';
import { chromium, type Browser, type Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAppProtocolHandler } from '../../electron/core/bridge/appProtocol.ts';
import { CONTENT_SECURITY_POLICY } from '../../electron/core/bridge/contentSecurityPolicy.ts';
import { FIXTURE_LAYOUT, FIXTURE_PATH, FIXTURE_TEXT } from './fixtures/makeCjkJpxPdf.ts';
import { TEST_CHROMIUM_ARGS, TEST_CHROMIUM_PATH } from '../testChromium.ts';

const built = inject('testPackage');
const FIXTURE_URL = '/test-fixture/cjk-jpx.pdf';
const RENDER_SCRIPT_URL = '/test-fixture/render.mjs';
const RENDER_SCRIPT = path.join(import.meta.dirname, 'fixtures', 'renderFixture.mjs');
interface Rendered {
  text: string;
  imageTop: number[];
  imageBand: number[];
  inked: number;
  workerSrc: string;
}
let server: Server;
let origin: string;
let browser: Browser;

/** Serves the packaged renderer through the app protocol handler; the test PDF beside it. */
async function serveRenderer(): Promise<void> {
  const rendererDir = path.join(built.asarPath, 'dist', 'renderer');
  const readAsset = async (file: string) => {
    try {
      return extractFile(built.asarPath, path.relative(built.asarPath, file));
    } catch {
      return undefined;
    }
  };
  const serving: { handler?: (request: Request) => Promise<Response> } = {};
  server = createServer((request, response) => {
    if (request.url === FIXTURE_URL) {
      response.writeHead(200, { 'Content-Type': 'application/pdf' }).end(readFileSync(FIXTURE_PATH));
      return;
    }
    if (request.url?.startsWith(`${RENDER_SCRIPT_URL}?`)) {
      response.writeHead(200, { 'Content-Type': 'text/javascript' }).end(readFileSync(RENDER_SCRIPT));
      return;
    }
    void serving.handler!(new Request(new URL(request.url ?? '/', origin), { method: request.method })).then(async (answer) => {
      response.writeHead(answer.status, Object.fromEntries(answer.headers));
      response.end(Buffer.from(await answer.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  serving.handler = createAppProtocolHandler({ rendererDir, origin, readAsset });
}

beforeAll(async () => {
  await serveRenderer();
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? TEST_CHROMIUM_PATH,
    args: [...TEST_CHROMIUM_ARGS],
  });
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

async function openPackagedPage(): Promise<{ page: Page; status: number; csp: string | undefined }> {
  const page = await browser.newPage();
  const response = await page.goto(`${origin}/`);
  return { page, status: response!.status(), csp: response!.headers()['content-security-policy'] };
}

describe('the packaged renderer', () => {
  it('is sent with its CSP, carries it as a meta tag, and refuses an inline script', async () => {
    const { page, status, csp } = await openPackagedPage();
    expect(status).toBe(200);
    expect(csp).toBe(CONTENT_SECURITY_POLICY);
    const meta = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
    expect(meta).toContain("script-src 'self' 'wasm-unsafe-eval'");
    const outcome = await page.evaluate(() => new Promise<{ ran: boolean; violated: string }>((resolve) => {
      document.addEventListener('securitypolicyviolation', (event) => resolve({ ran: 'inlineRan' in window, violated: event.effectiveDirective }), { once: true });
      const script = document.createElement('script');
      script.textContent = 'window.inlineRan = true';
      document.head.append(script);
    }));
    expect(outcome).toEqual({ ran: false, violated: 'script-src-elem' });
    await page.close();
  });

  it("renders a PDF's CJK text and JPEG 2000 image with pdf.js from the package, its worker off the main thread", async () => {
    const { page } = await openPackagedPage();
    const runtimeChunk = listPackage(built.asarPath, { isPack: false })
      .map((file) => file.split(path.sep).join('/'))
      .find((file) => /^\/dist\/renderer\/assets\/pdfJsRuntime-[\w-]+\.js$/.test(file))!;
    const consoleLines: string[] = [];
    page.on('console', (message) => consoleLines.push(message.text()));
    const workerStarted = page.waitForEvent('worker');
    const chunk = runtimeChunk.replace('/dist/renderer/', '/');
    await page.addScriptTag({ url: `${RENDER_SCRIPT_URL}?chunk=${encodeURIComponent(chunk)}&pdf=${encodeURIComponent(FIXTURE_URL)}`, type: 'module' });
    await page.waitForFunction(() => 'renderFixture' in window);
    const rendered = await page.evaluate((layout) => (window as unknown as { renderFixture: (l: unknown) => Promise<Rendered> }).renderFixture(layout), FIXTURE_LAYOUT);
    const worker = await workerStarted;
    expect(worker.url()).toMatch(/\/assets\/pdf\.worker\.min-[\w-]+\.mjs$/);
    expect(new URL(rendered.workerSrc, origin).href).toBe(worker.url());
    expect(consoleLines.filter((line) => /fake worker|cMapUrl|wasmUrl|Unable to decode image|JpxError/i.test(line))).toEqual([]);
    expect(rendered.text.replace(/\s/g, '')).toBe(FIXTURE_TEXT);
    expect(rendered.inked).toBeGreaterThan(50);
    const [r, g, b] = rendered.imageTop;
    expect(r).toBeGreaterThan(180); // the red square
    expect(g! + b!).toBeLessThan(140);
    const [r2, , b2] = rendered.imageBand;
    expect(b2).toBeGreaterThan(150); // the blue band
    expect(r2).toBeLessThan(90);
    await page.close();
  });
});
