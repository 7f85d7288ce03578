// (a) The packaged core starts from the packaged layout under Node: app.asar's code (as
// Electron reads it, extracted here because Node cannot read asar), process.resourcesPath
// where Electron would put it, an empty working directory, no TypeScript loader. The PDF it
// imports is titled in a CJK font that needs pdf.js's character maps: the packaged
// extraction thread must find them in the packaged pdfjs-dist (openPdf.ts).
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { extractAll } from '@electron/asar';
import { describe, expect, inject, it } from 'vitest';
import { bodyText, syntheticPdf } from '../../shared/node/pdf/syntheticPdf.ts';

const built = inject('testPackage');

describe('the packaged core', () => {
  it('signs in to the embedded service, reads the bundled resources and lists the library', async () => {
    const scratch = mkdtempSync(path.join(os.tmpdir(), 'refshelf-packaged-core-'));
    const appDir = path.join(scratch, 'app');
    extractAll(built.asarPath, appDir);
    const cwd = mkdtempSync(path.join(scratch, 'cwd-'));
    const script = path.join(import.meta.dirname, 'startPackagedCore.mjs');
    const pdf = path.join(scratch, 'cjk-title.pdf');
    writeFileSync(pdf, syntheticPdf({ pages: [[{ text: '汉字练习宏包', x: 200, y: 700, size: 20, cjk: true }, ...bodyText(72, 640, 25)]] }));
    const { stdout } = await promisify(execFile)(process.execPath, [script, appDir, built.resourcesPath, path.join(scratch, 'data'), pdf], {
      cwd,
      env: { PATH: process.env.PATH, HOME: scratch },
    });
    const seen = JSON.parse(stdout.trim().split('\n').at(-1)!) as { account: { signedIn: boolean; embedded: boolean }; titles: string[]; importStatus: string[]; catalogResults: number; licences: number; sqliteModule: string };
    expect(seen.account).toMatchObject({ signedIn: true, embedded: true });
    expect(seen.titles).toContain('Packaged app test');
    expect(seen, JSON.stringify(seen)).toMatchObject({ importStatus: ['imported'] });
    expect(seen.titles).toContain('汉字练习宏包');
    expect(seen.catalogResults).toBeGreaterThan(0);
    expect(seen.licences).toBeGreaterThan(0);
    expect(seen.sqliteModule.startsWith(appDir)).toBe(true);
  });
});
