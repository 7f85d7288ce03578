// `npm run admin -- grant-submission-system NAME --client ID` as an administrator runs it, in
// a child process on the service's data directory: the named client then registers
// submissions under NAME, another client still cannot, and mistakes get a sentence.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService } from '../testing/testService.ts';
import { registerClient } from '../auth/accounts.ts';
import { datasetsClient } from '../datasets/datasetsTesting.ts';
import { openDatabase } from '../storage/database.ts';

const adminEntry = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'admin.ts');
let dataDir: string;

beforeAll(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'refshelf-admin-'));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function admin(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    // SQLite on purpose: the command works on the data directory it is given.
    const env = { ...process.env };
    delete env.SERVICE_DATABASE_URL;
    execFile(process.execPath, ['--import', 'tsx', adminEntry, ...args, '--data-dir', dataDir], { env }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

describe('npm run admin -- grant-submission-system', () => {
  it('grants a name to a client, which alone may then register submissions under it', async () => {
    const database = await openDatabase(dataDir, null);
    const journal = await registerClient(database.db, { name: 'journal', redirectUris: [] });
    const squatter = await registerClient(database.db, { name: 'self-registered', redirectUris: [] });
    await database.close();

    // One round of child processes (each loads the TypeScript sources: slow under load).
    const [granted, ...refused] = await Promise.all([
      admin('grant-submission-system', 'journal-z', '--client', journal.id),
      admin('grant-submission-system', '--client', journal.id),
      admin('grant-submission-system', 'journal-y', '--client', 'no-such-client'),
      admin('grant-submission-system', 'journal-y'),
    ]);
    expect(granted, granted!.stderr).toMatchObject({ code: 0 });
    expect(granted!.stdout).toContain(`journal-z is granted to client ${journal.id}`);
    expect(refused.map((r) => [r.code, r.stderr.trim()])).toEqual([
      [1, 'Error: Name the submission system: grant-submission-system NAME --client ID'],
      [1, 'Error: No client application with id no-such-client'],
      [1, 'Error: --client is required'],
    ]);

    const service = await startTestService({ dataDir, databaseUrl: null });
    try {
      const api = datasetsClient(service);
      const auth = async (clientId: string) => ({ Authorization: `Bearer ${(await service.ctx.tokens.issue(clientId, null, 'all', false)).accessToken}` });
      const submit = async (clientId: string, system: string) =>
        (await api.send('POST', `/datasets/submissions/${system}`, await auth(clientId), { id: 'S-1', owner: { email: 'a@example.org' } }, api.mt.submissionCreation, api.mt.submission)).status;
      expect(await submit(journal.id, 'journal-z')).toBe(201);
      expect(await submit(squatter.id, 'journal-z')).toBe(404);
      // A name nobody was granted is nobody's, however early one asks.
      expect(await submit(squatter.id, 'journal-y')).toBe(404);
    } finally {
      await service.stop();
    }
  }, 180_000);
});
