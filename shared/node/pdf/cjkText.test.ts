// Text set in CJK fonts that name one of the predefined CMaps (UniGB-UCS2-H and the like, as
// Chinese and Japanese TeX output often does): pdf.js reads it only with its character maps
// (openPdf.ts, pdfJsCMapDir). Without them a title "hanzibox：田字格..." came out as "hanzibox".
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pdfJsCMapDir } from './openPdf.ts';
import { extractPage } from './syntheticExtraction.ts';
import { bodyText } from './syntheticPdf.ts';

describe('CJK text', () => {
  it('finds pdf.js\'s character maps', () => {
    expect(existsSync(`${pdfJsCMapDir()}UniGB-UCS2-H.bcmap`)).toBe(true);
  });

  it('keeps the CJK part of a title set in a CID font without a ToUnicode map', async () => {
    const r = await extractPage([
      { text: 'hanzibox', x: 190, y: 714, size: 18 },
      { text: '：田字格汉字练习宏包', x: 268, y: 714, size: 18, cjk: true },
      { text: 'Nan Geng', x: 260, y: 670, size: 12 },
      { text: '2022/04/17', x: 280, y: 640, size: 12 },
      ...bodyText(72, 600, 25),
    ]);
    expect(r.fields.title?.normalize('NFKC')).toBe('hanzibox:田字格汉字练习宏包');
  });

  it('reads a title set wholly in CJK', async () => {
    const r = await extractPage([
      { text: 'TEXシステムの日本語化', x: 150, y: 700, size: 20, cjk: true },
      ...bodyText(72, 640, 25),
    ]);
    expect(r.fields.title).toBe('TEXシステムの日本語化');
  });
});

