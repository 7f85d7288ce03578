// Where the installed pdfjs-dist package is on disk: its data files (character maps, standard
// fonts, wasm decoders) are read from there by the core's PDF reading in Node and copied beside
// the renderer by its build. In the packaged app the folder is inside app.asar.
import { createRequire } from 'node:module';
import path from 'node:path';

let root: string | undefined;

/** The pdfjs-dist package's folder. */
export function pdfjsPackageDir(): string {
  root ??= path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  return root;
}
