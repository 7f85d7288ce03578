// better-sqlite3 is a native module: its binary must match the runtime's ABI. Under Node it
// uses its own build; under a development Electron, `npm start` builds a copy for Electron
// and names it here (packaged apps are rebuilt in place by electron-builder instead).
import type SQLite from 'better-sqlite3';

export const SQLITE_BINDING_ENV = 'REFSHELF_SQLITE_BINDING';

export function sqliteOptions(env: NodeJS.ProcessEnv = process.env): SQLite.Options {
  const binding = env[SQLITE_BINDING_ENV];
  return binding ? { nativeBinding: binding } : {};
}
