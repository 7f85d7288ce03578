import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { abiOfNativeModule, electronAbi, nativeAbiMismatches, refuseWrongNativeAbi } from './nativeAbi.ts';
import { withoutNodedir } from './nodeGypEnv.ts';

const require = createRequire(import.meta.url);
const nodeBuild = path.join(path.dirname(require.resolve('better-sqlite3/package.json')), 'build', 'Release', 'better_sqlite3.node');
const electronVersion = (require('electron/package.json') as { version: string }).version;

function appWith(files: Record<string, Buffer | string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'refshelf-abi-'));
  for (const [name, bytes] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), bytes);
  }
  return dir;
}

describe('native module ABI', () => {
  it("reads Node's ABI from the better-sqlite3 that npm built for the tests", () => {
    expect(abiOfNativeModule(readFileSync(nodeBuild))).toEqual({ kind: 'v8', abi: Number(process.versions.modules) });
  });

  it("knows the installed Electron's ABI, which is not Node's", () => {
    expect(electronAbi(electronVersion)).toBeGreaterThan(Number(process.versions.modules));
  });

  it("refuses to package Node's build of better-sqlite3 for Electron", () => {
    const dir = appWith({});
    mkdirSync(path.join(dir, 'resources/app.asar.unpacked/node_modules/better-sqlite3/build/Release'), { recursive: true });
    copyFileSync(nodeBuild, path.join(dir, 'resources/app.asar.unpacked/node_modules/better-sqlite3/build/Release/better_sqlite3.node'));
    expect(nativeAbiMismatches(dir, electronVersion)).toHaveLength(1);
    expect(() => refuseWrongNativeAbi(dir, electronVersion)).toThrow(
      new RegExp(`better_sqlite3\\.node has ABI ${process.versions.modules}; Electron needs ${electronAbi(electronVersion)}`),
    );
  });

  it("accepts a module of Electron's ABI, a Node-API module, and an app without native modules", () => {
    const dir = appWith({
      'a/sqlite.node': `..node_register_module_v${electronAbi(electronVersion)}..`,
      'b/napi.node': '..napi_register_module_v1..',
      'c/readme.txt': 'node_register_module_v1',
    });
    expect(nativeAbiMismatches(dir, electronVersion)).toEqual([]);
    expect(nativeAbiMismatches(appWith({}), electronVersion)).toEqual([]);
  });

  it("drops npm's nodedir setting, in any case, from node-gyp's environment", () => {
    expect(withoutNodedir({ npm_config_nodedir: '/usr', NPM_CONFIG_NODEDIR: '/usr', PATH: '/bin' })).toEqual({ PATH: '/bin' });
  });
});
