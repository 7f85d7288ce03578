// Text set in CJK fonts that name one of the predefined CMaps (UniGB-UCS2-H and the like, as
// Chinese and Japanese TeX output often does): pdf.js reads it only with its character maps
// (openPdf.ts, pdfJsCMapDir). Without them a title "hanzibox：田字格..." came out as "hanzibox".
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pdfJsCMapDir } from './openPdf.ts';
import { parsePersonName } from './personNames.ts';
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

describe('CJK names on the page', () => {
  it('reads a name with a space between family and given name, family name first', () => {
    expect(parsePersonName('濱野 尚人')).toEqual({ last_name: '濱野', first_name: '尚人' });
    expect(parsePersonName('倉沢 良一')).toEqual({ last_name: '倉沢', first_name: '良一' });
    expect(parsePersonName('北川 ひろみこ')).toBeUndefined(); // a given name of four kana is past the bound
    expect(parsePersonName('森 さち')).toEqual({ last_name: '森', first_name: 'さち' });
  });

  it('reads a Latin name followed by the same name in its own script in brackets', () => {
    expect(parsePersonName('Yuchang Yang（杨宇昌）')).toEqual({ first_name: 'Yuchang', last_name: 'Yang' });
    expect(parsePersonName('Takayuki Yato (八登崇之)')).toEqual({ first_name: 'Takayuki', last_name: 'Yato' });
  });

  it('leaves letter-spaced headings and unspaced runs alone', () => {
    for (const heading of ['概 要', '摘 要', '目 次', '简介', '日本語論文用 後註生成マクロ']) expect(parsePersonName(heading)).toBeUndefined();
  });

  it('takes the authors under a CJK title, not the letter-spaced abstract heading', async () => {
    const r = await extractPage([
      { text: 'TEXの出版への応用', x: 200, y: 700, size: 20, cjk: true },
      { text: '濱野 尚人', x: 260, y: 660, size: 12, cjk: true },
      { text: '田村 明史', x: 260, y: 640, size: 12, cjk: true },
      { text: '概 要', x: 290, y: 600, size: 11, cjk: true },
      ...bodyText(72, 580, 25),
    ]);
    expect(r.fields.authors).toEqual([{ last_name: '濱野', first_name: '尚人' }, { last_name: '田村', first_name: '明史' }]);
  });
});
