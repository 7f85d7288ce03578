// `npm start`: the desktop app when the Electron binary is installed and a display exists;
// otherwise browser mode (the real core, replica and embedded service, served to a browser
// on a loopback port), with one line saying which address to open. Ctrl+C stops cleanly.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type StartMode = { mode: 'electron'; binary: string } | { mode: 'browser'; reason: string };

/**
 * The Electron binary's path if it is installed. Read the way the electron package itself
 * names it (path.txt, written once its download succeeded, relative to its dist/ folder),
 * without loading the package: only the shell may import electron.
 */
export function findElectronBinary(
  packageDir: string | undefined,
  read: (file: string) => string | undefined = (file) => (existsSync(file) ? readFileSync(file, 'utf8') : undefined),
  exists: (file: string) => boolean = existsSync,
): string | undefined {
  if (!packageDir) return undefined;
  const relative = read(path.join(packageDir, 'path.txt'))?.trim();
  if (!relative) return undefined;
  const binary = path.join(packageDir, 'dist', relative);
  return exists(binary) ? binary : undefined;
}

function electronPackageDir(): string | undefined {
  try {
    return path.dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return undefined;
  }
}

export function chooseStartMode(input: { electronBinary: string | undefined; env: NodeJS.ProcessEnv; platform: NodeJS.Platform }): StartMode {
  if (input.env.REFSHELF_BROWSER_MODE === '1') return { mode: 'browser', reason: 'REFSHELF_BROWSER_MODE=1' };
  if (!input.electronBinary) return { mode: 'browser', reason: 'the Electron binary is not installed' };
  if (input.platform === 'linux' && !input.env.DISPLAY && !input.env.WAYLAND_DISPLAY) {
    return { mode: 'browser', reason: 'there is no display (DISPLAY/WAYLAND_DISPLAY unset)' };
  }
  return { mode: 'electron', binary: input.electronBinary };
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function runElectron(binary: string): Promise<void> {
  const { buildElectron } = await import('./build-electron.ts');
  await buildElectron();
  // The shell runs the core in Electron's Node: it needs SQLite built for that ABI.
  const { ensureElectronSqlite } = await import('./electronSqlite.ts');
  const { SQLITE_BINDING_ENV } = await import('../shared/node/sqliteBinding.ts');
  const binding = ensureElectronSqlite(root);
  const child = spawn(binary, [root], { stdio: 'inherit', cwd: root, env: { ...process.env, [SQLITE_BINDING_ENV]: binding } });
  const forward = (signal: NodeJS.Signals) => () => child.kill(signal);
  process.on('SIGINT', forward('SIGINT'));
  process.on('SIGTERM', forward('SIGTERM'));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
}

async function runBrowserMode(reason: string): Promise<void> {
  const { appDataDir } = await import('../shared/node/appDataDir.ts');
  const { createCore } = await import('../electron/core/core.ts');
  const rendererDir = path.join(root, 'dist', 'renderer');
  const core = await createCore({
    dataDir: appDataDir(),
    rendererDir: existsSync(path.join(rendererDir, 'index.html')) ? rendererDir : undefined,
    openExternal: (url) => console.log(`To sign in, open: ${url}`),
    appVersion: (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }).version,
  });
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    core.stop().then(() => process.exit(0), (error: unknown) => {
      console.error(error);
      process.exit(1);
    });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  await core.start().catch((error: unknown) => console.error(`[refshelf] ${error instanceof Error ? error.message : String(error)}`));
  const server = await core.serveBrowser();
  console.log(`RefShelf is running in browser mode (${reason}): open ${server.pageUrl}`);
}

async function main(): Promise<void> {
  const { ensureRendererBuilt } = await import('./rendererBuild.ts');
  ensureRendererBuilt(root);
  const decision = chooseStartMode({ electronBinary: findElectronBinary(electronPackageDir()), env: process.env, platform: process.platform });
  if (decision.mode === 'electron') await runElectron(decision.binary);
  else await runBrowserMode(decision.reason);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error('[refshelf] could not start:', error);
    process.exit(1);
  });
}
