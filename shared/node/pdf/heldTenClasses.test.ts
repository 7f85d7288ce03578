// Failure classes named by the tenth held-aside run, each shown on a synthetic page of its shape
// (or, for text Helvetica cannot set, on the lines the year finder reads).
import { describe, expect, it } from 'vitest';
import { findPublicationYear } from './dates.ts';
import { cleanTitle } from './layoutFields.ts';
import { extractPage } from './syntheticExtraction.ts';
import { bodyText } from './syntheticPdf.ts';
import type { TextLine } from './textLines.ts';

const line = (text: string): TextLine => ({ text, size: 10, x: 0, y: 0, right: 100, page: 1, markers: 0, textWithMarkerBreaks: text, textWithoutMarkers: text });
const year = (header: string[], margins: string[] = []) => findPublicationYear(header.map(line), margins.map(line), [], 2027);
const lastNames = (r: { fields: { authors?: { last_name: string }[] } }) => r.fields.authors?.map((a) => a.last_name);

describe('affiliations under a name', () => {
  it('does not read a discipline\'s words as a name ("Scientific Computation")', async () => {
    const r = await extractPage([
      { text: 'gearSeq: Statistical analysis for sparse gears', x: 101, y: 716, size: 17.2 },
      { text: 'Ada Nathaniel Lovelace', x: 231, y: 664, size: 12 },
      { text: 'Applied Mathematics & Statistics, and Scientific Computation', x: 137, y: 624, size: 12 },
      { text: 'Center for Gears and Computational Biology', x: 160, y: 611, size: 12 },
      { text: 'Modified: October 4, 2016', x: 151, y: 580, size: 12 },
      ...bodyText(71, 540, 20),
    ]);
    expect(lastNames(r)).toEqual(['Lovelace']);
  });

  it('reads a compound word for a university ("Wirtschaftsuniversitat Wien") as an affiliation', async () => {
    const r = await extractPage([
      { text: 'Residual-Based Shadings in gears', x: 169, y: 721, size: 17.2 },
      { text: 'Ada Lovelace, Charles Babbage, and Mary Somerville', x: 150, y: 678, size: 12 },
      { text: 'Wirtschaftsuniversitat Wien, Austria', x: 215, y: 665, size: 10.9 },
      ...bodyText(108, 600, 20),
    ]);
    expect(lastNames(r)).toEqual(['Lovelace', 'Babbage', 'Somerville']);
  });

  it('reads a footnote\'s address run on to the next line as one address', async () => {
    const r = await extractPage([
      { text: 'GearFEM User Manual', x: 126, y: 488, size: 24.8 },
      { text: 'Ada Lovelace1', x: 132, y: 409, size: 12 },
      { text: 'Charles Babbage2', x: 132, y: 395, size: 12 },
      { text: '1ada@gears.org; Laboratoire des engrenages; Universite', x: 139, y: 158, size: 10 },
      { text: 'Pierre et Marie Curie; 75005 Paris France', x: 126, y: 146, size: 10 },
      { text: '2babbage@gears.org Mechanical Engineering Department', x: 139, y: 135, size: 10 },
    ]);
    expect(lastNames(r)).toEqual(['Lovelace', 'Babbage']);
  });

  it('does not read the names in a footnote\'s sentence as authors', async () => {
    const r = await extractPage([
      { text: 'The Gear Polyhedra Library', x: 190, y: 391, size: 17.2 },
      { text: 'User\'s Manual', x: 247, y: 369, size: 17.2 },
      { text: 'Ada Lovelace', x: 256, y: 319, size: 12 },
      { text: 'Charles Babbage', x: 263, y: 304, size: 12 },
      { text: 'February 11, 2016', x: 253, y: 253, size: 12 },
      { text: '*This work is based on previous work also by Elisa Ricci, Sara Bonini, Andrea Pescetti, Angela Stazzone, Tatiana Zolo. This', x: 100, y: 173, size: 8 },
      { text: 'work has been partly supported by: University of Gears FIL scientific research project (ex 60%) Pure and Applied Gears;', x: 90, y: 164, size: 8 },
    ]);
    expect(lastNames(r)).toEqual(['Lovelace', 'Babbage']);
  });
});

describe('earlier versions\' writers credited after the authors', () => {
  it('are not authors on the page', async () => {
    const r = await extractPage([
      { text: 'An Example of gear Usage', x: 219, y: 668, size: 17.2 },
      { text: 'Ada Lovelace, based on earlier versions by Mary Somerville, Alan Turing', x: 150, y: 633, size: 12 },
      { text: '06/16/2014', x: 277, y: 603, size: 12 },
      ...bodyText(72, 570, 20),
    ]);
    expect(lastNames(r)).toEqual(['Lovelace']);
  });

  it('are not authors in the recorded author field', async () => {
    const r = await extractPage([{ text: 'An Example of gear Usage', x: 219, y: 668, size: 17.2 }, ...bodyText(72, 600, 25)], { Author: 'Ada Lovelace and Charles Babbage, for this version, based on earlier versions written by Mary Somerville and Alan Turing' });
    expect(lastNames(r)).toEqual(['Lovelace', 'Babbage']);
  });
});

describe('titles', () => {
  it('end at a version line in brackets', async () => {
    const r = await extractPage([
      { text: 'The Gear Polyhedra Library', x: 190, y: 391, size: 17.2 },
      { text: 'User\'s Manual', x: 247, y: 369, size: 17.2 },
      { text: '(version 1.2)', x: 254, y: 347, size: 17.2 },
      { text: 'Ada Lovelace', x: 256, y: 319, size: 12 },
      { text: 'February 11, 2016', x: 253, y: 253, size: 12 },
    ]);
    expect(r.fields.title).toBe('The Gear Polyhedra Library User\'s Manual');
  });

  it('are not a few letters strewn across the page as a banner\'s drawing', async () => {
    const r = await extractPage([
      // The drawing's letters: one set at 85 points, and a glyph hundreds of points tall beside it, read as one line.
      { text: 'La', x: 21.76, y: 723.96, size: 85.16 },
      { text: 'g', x: 141.73, y: 404.79, size: 726.83 },
      { text: 'Support for the banner of the newsletter of the Gear Society', x: 100, y: 690, size: 17.2 },
      { text: '14 janvier 2023', x: 299, y: 640, size: 12 },
      ...bodyText(100, 600, 20),
    ]);
    expect(r.fields.title).toBe('Support for the banner of the newsletter of the Gear Society');
  });
});

describe('a Devanagari title', () => {
  it('loses the ornamental dandas around it', () => {
    expect(cleanTitle('।। आलोक ।।')).toBe('आलोक');
    expect(cleanTitle('॥ आलोक ॥')).toBe('आलोक');
  });
});

describe('the year', () => {
  it('reads a version\'s date stamped with its time', () => {
    expect(year([], ['R.gear v0.45.0 (2022-06-27 18:30:09 UTC) by Ada Lovelace'])).toBe(2022);
    expect(year([], ['Built 2022-06-27 18:30:09 UTC'])).toBeUndefined();
  });

  it('reads digits of other scripts', () => {
    expect(year(['आवृत्ती ०.६ — २०२१/१२/१६'])).toBe(2021);
    expect(year(['١٥ مارس ٢٠١٩'.replace('مارس', '03').replace(/ /g, '/')])).toBe(2019);
  });

  it('reads a Mongolian date', () => {
    expect(year(['Хувилбар 4.26, 2008 оны 09-р сарын 25'])).toBe(2008);
  });

  it('reads a revision dated with a two-digit year, and no other date with one', () => {
    expect(year(['Revised: 10/20/01'])).toBe(2001);
    expect(year(['Revised: 10/20/98'])).toBe(1998);
    expect(year(['Figure 10/20/01'])).toBeUndefined();
  });
});
