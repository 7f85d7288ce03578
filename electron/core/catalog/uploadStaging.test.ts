import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { UploadStaging } from './uploadStaging.ts';

describe('UploadStaging', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'refshelf-staging-'));
    dirs.push(dir);
    return path.join(dir, 'uploads');
  };
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('assembles chunks in order into one file, and removes it when discarded', async () => {
    const staging = new UploadStaging(tempDir());
    const upload = staging.begin('data.csv', 6, 'text/csv');
    await staging.append(upload.id, 0, Buffer.from('abc').toString('base64'));
    await staging.append(upload.id, 3, Buffer.from('def').toString('base64'));
    const { blob } = await staging.blob(upload.id);
    expect(Buffer.from(await blob.arrayBuffer()).toString()).toBe('abcdef');
    expect(blob.type).toBe('text/csv');
    expect(readFileSync(upload.path, 'utf8')).toBe('abcdef');
    await staging.discard(upload.id);
    expect(existsSync(upload.path)).toBe(false);
  });

  it('removes what an earlier run left behind', () => {
    const dir = tempDir();
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'left-over.part'), 'x');
    new UploadStaging(dir);
    expect(existsSync(path.join(dir, 'left-over.part'))).toBe(false);
  });

  it('sends an empty file as an empty blob', async () => {
    const staging = new UploadStaging(tempDir());
    const upload = staging.begin('empty.txt', 0, undefined);
    const { blob } = await staging.blob(upload.id);
    expect(blob.size).toBe(0);
    expect(upload.mimeType).toBe('application/octet-stream');
  });
});
