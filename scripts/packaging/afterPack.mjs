// electron-builder afterPack hook (electron-builder.yml): refuses an app whose native
// modules were built for another runtime than the Electron it ships. The check is
// TypeScript (nativeAbi.ts), loaded through tsx like the other scripts.
import { readFileSync } from 'node:fs';
import { tsImport } from 'tsx/esm/api';

export default async function afterPack(context) {
  const { refuseWrongNativeAbi } = await tsImport('./nativeAbi.ts', import.meta.url);
  const electronVersion = context.packager.config.electronVersion
    ?? JSON.parse(readFileSync(new URL('../../node_modules/electron/package.json', import.meta.url), 'utf8')).version;
  refuseWrongNativeAbi(context.appOutDir, electronVersion);
}
