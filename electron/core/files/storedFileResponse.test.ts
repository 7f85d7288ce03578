import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterEach, describe, expect, it } from 'vitest';
import { createFileLinks, parseFileUrl } from './fileLinks.ts';
import { createFileStore } from './fileStore.ts';
import { storedFileResponse } from './storedFileResponse.ts';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

async function setup() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'refshelf-files-'));
  dirs.push(dir);
  const fileStore = createFileStore(dir);
  const stored = await fileStore.put(new TextEncoder().encode('%PDF-1.4 0123456789'));
  return { fileStore, stored };
}

describe('file links', () => {
  it('parse back in both styles and verify only their own token', () => {
    const sha1 = 'ab'.repeat(20);
    const browser = createFileLinks('browser');
    const desktop = createFileLinks('desktop');
    const b = parseFileUrl(browser.urlFor(sha1))!;
    const d = parseFileUrl(desktop.urlFor(sha1))!;
    expect(b.sha1).toBe(sha1);
    expect(d.sha1).toBe(sha1);
    expect(desktop.urlFor(sha1)).toMatch(/^refshelf-file:\/\/files\/a/);
    expect(browser.verify(sha1, b.token)).toBe(true);
    expect(browser.verify(sha1, d.token)).toBe(false); // another key: another run
    expect(browser.verify('cd'.repeat(20), b.token)).toBe(false);
    expect(parseFileUrl('/files/not-a-hash?token=x')).toBeUndefined();
  });
});

describe('storedFileResponse', () => {
  it('serves the bytes of a valid URL, whole or in a range', async () => {
    const { fileStore, stored } = await setup();
    const links = createFileLinks('browser');
    const url = links.urlFor(stored.sha1);
    const whole = await storedFileResponse({ fileStore, links }, { url });
    expect(whole.status).toBe(200);
    expect(whole.headers['Accept-Ranges']).toBe('bytes');
    expect(await text(whole.body!)).toBe('%PDF-1.4 0123456789');
    const part = await storedFileResponse({ fileStore, links }, { url, range: 'bytes=9-12' });
    expect(part.status).toBe(206);
    expect(part.headers['Content-Range']).toBe(`bytes 9-12/${stored.size}`);
    expect(await text(part.body!)).toBe('0123');
    expect((await storedFileResponse({ fileStore, links }, { url, range: 'bytes=500-' })).status).toBe(416);
  });

  it('refuses a wrong token, an unknown hash and other methods', async () => {
    const { fileStore, stored } = await setup();
    const links = createFileLinks('browser');
    const forged = `/files/${stored.sha1}?token=${'0'.repeat(64)}`;
    expect((await storedFileResponse({ fileStore, links }, { url: forged })).status).toBe(403);
    expect((await storedFileResponse({ fileStore, links }, { url: links.urlFor('ef'.repeat(20)) })).status).toBe(404);
    expect((await storedFileResponse({ fileStore, links }, { url: links.urlFor(stored.sha1), method: 'POST' })).status).toBe(405);
  });
});
