// Builds the renderer (Vite) into dist/renderer when it is missing or older than its
// sources, so `npm start` on a fresh checkout shows the app, not an empty page.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export function newestMtime(dir: string): number {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

export function rendererIsStale(root: string): boolean {
  const index = path.join(root, 'dist', 'renderer', 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return ['renderer', 'shared'].some((dir) => newestMtime(path.join(root, dir)) > built);
}

export function ensureRendererBuilt(root: string): void {
  if (!rendererIsStale(root)) return;
  console.log('[refshelf] building the user interface…');
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('building the user interface failed (see above)');
}
