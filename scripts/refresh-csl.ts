// Copies the bundled CSL styles and locales from Debian's citation-style-language-styles
// and -locales packages (the official CSL repositories) into resources/csl/.
// Run: node --import tsx scripts/refresh-csl.ts [source-dir]
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { BUNDLED_LOCALES, BUNDLED_STYLES } from '../electron/core/citing/bundledStyles.ts';

const source = process.argv[2] ?? '/usr/share/citation-style-language';
const target = join(import.meta.dirname, '..', 'resources', 'csl');

function copyAll(kind: 'styles' | 'locales', files: readonly string[]): void {
  mkdirSync(join(target, kind), { recursive: true });
  for (const file of files) {
    const from = join(source, kind, file);
    if (!existsSync(from)) throw new Error(`${from} is missing: install citation-style-language-${kind}`);
    copyFileSync(from, join(target, kind, file));
  }
  console.log(`${files.length} ${kind} copied from ${join(source, kind)}`);
}

copyAll('styles', BUNDLED_STYLES.map((id) => `${id}.csl`));
copyAll('locales', BUNDLED_LOCALES.map((locale) => `locales-${locale}.xml`));
