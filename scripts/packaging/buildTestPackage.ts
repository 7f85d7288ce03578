// Builds the unpacked Linux app as a user's installer would hold it, for the packaged-app
// tests (npm run test:packaged): the renderer and the shell are built, then electron-builder
// packs them with electron-builder.yml and a stand-in Electron (no download). Two
// differences from a release, both to keep CI within minutes: no rebuild of better-sqlite3
// for Electron (about 6 minutes, and it needs Electron's headers from the internet), so the
// app carries Node's build, which also lets the core start under Node from this layout; and
// the afterPack ABI check records its verdict instead of refusing, so the test can show that
// a release build would be refused with this binary.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as buildRenderer } from 'vite';
import { buildElectron } from '../build-electron.ts';
import { nativeAbiMismatches, type AbiMismatch } from './nativeAbi.ts';
import { makeStandInElectron } from './standInElectron.ts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const TEST_RELEASE_DIR = path.join(ROOT, 'release', 'packaged-test');

export interface TestPackage {
  electronVersion: string;
  /** release/packaged-test/linux-unpacked */
  appOutDir: string;
  /** Where Electron's process.resourcesPath points in this app. */
  resourcesPath: string;
  asarPath: string;
  executable: string;
  /** What the afterPack ABI check found. */
  abiMismatches: AbiMismatch[];
}

export function installedElectronVersion(): string {
  return (JSON.parse(readFileSync(path.join(ROOT, 'node_modules/electron/package.json'), 'utf8')) as { version: string }).version;
}

function layoutOf(electronVersion: string, abiMismatches: AbiMismatch[]): TestPackage {
  const appOutDir = path.join(TEST_RELEASE_DIR, 'linux-unpacked');
  const resourcesPath = path.join(appOutDir, 'resources');
  return { electronVersion, appOutDir, resourcesPath, asarPath: path.join(resourcesPath, 'app.asar'), executable: path.join(appOutDir, 'refshelf'), abiMismatches };
}

/** REFSHELF_REUSE_PACKAGE=1 reuses the last build (while writing these tests; never in CI). */
export async function buildTestPackage(log: (line: string) => void = () => {}, env: NodeJS.ProcessEnv = process.env): Promise<TestPackage> {
  const electronVersion = installedElectronVersion();
  if (env.REFSHELF_REUSE_PACKAGE === '1' && existsSync(layoutOf(electronVersion, []).asarPath)) {
    log('reusing the last build (REFSHELF_REUSE_PACKAGE)');
    return layoutOf(electronVersion, nativeAbiMismatches(layoutOf(electronVersion, []).appOutDir, electronVersion));
  }
  log('building the renderer and the shell');
  await buildRenderer({ configFile: path.join(ROOT, 'vite.config.ts'), logLevel: 'warn' });
  await buildElectron();
  mkdirSync(TEST_RELEASE_DIR, { recursive: true });
  const electronDist = makeStandInElectron(path.join(TEST_RELEASE_DIR, 'stand-in-electron'), electronVersion);
  let abiMismatches: AbiMismatch[] = [];
  log('packaging with electron-builder');
  const { build, Platform, Arch } = await import('electron-builder');
  await build({
    projectDir: ROOT,
    targets: Platform.LINUX.createTarget('dir', Arch.x64),
    config: {
      electronDist,
      electronVersion,
      npmRebuild: false,
      directories: { output: TEST_RELEASE_DIR },
      afterPack: async (context) => {
        abiMismatches = nativeAbiMismatches(context.appOutDir, electronVersion);
      },
    },
  });
  return layoutOf(electronVersion, abiMismatches);
}
