// Builds the desktop shell into dist/electron: main.js (ESM, the shell), core.js (the plain-
// Node core it starts, an entry of its own so the packaged-app test can start the packaged
// core under Node, without Electron), the chunks they share, and preload.cjs (a sandboxed
// preload must be one CommonJS file). esbuild
// rather than tsc: the sources import with `.ts` extensions, and bundling lets Electron
// run the shell without a TypeScript loader. npm packages stay external (node_modules is
// next to dist/), native better-sqlite3 among them.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ELECTRON_OUT_DIR = path.join(root, 'dist', 'electron');

export async function buildElectron(): Promise<void> {
  const common = { bundle: true, platform: 'node' as const, target: 'node20', sourcemap: true, logLevel: 'warning' as const, absWorkingDir: root };
  await Promise.all([
    build({
      ...common,
      entryPoints: { main: 'electron/main.ts', core: 'electron/core/core.ts' },
      outdir: ELECTRON_OUT_DIR,
      splitting: true,
      chunkNames: 'chunks/[name]-[hash]',
      format: 'esm',
      packages: 'external',
    }),
    build({ ...common, entryPoints: ['electron/preload.ts'], outfile: path.join(ELECTRON_OUT_DIR, 'preload.cjs'), format: 'cjs', external: ['electron'] }),
    // The embedded service reads uploaded PDFs in a child process started from this file,
    // next to main.js (server/library/pdf/isolatedExtraction.ts).
    build({ ...common, entryPoints: ['server/library/pdf/extractionWorker.ts'], outfile: path.join(ELECTRON_OUT_DIR, 'extractionWorker.js'), format: 'esm', packages: 'external' }),
    // The core reads imported PDFs in a worker thread started from this file
    // (shared/node/pdf/isolatedPdfReader.ts).
    build({ ...common, entryPoints: ['shared/node/pdf/extractionThread.ts'], outfile: path.join(ELECTRON_OUT_DIR, 'extractionThread.js'), format: 'esm', packages: 'external' }),
  ]);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildElectron();
  console.log(`Built the desktop shell into ${path.relative(process.cwd(), ELECTRON_OUT_DIR) || '.'}`);
}
