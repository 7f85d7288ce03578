import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureElectronSqlite, planElectronSqlite } from './electronSqlite.ts';
import { electronAbi } from './packaging/nativeAbi.ts';

function fakeRoot(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'refshelf-electron-sqlite-'));
  for (const [name, version] of [['electron', '41.7.1'], ['better-sqlite3', '12.11.1']]) {
    mkdirSync(path.join(root, 'node_modules', name!), { recursive: true });
    writeFileSync(path.join(root, 'node_modules', name!, 'package.json'), JSON.stringify({ name, version }));
  }
  return root;
}

describe('the Electron build of SQLite', () => {
  it('is cached per SQLite version, Electron version, platform and architecture', () => {
    const plan = planElectronSqlite(fakeRoot(), 'linux', 'x64');
    expect(plan.electronVersion).toBe('41.7.1');
    expect(plan.bindingPath).toMatch(/better-sqlite3-12\.11\.1-electron-41\.7\.1-linux-x64[\\/]build[\\/]Release[\\/]better_sqlite3\.node$/);
  });

  it('is reused without building when present', () => {
    const root = fakeRoot();
    const plan = planElectronSqlite(root);
    mkdirSync(path.dirname(plan.bindingPath), { recursive: true });
    writeFileSync(plan.bindingPath, `binary node_register_module_v${electronAbi(plan.electronVersion)} binary`);
    expect(ensureElectronSqlite(root, {})).toBe(plan.bindingPath);
  });

  it('is built again when the cached binary carries another ABI (a build made with npm\'s nodedir)', () => {
    const root = fakeRoot();
    const plan = planElectronSqlite(root);
    mkdirSync(path.dirname(plan.bindingPath), { recursive: true });
    writeFileSync(plan.bindingPath, `binary node_register_module_v${process.versions.modules} binary`);
    // No node-gyp in this environment: reaching the build step is what shows the cache was refused.
    expect(() => ensureElectronSqlite(root, {})).toThrow(/node-gyp was not found/);
  });

  it('says how to go on when node-gyp is not available', () => {
    expect(() => ensureElectronSqlite(fakeRoot(), {})).toThrow(/npm start/);
  });
});
