// Failure classes named by the eighth held-aside run, each shown on a synthetic page of its shape.
import { describe, expect, it } from 'vitest';
import { extractPage } from './syntheticExtraction.ts';
import { bodyText } from './syntheticPdf.ts';

describe('a manual\'s cover', () => {
  it('takes a kind of document set as large right under the name as the end of the title', async () => {
    const r = await extractPage([
      { text: 'GearMetaTeX', x: 124, y: 742, size: 50 },
      { text: 'Reference', x: 154, y: 668, size: 50 },
      { text: 'Manual', x: 191, y: 595, size: 50 },
      { text: 'February 2021', x: 459, y: 44, size: 14 },
    ]);
    expect(r.fields.title).toBe('GearMetaTeX Reference Manual');
  });

  it('leaves out a kind of document set after a subtitle', async () => {
    const r = await extractPage([
      { text: 'gearbox', x: 259, y: 692, size: 20.7 },
      { text: 'An extension for gear philology', x: 158, y: 667, size: 20.7 },
      { text: 'User manual', x: 245, y: 642, size: 20.7 },
      { text: 'Ada Lovelace', x: 251, y: 607, size: 14 },
      { text: 'October 2022', x: 258, y: 578, size: 14 },
      ...bodyText(90, 540, 25),
    ]);
    expect(r.fields.title).toBe('gearbox An extension for gear philology');
  });
});

describe('display text in the body', () => {
  it('is not the title when a title stands above the first numbered section', async () => {
    const r = await extractPage([
      { text: 'The gearbox package', x: 224, y: 679, size: 17 },
      { text: 'Ada Lovelace', x: 240, y: 649, size: 12 },
      { text: 'April 18, 2019', x: 240, y: 623, size: 12 },
      { text: '1 Introduction', x: 118, y: 541, size: 14 },
      ...bodyText(118, 512, 8),
      { text: '2 Usage', x: 118, y: 405, size: 14 },
      ...bodyText(118, 376, 6),
      { text: 'raggedright', x: 156, y: 269, size: 50 },
      ...bodyText(118, 230, 6),
    ]);
    expect(r.fields.title).toBe('The gearbox package');
  });
});

describe('a name with its e-mail address after a space', () => {
  it('reads the name and leaves the address', async () => {
    const r = await extractPage([
      { text: 'gears.sty', x: 239, y: 660, size: 20 },
      { text: 'A Package for Typesetting Gears', x: 140, y: 635, size: 20 },
      { text: 'Landon D. C. Elkind elkind@ualberta.ca', x: 175, y: 574, size: 14 },
      { text: 'April 19, 2021', x: 264, y: 546, size: 14 },
      ...bodyText(90, 498, 25),
    ]);
    expect(r.fields.authors).toEqual([{ first_name: 'Landon D. C.', last_name: 'Elkind' }]);
  });
});
