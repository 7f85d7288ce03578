// Failure classes named by the thirteenth held-aside run, each shown on a synthetic page of its shape
// (or on the lines the year finder and the name reader read).
import { describe, expect, it } from 'vitest';
import { findPublicationYear } from './dates.ts';
import { parsePersonName, splitAuthorLine } from './personNames.ts';
import { extractPage } from './syntheticExtraction.ts';
import { bodyText } from './syntheticPdf.ts';
import type { TextLine } from './textLines.ts';

const line = (text: string): TextLine => ({ text, size: 10, x: 0, y: 0, right: 100, page: 1, markers: 0, textWithMarkerBreaks: text, textWithoutMarkers: text });
const year = (header: string[]) => findPublicationYear(header.map(line), [], [], 2027);
const lastNames = (r: { fields: { authors?: { last_name: string }[] } }) => r.fields.authors?.map((a) => a.last_name);
const names = (text: string) => splitAuthorLine(text).map((p) => parsePersonName(p));

describe('names', () => {
  it('reads the name before an e-mail address spelled out in brackets ("(nashjc at uottawa.ca)")', async () => {
    const r = await extractPage([
      { text: 'Using and extending the gearx package', x: 165, y: 668, size: 17.2 },
      { text: 'Ada B. Lovelace (adal at gears.ca)', x: 211, y: 633, size: 12 },
      { text: '2017-12-15', x: 279, y: 605, size: 12 },
      { text: 'Abstract', x: 72, y: 571, size: 12 },
      ...bodyText(72, 552, 12),
    ]);
    expect(lastNames(r)).toEqual(['Lovelace']);
  });

  it('reads the names after "Revision 9.8 by" and "updated by", and a list that closes with a full stop', () => {
    expect(names('Revision 9.8 by F. Costantini, D. Gibson, M. Melcher,').map((p) => p?.last_name)).toEqual(['Costantini', 'Gibson', 'Melcher']);
    expect(names('A. Schlosser, B. Spitzak, and M. Sweet.').map((p) => p?.last_name)).toEqual(['Schlosser', 'Spitzak', 'Sweet']);
    // A single piece with a full stop is a label's or a degree's ("Doctor Scientiae."), not a name.
    expect(names('Doctor Scientiae.')).toEqual([undefined]);
  });

  it('takes an edition\'s revisers as authors, but not those credited with contributions after them', async () => {
    const r = await extractPage([
      { text: 'GEAR2RTF', x: 90, y: 562, size: 20.7 },
      { text: 'A converter from GEAR to RTF', x: 369, y: 538, size: 10.9 },
      { text: 'Edition 0.7.2', x: 90, y: 522, size: 10.9 },
      { text: 'Ada Lovelace,', x: 90, y: 127, size: 14.3 },
      { text: 'updated by Charles Babbage and Mary Somerville, with contributions by Augustus De Morgan', x: 90, y: 111, size: 10.9 },
    ]);
    expect(lastNames(r)).toEqual(['Lovelace', 'Babbage', 'Somerville']);
  });

  it('reads no one in the city before a state and its postal code ("San Antonio, TX 78249")', async () => {
    const r = await extractPage([
      { text: 'Implementation of a viscoelastic gear model', x: 115, y: 606, size: 20.7 },
      { text: 'A. Lovelace and C.B. Babbage', x: 220, y: 546, size: 14.3 },
      { text: 'Center for Gear Simulation', x: 181, y: 528, size: 14.3 },
      { text: 'The University of Texas at San Antonio', x: 182, y: 492, size: 14.3 },
      { text: 'San Antonio, TX 78249', x: 232, y: 474, size: 14.3 },
      { text: 'September 12, 2014', x: 245, y: 410, size: 14.3 },
      { text: '1 Introduction', x: 111, y: 357, size: 17.2 },
      ...bodyText(111, 331, 12),
    ]);
    expect(lastNames(r)).toEqual(['Lovelace', 'Babbage']);
  });

  it('keeps initials run together in capitals ("J.A.M. Vermaseren"), while a name in capitals is written as a name', () => {
    expect(parsePersonName('J.A.M. Vermaseren')).toEqual({ first_name: 'J.A.M.', last_name: 'Vermaseren' });
    expect(parsePersonName('ADA LOVELACE')?.last_name).toBe('Lovelace');
  });
});

describe('years', () => {
  it('does not date the page by the end of an author\'s former address ("(till December 2000)")', () => {
    expect(year(['(till December 2000)', 'January 20, 2003'])).toBe(2003);
    expect(year(['(until 1998)', '1 March 2001'])).toBe(2001);
  });
});

describe('types', () => {
  it('types a laboratory preprint, numbered at the top right ("Nikhef 2015-025"), as a report', async () => {
    // A paper's page with `label` set small at the top right, where a laboratory prints its preprint number.
    const labelled = (label: string) => extractPage([
      { text: label, x: 442, y: 670, size: 12 },
      { text: 'A Study of Gear Trains', x: 132, y: 585, size: 20.7 },
      { text: 'Ada Lovelace and Charles Babbage', x: 170, y: 531, size: 14.3 },
      { text: 'Abstract', x: 277, y: 299, size: 10.9 },
      ...bodyText(101, 279, 12),
    ]);
    expect((await labelled('Gearlab 2015-025')).fields.type).not.toBe('report');
    for (const n of ['Nikhef 2015-025', 'CERN-TH-2019-123', 'DESY 19-001', 'SLAC-PUB-17345']) expect((await labelled(n)).fields.type, n).toBe('report');
  });
});
