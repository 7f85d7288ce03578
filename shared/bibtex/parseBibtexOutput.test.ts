// The parser's output on real bibliographies, pinned: the fast paths (character codes,
// plain-text runs copied whole, lines counted as the reader goes) must read every file
// exactly as the character-by-character parser did. The digests were taken from that
// parser; a change to what it produces must change them on purpose.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lineCounter, parseBibtex } from './parseBibtex.ts';
import { latexToUnicode } from './latexToUnicode.ts';
import { seededRandom } from '../seededRandom.ts';

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
const digest = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16);

describe('parseBibtex output on real bibliographies', () => {
  it.each([
    ['fixtures/r-bibtex-broken.bib', 4, 'c1a2e3a29ff50757'],
    ['fixtures/tugboat-excerpt.bib', 2, 'db8358bb26990f75'],
    ['../../resources/catalog/open-access/open-access.bib', 2, 'afd31db1278be1e6'],
    ['../../resources/catalog/printing-history.bib', 665, 'bef9028c457d8c12'],
    ['../../resources/catalog/tugboat.bib', 4839, '7f157a0c9aa30759'],
  ])('%s: the same records, errors and warnings as before', (path, records, expected) => {
    const result = parseBibtex(read(path));
    expect(result.records).toHaveLength(records);
    expect(digest(result)).toBe(expected);
  });
});

describe('latexToUnicode runs of plain text', () => {
  it('copies text between markup whole and collapses only blanks that need it', () => {
    expect(latexToUnicode('Voß and {\\"O}rsted -- a\tb  c\n d -e `x` \'y\' ``q\'\' ---')).toBe('Voß and Örsted – a b c d -e `x` \'y\' “q” —');
    expect(latexToUnicode('  plain  text\twith\u00a0blanks  ')).toBe('plain text with blanks');
    expect(latexToUnicode('single spaces only')).toBe('single spaces only');
    expect(latexToUnicode('{Ünïcödé} text-with-dashes')).toBe('Ünïcödé text-with-dashes');
  });
});

describe('lineCounter', () => {
  it('answers the line of offsets asked in any order, as counting from the start would', () => {
    const random = seededRandom(7);
    const text = Array.from({ length: 400 }, () => 'x'.repeat(Math.floor(random() * 5))).join('\n');
    const naive = (offset: number) => text.slice(0, offset).split('\n').length;
    const lineAt = lineCounter(text);
    for (let n = 0; n < 2000; n++) {
      const offset = Math.floor(random() * (text.length + 1));
      expect(lineAt(offset)).toBe(naive(offset));
    }
    expect(lineAt(0)).toBe(1);
  });
});
