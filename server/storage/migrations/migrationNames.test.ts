// Migration names cannot collide across branches: unique, NNNN- or YYYYMMDDHHMM- names in
// running order (Kysely runs them sorted by name), and every migration file is listed.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { migrationNameProblems } from '../../../shared/migrationNames.ts';
import { migrations } from './index.ts';

const folder = path.dirname(fileURLToPath(import.meta.url));

describe('service migration names', () => {
  it('are unique, named by number or UTC timestamp, and listed in the order they sort', () => {
    expect(migrationNameProblems(Object.keys(migrations))).toEqual([]);
  });

  it('name every migration file of the folder, each by its file name', () => {
    const files = readdirSync(folder).filter((f) => /^\d+-.*\.ts$/.test(f) && !f.endsWith('.test.ts')).map((f) => f.replace(/\.ts$/, ''));
    expect(Object.keys(migrations)).toEqual(files.sort());
  });
});
