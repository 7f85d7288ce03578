import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { rendererIsStale } from './rendererBuild.ts';

function project(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'refshelf-renderer-build-'));
  for (const dir of ['renderer', 'shared', 'dist/renderer']) mkdirSync(path.join(root, dir), { recursive: true });
  writeFileSync(path.join(root, 'renderer', 'App.tsx'), 'x');
  writeFileSync(path.join(root, 'shared', 'vendor.ts'), 'x');
  return root;
}

const at = (file: string, seconds: number) => utimesSync(file, seconds, seconds);

describe('renderer build freshness', () => {
  it('builds when there is no build', () => {
    expect(rendererIsStale(project())).toBe(true);
  });
  it('keeps a build newer than every source', () => {
    const root = project();
    at(path.join(root, 'renderer', 'App.tsx'), 1000);
    at(path.join(root, 'shared', 'vendor.ts'), 1000);
    writeFileSync(path.join(root, 'dist', 'renderer', 'index.html'), '<html>');
    at(path.join(root, 'dist', 'renderer', 'index.html'), 2000);
    expect(rendererIsStale(root)).toBe(false);
  });
  it('rebuilds when a shared source changed after the build', () => {
    const root = project();
    writeFileSync(path.join(root, 'dist', 'renderer', 'index.html'), '<html>');
    at(path.join(root, 'dist', 'renderer', 'index.html'), 2000);
    at(path.join(root, 'renderer', 'App.tsx'), 1000);
    at(path.join(root, 'shared', 'vendor.ts'), 3000);
    expect(rendererIsStale(root)).toBe(true);
  });
});
