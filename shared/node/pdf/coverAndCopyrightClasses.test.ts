// Failure classes named after the corpus's fourth held-aside run, each shown on a synthetic page of
// its shape: an old copyright year beating the version's date, a series' name set large over a
// manual's cover taken as its title, and such a sparse manual cover typed as a book.
import { describe, expect, it } from 'vitest';
import { copyrightYear } from './dates.ts';
import { extractPdfMetadata } from './extractPdfMetadata.ts';
import { extractPage, ok } from './syntheticExtraction.ts';
import { bodyText, syntheticPdf, type SyntheticText } from './syntheticPdf.ts';

/** A manual's cover: the series' name large at the top, the package's name and what it does far below, its date, its authors. */
const manualCover = (name: string, says: string): SyntheticText[] => [
  { text: 'Gearworks', x: 74, y: 786, size: 44 },
  { text: name, x: 74, y: 566, size: 18 },
  { text: says, x: 74, y: 540, size: 18 },
  { text: 'December 14, 2014', x: 74, y: 379, size: 10 },
  { text: 'Package author(s):', x: 415, y: 121, size: 10 },
  { text: 'Ada Lovelace', x: 415, y: 107, size: 10 },
];

/** The cover followed by pages of body text, as a manual of ten pages. */
async function manual(cover: SyntheticText[]) {
  const rest = Array.from({ length: 9 }, () => bodyText(72, 740, 50));
  return ok(await extractPdfMetadata(syntheticPdf({ pages: [cover, ...rest] })));
}

describe('copyright years', () => {
  it('reads the last year of a copyright notice, which grows a year with each revision', () => {
    expect(copyrightYear('Copyright © 1994, 1997, 2000, 2021 Philip Gear')).toBe(2021);
    expect(copyrightYear('© 2016–2023 Brian Gear')).toBe(2023);
    expect(copyrightYear('Copyright (C) 1990–94 Peter Gear')).toBe(1994);
    expect(copyrightYear('© 2018 Gear Press. All rights reserved.')).toBe(2018);
    // A number after the year that is no later year is not one.
    expect(copyrightYear('© 2020, 15 pages')).toBe(2020);
  });

  it('takes the date printed for this version over an older copyright year', async () => {
    const r = await extractPage([
      { text: 'Using the gearbox document class', x: 150, y: 700, size: 18 },
      { text: 'Ada Lovelace', x: 230, y: 670, size: 12 },
      { text: 'Copyright © 1994, 1997, 2015, 2021 Ada Lovelace', x: 170, y: 645, size: 10 },
      { text: 'August 14, 2022', x: 250, y: 625, size: 12 },
      ...bodyText(72, 580, 20),
    ]);
    expect(r.fields.year).toBe(2022);
  });

  it('takes the last year of a copyright range when no date is printed', async () => {
    const r = await extractPage([
      { text: 'The gearfloat package', x: 150, y: 700, size: 18 },
      { text: 'v2.08', x: 260, y: 675, size: 12 },
      { text: '© 2016-2023 Ada Lovelace', x: 220, y: 655, size: 12 },
      ...bodyText(72, 600, 20),
    ]);
    expect(r.fields.year).toBe(2023);
  });
});

describe('a manual cover under a series\' name', () => {
  it('takes the title from under a series\' name that the title block repeats', async () => {
    const r = await manual(manualCover('gear-fill', 'A Gearworks package for filling gears'));
    expect(r.fields.title).toBe('gear-fill A Gearworks package for filling gears');
  });

  it('takes the title from under a lone word twice its size set far above it, without the version tag after it', async () => {
    const r = await manual(manualCover('gear-chart', 'charts of gears; v.0.22a'));
    expect(r.fields.title).toBe('gear-chart charts of gears');
  });

  it('keeps a large title whose subtitle repeats a word of it when they are set close together', async () => {
    const r = await manual([
      { text: 'Sprockets', x: 74, y: 700, size: 44 },
      { text: 'How Sprockets wear in the field', x: 74, y: 640, size: 18 },
      { text: 'Ada Lovelace', x: 74, y: 600, size: 12 },
    ]);
    expect(r.fields.title).toBe('Sprockets');
  });

  it('types a sparse manual cover with its date or version tag as a manual, and a bare cover as a book', async () => {
    expect((await manual(manualCover('gear-fill', 'A Gearworks package for filling gears'))).fields.type).toBe('generic');
    expect((await manual([
      { text: 'gear-fill', x: 74, y: 566, size: 18 },
      { text: 'Filling gears; v.1.02', x: 74, y: 540, size: 18 },
      { text: 'Ada Lovelace', x: 74, y: 379, size: 10 },
    ])).fields.type).toBe('generic');
    const book = await manual([
      { text: 'Ada Lovelace', x: 200, y: 700, size: 14 },
      { text: 'Poems of Gears', x: 180, y: 560, size: 24 },
      { text: '2010', x: 280, y: 200, size: 12 },
    ]);
    expect(book.fields.type).toBe('book');
  });
});
