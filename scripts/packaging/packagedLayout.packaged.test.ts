// What the packaged app holds: code in app.asar (no TypeScript sources, no resources),
// resources beside it, SQLite's and pdf.js's canvas binaries unpacked, the fuses set, the version; and (c) the
// ABI check of the native module against the Electron version.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { extractFile, listPackage } from '@electron/asar';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { describe, expect, inject, it } from 'vitest';
import { electronAbi, findNativeModules } from './nativeAbi.ts';
import { ROOT } from './buildTestPackage.ts';
import { PACKAGED_RESOURCES_FOLDER } from '../../shared/node/resourcesDir.ts';

const built = inject('testPackage');
/** A fuse's state is an ASCII digit in the wire (@electron/fuses' FuseState, not exported). */
const FuseState = { DISABLE: '0'.charCodeAt(0), ENABLE: '1'.charCodeAt(0) };
const asarFiles = () => listPackage(built.asarPath, { isPack: false }).map((file) => file.split(path.sep).join('/'));

describe('the packaged app', () => {
  it('holds the shell, the core entry and the built renderer with pdf.js and its data files in app.asar', () => {
    const files = asarFiles();
    for (const file of ['/package.json', '/dist/electron/main.js', '/dist/electron/core.js', '/dist/electron/preload.cjs', '/dist/renderer/index.html',
      '/dist/renderer/pdfjs/cmaps/UniJIS-UCS2-H.bcmap', '/dist/renderer/pdfjs/standard_fonts/FoxitSerif.pfb', '/dist/renderer/pdfjs/wasm/openjpeg.wasm']) {
      expect(files).toContain(file);
    }
    expect(files.some((file) => /^\/dist\/renderer\/assets\/pdf\.worker\.min-.*\.mjs$/.test(file))).toBe(true);
    // The core's PDF reading takes pdf.js's character maps from its package (openPdf.ts, pdfJsCMapDir).
    expect(files).toContain('/node_modules/pdfjs-dist/cmaps/UniGB-UCS2-H.bcmap');
  });

  it('holds every chunk the renderer loads on demand (the other views, the reader, the dialogs)', () => {
    const files = new Set(asarFiles());
    const entry = [...files].find((file) => /^\/dist\/renderer\/assets\/index-[\w-]+\.js$/.test(file))!;
    const code = extractFile(built.asarPath, entry.slice(1)).toString('utf8');
    // Vite names each chunk an import() loads, and the stylesheets with it, relative to the entry.
    const chunks = [...new Set([...code.matchAll(/"\.\/([\w.-]+\.(?:js|css))"/g)].map((match) => match[1]!))];
    expect(chunks.some((chunk) => /^ReaderView-[\w-]+\.js$/.test(chunk))).toBe(true);
    expect(chunks.filter((chunk) => !files.has(`/dist/renderer/assets/${chunk}`))).toEqual([]);
  });

  it('runs no TypeScript source and carries no resources inside app.asar', () => {
    const files = asarFiles();
    expect(files.filter((file) => /\.(ts|tsx)$/.test(file) && !file.endsWith('.d.ts') && !file.startsWith('/node_modules/'))).toEqual([]);
    expect(files.filter((file) => file.startsWith('/resources/') || file.startsWith('/electron/') || file.startsWith('/server/'))).toEqual([]);
  });

  it('puts the vocabularies and the sample catalog beside app.asar, where the resolver looks', () => {
    const resources = path.join(built.resourcesPath, PACKAGED_RESOURCES_FOLDER);
    expect(existsSync(path.join(resources, 'vocabularies', 'disciplines.json'))).toBe(true);
    expect(existsSync(path.join(resources, 'catalog'))).toBe(true);
  });

  it("unpacks SQLite's binary and pdf.js's canvas (a Node-API module pdf.js needs to load in Node), and nothing native beside them", () => {
    const unpacked = `${built.asarPath}.unpacked`;
    const found = findNativeModules(unpacked).map((file) => path.relative(unpacked, file).split(path.sep).join('/')).sort();
    expect(found).toHaveLength(2);
    expect(found[0]).toMatch(/^node_modules\/@napi-rs\/canvas-[\w-]+\/[\w.-]+\.node$/);
    expect(found[1]).toBe('node_modules/better-sqlite3/build/Release/better_sqlite3.node');
  });

  it('sets the fuses in the Electron executable', async () => {
    const wire = await getCurrentFuseWire(built.executable);
    expect(wire[FuseV1Options.RunAsNode]).toBe(FuseState.DISABLE);
    expect(wire[FuseV1Options.EnableCookieEncryption]).toBe(FuseState.ENABLE);
    expect(wire[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(FuseState.DISABLE);
    expect(wire[FuseV1Options.EnableNodeCliInspectArguments]).toBe(FuseState.DISABLE);
    expect(wire[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe(FuseState.ENABLE);
    expect(wire[FuseV1Options.OnlyLoadAppFromAsar]).toBe(FuseState.ENABLE);
    expect(wire[FuseV1Options.GrantFileProtocolExtraPrivileges]).toBe(FuseState.DISABLE);
  });

  it("carries package.json's version and metadata", async () => {
    const packaged = JSON.parse(extractFile(built.asarPath, 'package.json').toString('utf8')) as { version: string; author: { email: string }; homepage: string };
    const source = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(packaged.version).toBe(source.version);
    expect(packaged.author.email).toMatch(/@/);
    expect(packaged.homepage).toMatch(/^https:\/\//);
  });

  it("(c) finds SQLite's binary built for Node's ABI, which a release build refuses for Electron", () => {
    // This test build skips the rebuild for Electron (see buildTestPackage.ts), so the binary
    // is Node's; the afterPack check that electron-builder.yml runs for a release names it.
    expect(electronAbi(built.electronVersion)).not.toBe(Number(process.versions.modules));
    expect(built.abiMismatches.map(({ file, found, expected }) => ({ file: path.basename(file), found, expected }))).toEqual([
      { file: 'better_sqlite3.node', found: { kind: 'v8', abi: Number(process.versions.modules) }, expected: electronAbi(built.electronVersion) },
    ]);
    const config = readFileSync(path.join(ROOT, 'electron-builder.yml'), 'utf8');
    expect(config).toMatch(/^afterPack: \.\/scripts\/packaging\/afterPack\.mjs$/m);
    expect(config).toMatch(/^npmRebuild: true$/m);
  });
});
