// Where the app keeps its data on each OS (what Electron's app.getPath('userData') gives),
// so plain-Node code and browser mode agree with the desktop shell.
import os from 'node:os';
import path from 'node:path';

export const APP_NAME = 'RefShelf';

export function appDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (env.REFSHELF_DATA_DIR) return path.resolve(env.REFSHELF_DATA_DIR);
  const home = os.homedir();
  if (platform === 'win32') return path.join(env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), APP_NAME);
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', APP_NAME);
  return path.join(env.XDG_CONFIG_HOME ?? path.join(home, '.config'), APP_NAME);
}
