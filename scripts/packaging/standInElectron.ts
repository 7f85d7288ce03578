// A stand-in for Electron's Linux distribution folder, for packaging where Electron cannot
// be downloaded (CI here): files named as in Electron's zip, the executable holding only
// the fuse wire that @electron/fuses flips (its sentinel, the wire version, the length and
// Electron's default state for each fuse). electron-builder copies it as it would Electron
// (`electronDist`), so the packaged layout, app.asar and the fuses can all be checked.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const FUSE_WIRE_VERSION = 1;
/** Electron's defaults, in @electron/fuses' FuseV1Options order: '1' enabled, '0' disabled. */
const DEFAULT_FUSES = '10110001';

export function makeStandInElectron(dir: string, electronVersion: string): string {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, 'resources'), { recursive: true });
  mkdirSync(path.join(dir, 'locales'), { recursive: true });
  const executable = Buffer.concat([
    Buffer.from('#!/bin/sh\necho "stand-in for Electron: not runnable" >&2; exit 1\n# '),
    Buffer.from(FUSE_SENTINEL),
    Buffer.from([FUSE_WIRE_VERSION, DEFAULT_FUSES.length]),
    Buffer.from(DEFAULT_FUSES),
    Buffer.from('\n'),
  ]);
  writeFileSync(path.join(dir, 'electron'), executable, { mode: 0o755 });
  writeFileSync(path.join(dir, 'version'), electronVersion);
  for (const name of ['LICENSE', 'LICENSES.chromium.html', 'chrome-sandbox', 'chrome_100_percent.pak', 'resources.pak', 'icudtl.dat', 'v8_context_snapshot.bin', 'libffmpeg.so']) {
    writeFileSync(path.join(dir, name), '');
  }
  writeFileSync(path.join(dir, 'locales', 'en-US.pak'), '');
  return dir;
}
