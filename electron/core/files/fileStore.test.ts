import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createFileStore, FileStoreError } from './fileStore.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function store() {
  const dir = mkdtempSync(path.join(tmpdir(), 'refshelf-store-'));
  dirs.push(dir);
  return { dir, files: createFileStore(path.join(dir, 'files')) };
}
const sha1 = (bytes: Buffer) => createHash('sha1').update(bytes).digest('hex');

describe('the content-addressed file store', () => {
  it('stores bytes, a file or a stream under their SHA-1 and reads them back', async () => {
    const { dir, files } = store();
    const bytes = Buffer.from('%PDF-1.7 some bytes');
    const fromBytes = await files.put(bytes);
    expect(fromBytes).toEqual({ sha1: sha1(bytes), size: bytes.length });
    expect(files.pathOf(fromBytes.sha1)).toBe(path.join(dir, 'files', fromBytes.sha1.slice(0, 2), fromBytes.sha1));
    expect(files.has(fromBytes.sha1)).toBe(true);
    expect((await files.read(fromBytes.sha1)).equals(bytes)).toBe(true);

    const onDisk = path.join(dir, 'import.pdf');
    const other = Buffer.alloc(200_000, 7);
    writeFileSync(onDisk, other);
    expect((await files.put({ path: onDisk })).sha1).toBe(sha1(other));
    expect((await files.put(Readable.from([other.subarray(0, 5), other.subarray(5)]))).sha1).toBe(sha1(other));
    // No temporary files are left behind.
    expect(readdirSync(path.join(dir, 'files', '.incoming'))).toEqual([]);
  });

  it('refuses bytes that do not match the expected hash, keeping nothing', async () => {
    const { dir, files } = store();
    await expect(files.put(Buffer.from('abc'), { expectedSha1: 'f'.repeat(40) })).rejects.toBeInstanceOf(FileStoreError);
    expect(files.has(sha1(Buffer.from('abc')))).toBe(false);
    expect(readdirSync(path.join(dir, 'files', '.incoming'))).toEqual([]);
    expect(() => files.pathOf('../../etc/passwd')).toThrow(FileStoreError);
  });

  it('removes bytes only when nothing needs them', async () => {
    const { files } = store();
    const { sha1: hash } = await files.put(Buffer.from('needed'));
    expect(await files.remove(hash, () => true)).toBe(false);
    expect(files.has(hash)).toBe(true);
    expect(await files.remove(hash, () => false)).toBe(true);
    expect(files.has(hash)).toBe(false);
    await expect(files.read(hash)).rejects.toBeInstanceOf(FileStoreError);
  });
});
