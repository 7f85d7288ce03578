// The one staging area for bytes from the window: chunks in order into one file, every check
// (token, offset, announced size, limits) in one place, for the import and dataset uploads.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_CHUNK_BYTES, MAX_STAGED_BYTES, createStagingArea, safeFileName } from './stagingArea.ts';

describe('the staging area for bytes without a path', () => {
  const dirs: string[] = [];
  const root = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'refshelf-staging-'));
    dirs.push(dir);
    return path.join(dir, 'staging');
  };
  const area = () => createStagingArea(root());
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('appends chunks in order into one file under its own name, kept until discarded', async () => {
    const staging = area();
    const file = staging.begin('paper one.pdf');
    await staging.append(file.token, Buffer.from('%PDF-1.4 '));
    await staging.append(file.token, Buffer.from('rest'), 9);
    const done = await staging.finish(file.token);
    expect(path.basename(done.path)).toBe('paper one.pdf');
    expect(readFileSync(done.path, 'utf8')).toBe('%PDF-1.4 rest');
    expect(staging.contains(done.path)).toBe(true);
    await expect(staging.append(file.token, Buffer.from('late'))).rejects.toMatchObject({ code: 'not_found' });
    staging.discard(done.path);
    expect(existsSync(done.path)).toBe(false);
  });

  it('refuses a chunk at the wrong offset, more bytes than announced and a finish short of them', async () => {
    const staging = area();
    const file = staging.begin('data.csv', { size: 4, mimeType: 'text/csv' });
    await expect(staging.append(file.token, Buffer.from('ab'), 2)).rejects.toMatchObject({ code: 'state', field: 'offset' });
    await expect(staging.append(file.token, Buffer.from('abcde'), 0)).rejects.toMatchObject({ code: 'invalid' });
    await staging.append(file.token, Buffer.from('ab'), 0);
    await expect(staging.finish(file.token)).rejects.toMatchObject({ code: 'state' });
    await staging.append(file.token, Buffer.from('cd'), 2);
    const { blob } = await staging.blob(file.token);
    expect(Buffer.from(await blob.arrayBuffer()).toString()).toBe('abcd');
    expect(blob.type).toBe('text/csv');
  });

  it('checks what a file starts with, and holds every file and chunk to one limit', async () => {
    const staging = area();
    expect(() => staging.begin('')).toThrow(/1 to 255/);
    expect(() => staging.begin('x', { size: -1 })).toThrow(/whole number/);
    expect(() => staging.begin('x', { size: MAX_STAGED_BYTES + 1 })).toThrow(/cannot be sent here/);
    expect(() => staging.begin('x', { mimeType: 'not a type' })).toThrow(/type\/subtype/);
    const file = staging.begin('big.bin');
    await expect(staging.append(file.token, new Uint8Array(MAX_CHUNK_BYTES + 1))).rejects.toMatchObject({ code: 'invalid' });
  });

  it('sends an empty file as an empty blob', async () => {
    const staging = area();
    const file = staging.begin('empty.txt', { size: 0 });
    const { blob } = await staging.blob(file.token);
    expect(blob.size).toBe(0);
    expect(file.mimeType).toBe('application/octet-stream');
  });

  it('refuses unknown tokens and paths outside, and keeps names to one safe segment', async () => {
    const staging = area();
    await expect(staging.append('../../etc', Buffer.from(''))).rejects.toMatchObject({ code: 'not_found' });
    expect(staging.contains('/etc/passwd')).toBe(false);
    expect(staging.contains(path.join(staging.root, '..', 'elsewhere'))).toBe(false);
    staging.discard('/etc/passwd'); // not the area's: nothing happens
    expect(safeFileName('../../evil/..\\name.pdf')).toBe('name.pdf');
    expect(safeFileName('...')).toBe('file');
  });

  it('removes what an earlier run left behind a day ago, and nothing newer', () => {
    const dir = root();
    const old = path.join(dir, '00000000-0000-4000-8000-000000000000');
    const recent = path.join(dir, '00000000-0000-4000-8000-000000000001');
    for (const d of [old, recent]) {
      mkdirSync(d, { recursive: true });
      writeFileSync(path.join(d, 'left.part'), 'x');
    }
    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
    utimesSync(old, dayAgo, dayAgo);
    createStagingArea(dir);
    expect(existsSync(old)).toBe(false);
    expect(existsSync(recent)).toBe(true);
  });
});
