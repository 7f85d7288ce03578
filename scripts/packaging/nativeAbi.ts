// Which runtime a native module was built for. A module built on V8's API (better-sqlite3)
// exports node_register_module_v<ABI>; Electron refuses one whose ABI is not its own, and
// the app would not start. A Node-API module (napi_register_module_v1) fits every runtime.
// Used to refuse packaging a wrong build (afterPack.mjs) and after building SQLite for
// Electron (electronSqlite.ts).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getAbi } from 'node-abi';

export type ModuleAbi = { kind: 'v8'; abi: number } | { kind: 'node-api' } | { kind: 'unknown' };

export function abiOfNativeModule(bytes: Buffer): ModuleAbi {
  const text = bytes.toString('latin1');
  const v8 = /node_register_module_v(\d+)/.exec(text);
  if (v8) return { kind: 'v8', abi: Number(v8[1]) };
  if (text.includes('napi_register_module_v1')) return { kind: 'node-api' };
  return { kind: 'unknown' };
}

export function electronAbi(electronVersion: string): number {
  return Number(getAbi(electronVersion, 'electron'));
}

export function findNativeModules(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...findNativeModules(full));
    else if (entry.name.endsWith('.node')) found.push(full);
  }
  return found;
}

export interface AbiMismatch {
  file: string;
  found: ModuleAbi;
  expected: number;
}

/** The native modules under dir that Electron `electronVersion` would refuse to load. */
export function nativeAbiMismatches(dir: string, electronVersion: string): AbiMismatch[] {
  const expected = electronAbi(electronVersion);
  return findNativeModules(dir)
    .map((file) => ({ file, found: abiOfNativeModule(readFileSync(file)), expected }))
    .filter(({ found }) => found.kind === 'unknown' || (found.kind === 'v8' && found.abi !== expected));
}

export function describeMismatch({ file, found, expected }: AbiMismatch, relativeTo: string): string {
  const what = found.kind === 'v8' ? `ABI ${found.abi}` : 'no recognisable ABI';
  return `${path.relative(relativeTo, file)} has ${what}; Electron needs ${expected}`;
}

/** Throws when a native module under dir would not load in Electron `electronVersion`. */
export function refuseWrongNativeAbi(dir: string, electronVersion: string): void {
  const mismatches = nativeAbiMismatches(dir, electronVersion);
  if (!mismatches.length) return;
  throw new Error(
    `Refusing to package native modules built for another runtime (Electron ${electronVersion}):\n` +
      mismatches.map((m) => `  ${describeMismatch(m, dir)}`).join('\n') +
      '\nRebuild them for Electron (npm run dist does; an npm "nodedir" setting must not point at Node\'s headers).',
  );
}
