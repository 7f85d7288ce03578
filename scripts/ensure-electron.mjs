// Fetches the Electron binary where the internet is reachable; where it is not, says so
// once and lets the rest of the install succeed (`npm start` then uses browser mode).
// Electron's own install script is disabled in package.json "allowScripts" so that a
// failed download can never fail `npm install`; this script runs it instead.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
let electronDir;
try {
  electronDir = path.dirname(require.resolve('electron/package.json'));
} catch {
  process.exit(0); // electron not installed (e.g. --omit=dev): nothing to do
}
if (process.env.ELECTRON_SKIP_BINARY_DOWNLOAD) process.exit(0);
const installer = path.join(electronDir, 'install.js');
if (!existsSync(installer)) process.exit(0);

const result = spawnSync(process.execPath, [installer], {
  cwd: electronDir,
  stdio: ['ignore', 'ignore', 'pipe'],
  timeout: 5 * 60_000,
  env: process.env,
});
if (result.status === 0) process.exit(0);
const lines = String(result.stderr ?? '').split('\n').map((l) => l.trim()).filter(Boolean);
const reason = lines.find((l) => /error|ENOTFOUND|EAI_AGAIN|ECONN/i.test(l)) ?? lines[0] ?? 'timed out';
console.warn(
  `\n[refshelf] The Electron binary could not be downloaded (${reason.slice(0, 160)}).\n` +
    '[refshelf] Everything else is installed. `npm start` will run the app in browser mode;\n' +
    '[refshelf] run `node node_modules/electron/install.js` once the internet is reachable.\n',
);
process.exit(0);
