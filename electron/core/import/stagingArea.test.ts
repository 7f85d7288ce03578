import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createStagingArea, safeFileName } from './stagingArea.ts';

describe('the staging area for bytes without a path', () => {
  const dirs: string[] = [];
  const area = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'refshelf-staging-'));
    dirs.push(dir);
    return createStagingArea(path.join(dir, 'staging'));
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('writes chunks in order and answers the path with the last one', () => {
    const staging = area();
    const first = staging.write({ name: 'paper one.pdf', bytes: Buffer.from('%PDF-1.4 ') });
    expect(first.path).toBeUndefined();
    const done = staging.write({ token: first.token, name: 'paper one.pdf', bytes: Buffer.from('rest'), last: true });
    expect(path.basename(done.path!)).toBe('paper one.pdf');
    expect(readFileSync(done.path!, 'utf8')).toBe('%PDF-1.4 rest');
    expect(staging.contains(done.path!)).toBe(true);
    expect(() => staging.write({ token: first.token, name: 'x', bytes: Buffer.from('late') })).toThrow(/Unknown or finished/);
    staging.discard(done.path!);
    expect(existsSync(done.path!)).toBe(false);
  });

  it('refuses unknown tokens and paths outside, and keeps names to one safe segment', () => {
    const staging = area();
    expect(() => staging.write({ token: '../../etc', name: 'x', bytes: Buffer.from('') })).toThrow(/Unknown staging token/);
    expect(staging.contains('/etc/passwd')).toBe(false);
    expect(staging.contains(path.join(staging.root, '..', 'elsewhere'))).toBe(false);
    expect(safeFileName('../../evil/..\\name.pdf')).toBe('name.pdf');
    expect(safeFileName('...')).toBe('file');
  });
});
