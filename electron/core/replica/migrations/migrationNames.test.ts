// Migration names cannot collide across branches: unique, NNNN- or YYYYMMDDHHMM- names in
// running order, and every migration file in this folder is listed.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { migrationNameProblems } from '../../../../shared/migrationNames.ts';
import { migrations } from './index.ts';

const folder = path.dirname(fileURLToPath(import.meta.url));

describe('replica migration names', () => {
  it('are unique, named by number or UTC timestamp, and listed in the order they sort', () => {
    expect(migrationNameProblems(migrations.map((m) => m.name))).toEqual([]);
  });

  it('name every migration file of the folder, once', () => {
    const files = readdirSync(folder).filter((f) => /^\d+-.*\.ts$/.test(f) && !f.endsWith('.test.ts')).map((f) => f.replace(/\.ts$/, ''));
    expect(migrations.map((m) => m.name)).toEqual(files.sort());
  });

  it('a name check catches a taken name, a bare number and an order that is not the sort order', () => {
    expect(migrationNameProblems(['0001-initial', '202611240415-idempotency-keys'])).toEqual([]);
    expect(migrationNameProblems(['0001-a', '0001-a'])).toHaveLength(2);
    expect(migrationNameProblems(['0007'])).toEqual(['0007: not NNNN-what or YYYYMMDDHHMM-what']);
    expect(migrationNameProblems(['202611240415-b', '202611240410-a'])).toEqual(['202611240410-a: listed after 202611240415-b, but names sort in the order migrations run']);
  });
});
