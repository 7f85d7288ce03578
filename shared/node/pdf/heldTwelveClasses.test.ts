// Failure classes named by the twelfth held-aside run, each shown on a synthetic page of its shape
// (or on the lines the year finder and the name reader read).
import { describe, expect, it } from 'vitest';
import { findPublicationYear } from './dates.ts';
import { parsePersonName } from './personNames.ts';
import { extractPage } from './syntheticExtraction.ts';
import { bodyText } from './syntheticPdf.ts';
import type { TextLine } from './textLines.ts';

const line = (text: string): TextLine => ({ text, size: 10, x: 0, y: 0, right: 100, page: 1, markers: 0, textWithMarkerBreaks: text, textWithoutMarkers: text });
const year = (header: string[]) => findPublicationYear(header.map(line), [], [], 2027);
const lastNames = (r: { fields: { authors?: { last_name: string }[] } }) => r.fields.authors?.map((a) => a.last_name);

describe('years', () => {
  it('reads Russian and Ukrainian months', () => {
    expect(year(['4 февраля 2021 г.'])).toBe(2021);
    expect(year(['12 травня 2008 р.'])).toBe(2008);
  });
  it('takes the date of the latest revisions ("2018-12-19, minor revisions 2020-02-08")', () => expect(year(['2018-12-19, minor revisions 2020-02-08'])).toBe(2020));
  it('reads the latest entry of a revision history when nothing else dates the page', () => {
    const page = ['Revision History', 'Revision 1.0', '19 Oct 2006', 'Revision 2.0', '10 Mar 2008', 'Revision 2.1', '19 Jun 2009'].map(line);
    expect(findPublicationYear([], [], page, 2027)).toBe(2009);
    expect(findPublicationYear([], [], page.slice(1), 2027)).toBeUndefined();
  });
  it('reads a span of years alone on its line as its last, but not an academic year', () => {
    expect(year(['1994-2022'])).toBe(2022);
    expect(year(['2018-2019'])).toBeUndefined();
  });
});

describe('names', () => {
  it('reads a bare initial and a family name as a person, but not the R language before a word', () => {
    expect(parsePersonName('C Dardis')).toEqual({ first_name: 'C', last_name: 'Dardis' });
    expect(parsePersonName('R Core')).toBeUndefined();
  });
  it('does not read a heading that starts with the article "A" as a person', () => {
    expect(parsePersonName('A Selected Data Problem')).toBeUndefined();
    expect(parsePersonName('A B Smith')).toEqual({ first_name: 'A B', last_name: 'Smith' });
  });

  // The editors' lines are set in the CJK font, which holds the angle brackets Helvetica cannot.
  it('reads names with addresses in angle brackets, and no one in a list of organisations by their acronyms', async () => {
    const r = await extractPage([
      { text: 'The gears Manual', x: 262, y: 743, size: 14.3 },
      { text: '(formerly gears Notes and Documentation)', x: 188, y: 725, size: 14.3 },
      { text: 'The GEAR Project', x: 269, y: 684, size: 10 },
      { text: 'A Collaboration between researchers at', x: 227, y: 661, size: 10 },
      { text: 'UC Berkeley, LBL, USC/ISI, and Xerox PARC.', x: 210, y: 647, size: 10 },
      { text: 'Ada Lovelace \u3008ada@gears.org\u3009, Editor', x: 231, y: 623, size: 10, cjk: true },
      { text: 'Charles Babbage \u3008cb@gears.org\u3009, Editor', x: 199, y: 609, size: 10, cjk: true },
      { text: 'March 14, 2008', x: 267, y: 573, size: 12 },
      ...bodyText(82, 427, 20),
    ]);
    expect(lastNames(r)).toEqual(['Lovelace', 'Babbage']);
  });
});

describe('recorded titles', () => {
  it('keeps the printed title when the recorded one only adds the program\'s name and version ("... - gearXpert2 8.6.3")', async () => {
    const r = await extractPage([
      // Set not much larger than the body, so the layout is not sure of it alone.
      { text: 'gearXpert2 User Manual', x: 64, y: 536, size: 12.5 },
      { text: 'gearXpert2 8.6.3', x: 64, y: 428, size: 11 },
      ...bodyText(72, 400, 20),
    ], { Title: 'gearXpert2 User Manual - gearXpert2 8.6.3' });
    expect(r.fields.title).toBe('gearXpert2 User Manual');
  });
});
