// The sample open-access shelf: its records are open access in the catalog and offer their
// PDFs to every user; it loads once, and its profile cannot sign in.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService, type TestUser } from '../testing/testService.ts';
import { authenticateAccount } from '../auth/accounts.ts';
import { SAMPLE_SHELF_DIR, SAMPLE_SHELF_EMAIL, ensureSampleShelf } from './sampleShelf.ts';

let service: TestService;
let user: TestUser;

beforeAll(async () => {
  service = await startTestService();
  user = await service.createUser();
});
afterAll(async () => service.stop());

describe('sample open-access shelf', () => {
  it('is not loaded under the test runner unless asked for', async () => {
    expect(await ensureSampleShelf(service.ctx)).toEqual({ titles: [] });
  });

  it('makes open-access catalog documents whose PDF any user can list and download', async () => {
    const report = await ensureSampleShelf(service.ctx, { force: true });
    expect(report.titles).toEqual(['Approximating the Cox Model', 'Introduction to actuar']);
    const mt = service.ctx.mediaTypes;
    const search = await service.fetch('/search/catalog?title=Approximating%20Cox&open_access=true&view=all', { headers: { ...user.auth, Accept: mt.document } });
    const [record] = (await search.json()) as { id: string; title: string; file_attached: boolean; has_pdf: boolean; imported: boolean; reader_count: number }[];
    expect(record).toMatchObject({ title: 'Approximating the Cox Model', file_attached: true, has_pdf: true, imported: true, reader_count: 1 });

    const files = (await (await service.fetch(`/files?catalog_id=${record!.id}`, { headers: { ...user.auth, Accept: mt.file } })).json()) as { id: string; filehash: string; mime_type: string }[];
    const bytes = readFileSync(path.join(SAMPLE_SHELF_DIR, 'survival-approximate.pdf'));
    expect(files).toEqual([expect.objectContaining({ mime_type: 'application/pdf', filehash: createHash('sha1').update(bytes).digest('hex') })]);
    const download = await service.fetch(`/files/${files[0]!.id}`, { headers: user.auth, redirect: 'manual' });
    expect(download.status).toBe(303);
    expect(Buffer.from(await (await fetch(download.headers.get('location')!)).arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('loads once, and nobody signs in as its profile', async () => {
    expect(await ensureSampleShelf(service.ctx, { force: true })).toEqual({ titles: [] });
    const owners = await service.ctx.db.selectFrom('profiles').select('id').where('email', '=', SAMPLE_SHELF_EMAIL).execute();
    expect(owners).toHaveLength(1);
    const documents = await service.ctx.db.selectFrom('documents').select('id').where('profile_id', '=', owners[0]!.id).execute();
    expect(documents).toHaveLength(2);
    for (const password of ['', '!', 'password']) expect(await authenticateAccount(service.ctx.db, SAMPLE_SHELF_EMAIL, password)).toBeUndefined();
  });
});
