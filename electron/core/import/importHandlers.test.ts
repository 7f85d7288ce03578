import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dispatch, type Handlers } from '../bridge/dispatch.ts';
import { importHandlers } from './importHandlers.ts';
import { testImporter } from './importTesting.ts';
import { sharedPdfReader } from '../../../shared/node/pdf/isolatedPdfReader.ts';

const fixture = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shared/node/pdf/fixtures/actuar-intro.pdf');

// PDFs are read in a worker thread that loads pdf.js once per test process (slow on a busy
// machine): wait for it here rather than inside the first test's time limit.
beforeAll(() => sharedPdfReader().ready(), 180_000);

describe('the import commands over the bridge', () => {
  let t: ReturnType<typeof testImporter>;
  afterEach(async () => {
    await t.dispose();
  });
  const run = (command: string, request?: unknown) => dispatch(importHandlers({ importer: t.importer, replica: t.replica }) as unknown as Handlers, command, request);

  it('refuses malformed requests with the field at fault', async () => {
    t = testImporter();
    expect(await run('import.paths', { paths: [] })).toMatchObject({ ok: false, error: { code: 'invalid', field: 'paths' } });
    expect(await run('import.paths', { paths: [fixture], folderId: 'nope' })).toMatchObject({ ok: false, error: { code: 'not_found', field: 'folderId' } });
    expect(await run('import.identifier', { identifier: 'hello' })).toMatchObject({ ok: false, error: { code: 'invalid', field: 'identifier' } });
    expect(await run('import.identifier', { identifier: '10.1145/5383.5384', duplicates: 'maybe' })).toMatchObject({ ok: false, error: { code: 'invalid', field: 'duplicates' } });
    expect(await run('import.resolveDuplicates', { decisions: [] })).toMatchObject({ ok: false, error: { code: 'invalid', field: 'decisions' } });
    expect(await run('import.resolveDuplicates', { decisions: [{ heldId: 'x', choice: 'keep both' }] })).toMatchObject({ ok: false, error: { code: 'invalid', field: 'decisions' } });
    expect(await run('import.resolveDuplicates', { decisions: [{ heldId: 'x', choice: 'skip' }] })).toMatchObject({ ok: true, value: [{ heldId: 'x', status: 'gone' }] });
    expect(await run('staging.write', { name: 'a.pdf', chunkBase64: 'not base64!' })).toMatchObject({ ok: false, error: { code: 'invalid', field: 'chunkBase64' } });
    expect(await run('export.bibliography', { format: 'csv', scope: { library: true } })).toMatchObject({ ok: false, error: { code: 'invalid', field: 'format' } });
    expect(await run('export.bibliography', { format: 'ris', scope: {} })).toMatchObject({ ok: false, error: { code: 'invalid', field: 'scope' } });
  });

  it('imports a file staged in chunks as a browser sends it, under its original name, and removes the staged copy', async () => {
    t = testImporter();
    const bytes = (await import('node:fs')).readFileSync(fixture);
    const half = Math.floor(bytes.length / 2);
    const first = await run('staging.write', { name: 'My Paper.pdf', chunkBase64: bytes.subarray(0, half).toString('base64') });
    const token = (first as { value: { token: string } }).value.token;
    // A chunk sent again (or one lost) is refused by its offset, and the file stays whole.
    expect(await run('staging.write', { token, name: 'My Paper.pdf', offset: 0, chunkBase64: bytes.subarray(0, half).toString('base64') }))
      .toMatchObject({ ok: false, error: { code: 'state', field: 'offset' } });
    const last = await run('staging.write', { token, name: 'My Paper.pdf', offset: half, chunkBase64: bytes.subarray(half).toString('base64'), last: true });
    const staged = (last as { value: { path: string } }).value.path;
    const report = await run('import.paths', { paths: [staged] });
    expect(report).toMatchObject({ ok: true, value: { files: [{ file: 'My Paper.pdf', status: 'imported' }] } });
    expect((await import('node:fs')).existsSync(staged)).toBe(false);
    const [document] = t.replica.listDocuments();
    expect(document!.title).toBe('Introduction to actuar');
  });
});
