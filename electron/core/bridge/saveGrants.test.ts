// Over a real core (embedded service, real replica): export commands write only to a path
// the save dialog answered, once; a path the renderer names itself is refused.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../core.ts';
import { dispatch } from './dispatch.ts';

let dir: string;
let core: Core;
let dialogAnswer: string | undefined;
const run = (command: string, request?: unknown) => dispatch(core.handlers, command, request);

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'refshelf-save-grants-'));
  core = await createCore({
    dataDir: path.join(dir, 'app'),
    openExternal: () => {},
    chooseSavePath: async () => dialogAnswer,
    serviceLogLevel: 'silent',
    syncIntervalMs: 60_000,
  });
  await core.start();
  await run('documents.create', { type: 'journal', title: 'Exported paper' });
});
afterAll(async () => {
  await core?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('export paths', () => {
  it('refuses a path the renderer names, and leaves the file there untouched', async () => {
    const victim = path.join(dir, '.bashrc');
    writeFileSync(victim, 'export PATH=$HOME/bin:$PATH\n');
    const answer = await run('export.bibliography', { format: 'bibtex', scope: { library: true }, path: victim });
    expect(answer).toMatchObject({ ok: false, error: { code: 'forbidden', field: 'path', message: 'Choose where to save the file in the save dialog first' } });
    expect(readFileSync(victim, 'utf8')).toBe('export PATH=$HOME/bin:$PATH\n');
    const pdf = await run('reader.exportAnnotatedPdf', { documentId: 'any', path: path.join(dir, 'made-up.pdf') });
    expect(pdf).toMatchObject({ ok: false, error: { code: 'forbidden', field: 'path' } });
    expect(existsSync(path.join(dir, 'made-up.pdf'))).toBe(false);
  });

  it('writes where the save dialog put it, once', async () => {
    dialogAnswer = path.join(dir, 'chosen.bib');
    const chosen = await run('app.chooseSavePath', { defaultName: 'library.bib', extensions: ['bib'] });
    expect(chosen).toEqual({ ok: true, value: { path: dialogAnswer } });
    const written = await run('export.bibliography', { format: 'bibtex', scope: { library: true }, path: dialogAnswer });
    expect(written).toMatchObject({ ok: true, value: { path: dialogAnswer, count: 1 } });
    expect(readFileSync(dialogAnswer, 'utf8')).toContain('Exported paper');
    const again = await run('export.bibliography', { format: 'ris', scope: { library: true }, path: dialogAnswer });
    expect(again).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });

  it('still answers an export without a path with its text (browser mode downloads it)', async () => {
    const text = await run('export.bibliography', { format: 'ris', scope: { library: true } });
    expect(text).toMatchObject({ ok: true, value: { count: 1, text: expect.stringContaining('Exported paper') } });
  });
});
