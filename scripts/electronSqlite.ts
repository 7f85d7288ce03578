// Builds better-sqlite3 once for the installed Electron, in a cache beside node_modules,
// so that the development app and the Node test suite each load a binary of their own ABI.
// Uses npm's bundled node-gyp and Electron's published headers (needs the internet once,
// like the Electron binary itself). npm's `nodedir` setting is dropped for the build (it
// would make node-gyp use Node's headers), and a build with the wrong ABI is refused.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { nativeAbiMismatches, describeMismatch } from './packaging/nativeAbi.ts';
import { withoutNodedir } from './packaging/nodeGypEnv.ts';

export interface BindingPlan {
  electronVersion: string;
  /** Where the Electron build of the binding lives once built. */
  bindingPath: string;
  /** The scratch copy of the better-sqlite3 package that node-gyp builds in. */
  buildDir: string;
}

export function planElectronSqlite(root: string, platform: string = process.platform, arch: string = process.arch): BindingPlan {
  const electronVersion = (JSON.parse(readFileSync(path.join(root, 'node_modules/electron/package.json'), 'utf8')) as { version: string }).version;
  const sqliteVersion = (JSON.parse(readFileSync(path.join(root, 'node_modules/better-sqlite3/package.json'), 'utf8')) as { version: string }).version;
  const buildDir = path.join(root, 'node_modules/.cache/refshelf', `better-sqlite3-${sqliteVersion}-electron-${electronVersion}-${platform}-${arch}`);
  return { electronVersion, buildDir, bindingPath: path.join(buildDir, 'build/Release/better_sqlite3.node') };
}

/** Returns the Electron build of the binding, building it first when it is missing. */
export function ensureElectronSqlite(root: string, env: NodeJS.ProcessEnv = process.env): string {
  const plan = planElectronSqlite(root);
  // A build left by an older version of this script may carry Node's ABI: built again then.
  if (existsSync(plan.bindingPath) && !nativeAbiMismatches(path.dirname(plan.bindingPath), plan.electronVersion).length) return plan.bindingPath;
  const nodeGyp = env.npm_config_node_gyp;
  if (!nodeGyp || !existsSync(nodeGyp)) {
    throw new Error('node-gyp was not found: run the app with `npm start` (npm provides node-gyp to its scripts)');
  }
  console.log(`[refshelf] building SQLite for Electron ${plan.electronVersion} (once; about a minute)…`);
  rmSync(plan.buildDir, { recursive: true, force: true });
  mkdirSync(path.dirname(plan.buildDir), { recursive: true });
  cpSync(path.join(root, 'node_modules/better-sqlite3'), plan.buildDir, {
    recursive: true,
    filter: (source) => !source.includes(`${path.sep}build${path.sep}`) && !source.endsWith(`${path.sep}build`),
  });
  const result = spawnSync(
    process.execPath,
    [nodeGyp, 'rebuild', '--release', `--target=${plan.electronVersion}`, `--arch=${process.arch}`, '--dist-url=https://electronjs.org/headers'],
    { cwd: plan.buildDir, stdio: 'inherit', env: withoutNodedir(env) },
  );
  if (result.status !== 0 || !existsSync(plan.bindingPath)) {
    rmSync(plan.buildDir, { recursive: true, force: true });
    throw new Error('building SQLite for Electron failed (see the output above); `REFSHELF_BROWSER_MODE=1 npm start` runs the app in a browser meanwhile');
  }
  const mismatch = nativeAbiMismatches(path.dirname(plan.bindingPath), plan.electronVersion)[0];
  if (mismatch) {
    rmSync(plan.buildDir, { recursive: true, force: true });
    throw new Error(`building SQLite for Electron produced the wrong binary (${describeMismatch(mismatch, plan.buildDir)})`);
  }
  return plan.bindingPath;
}
