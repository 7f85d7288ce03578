// electron-builder beforeBuild hook (electron-builder.yml), run before it rebuilds native
// modules for Electron. An npm `nodedir` setting (npm exports it to scripts as
// npm_config_nodedir) makes node-gyp compile against that Node's headers even when asked
// for Electron's, producing a module Electron refuses. The rebuild inherits this process's
// environment, so the setting is dropped here.
import { tsImport } from 'tsx/esm/api';

export default async function beforeBuild() {
  const { withoutNodedir } = await tsImport('./nodeGypEnv.ts', import.meta.url);
  const kept = withoutNodedir(process.env);
  for (const key of Object.keys(process.env)) if (!(key in kept)) delete process.env[key];
  return true;
}
