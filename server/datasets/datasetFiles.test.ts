// Signed download and view URLs of dataset files: the bytes, the disposition, expiry and tampering.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService, type TestUser } from '../testing/testService.ts';
import { datasetsClient, jsonOf, type Json } from './datasetsTesting.ts';
import { setDatasetClock } from './clock.ts';

let service: TestService;
let owner: TestUser;
let api: ReturnType<typeof datasetsClient>;
const bytes = Buffer.from(Array.from({ length: 3000 }, (_v, i) => (i * 7) % 256));
let published: Json;
let draft: Json;

beforeAll(async () => {
  service = await startTestService();
  owner = await service.createUser();
  api = datasetsClient(service);
  const ticket = await api.upload(owner, bytes, 'application/zip');
  draft = await api.createOk(owner, {
    name: 'Archive', description: 'zipped', categories: [{ label: 'Applied Sciences' }],
    files: [{ filename: 'field data 2024.zip', description: 'all of it', content_details: { id: ticket } }],
  });
  published = await api.publishOk(String(draft.id), owner);
});
afterAll(async () => service.stop());

const detailsOf = (dataset: Json) => ((dataset.files as Json[])[0]!.content_details as Json);

describe('dataset file URLs', () => {
  it('describes the content: hashes, type, size, status', () => {
    const details = detailsOf(published);
    expect(details).toMatchObject({
      sha256_hash: createHash('sha256').update(bytes).digest('hex'),
      content_type: 'application/zip',
      size: bytes.length,
      status: 'claimed',
    });
    expect(detailsOf(draft).sha1_hash).toBe(createHash('sha1').update(bytes).digest('hex'));
  });

  it('serves identical bytes as an attachment under the file name, without a token', async () => {
    const res = await fetch(String(detailsOf(published).download_url));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="field_data_2024.zip"');
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('serves the view URL inline and supports byte ranges', async () => {
    const view = await fetch(String(detailsOf(published).view_url));
    expect(view.status).toBe(200);
    expect(view.headers.get('content-disposition')).toMatch(/^inline;/);
    expect(Buffer.from(await view.arrayBuffer()).equals(bytes)).toBe(true);
    const part = await fetch(String(detailsOf(published).download_url), { headers: { Range: 'bytes=10-19' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(10, 20))).toBe(true);
  });

  it('works for the draft owner too', async () => {
    const res = await fetch(String(detailsOf(draft).download_url));
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('stops working after download_expiry_time', async () => {
    const details = detailsOf(await jsonOf(await api.get(`/datasets/${String(published.id)}`, owner.auth)));
    const expiry = Date.parse(String(details.download_expiry_time));
    expect(expiry).toBeGreaterThan(Date.now());
    expect(expiry).toBeLessThanOrEqual(Date.now() + service.ctx.config.downloadUrlLifetimeSeconds * 1000 + 1000);
    setDatasetClock(service.ctx, () => new Date(expiry + 2000));
    try {
      const res = await fetch(String(details.download_url));
      expect(res.status).toBe(403);
      expect((await jsonOf(res)).message).toContain('expired');
    } finally {
      setDatasetClock(service.ctx, undefined);
    }
    expect((await fetch(String(details.download_url))).status).toBe(200);
  });

  it('refuses tampered URLs and does not open library download paths', async () => {
    const url = new URL(String(detailsOf(published).download_url));
    const tampered = new URL(url);
    tampered.searchParams.set('disposition', 'inline');
    expect((await fetch(tampered)).status).toBe(403);
    const longer = new URL(url);
    longer.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    expect((await fetch(longer)).status).toBe(403);
    const incomplete = new URL(url);
    incomplete.searchParams.delete('signature');
    expect((await fetch(incomplete)).status).toBe(403);
    const asLibrary = new URL(url);
    asLibrary.pathname = asLibrary.pathname.replace('/downloads/dataset-files/', '/downloads/files/');
    expect([403, 404]).toContain((await fetch(asLibrary)).status);
  });
});
