// Failure classes named by the fourteenth held-aside run (and seen before in held13's seriation vignette), each shown on
// a synthetic page of its shape (or on the lines the name reader reads).
import { describe, expect, it } from 'vitest';
import { findPublicationYear } from './dates.ts';
import { parsePersonName, splitAuthorLine } from './personNames.ts';
import { readableShare, UNREADABLE_BELOW } from './textQuality.ts';
import { extractPage } from './syntheticExtraction.ts';
import { bodyText } from './syntheticPdf.ts';

const lastNames = (r: { fields: { authors?: { last_name: string }[] } }) => r.fields.authors?.map((a) => a.last_name);
const names = (text: string) => splitAuthorLine(text).map((p) => parsePersonName(p)?.last_name);

/** Two authors side by side, each with an affiliation under the name. */
const TWO_COLUMNS = [
  { text: 'Ada Lovelace', x: 155, y: 685, size: 12 },
  { text: 'Charles Babbage', x: 333, y: 685, size: 12 },
  { text: 'University of Washington,', x: 122, y: 660, size: 12 },
  { text: 'Harvard University,', x: 333, y: 660, size: 12 },
];

describe('author grids', () => {
  it('reads a third author set alone under two columns, centred between them, after their affiliations', async () => {
    const r = await extractPage([
      { text: 'Gearbox: Counting, differential expression, and', x: 86, y: 736, size: 17.2 },
      { text: 'trajectory analysis for single-gear experiments', x: 71, y: 714, size: 17.2 },
      ...TWO_COLUMNS,
      { text: 'ada@uw.edu', x: 143, y: 632, size: 12 },
      { text: 'cb@harvard.edu', x: 307, y: 632, size: 12 },
      { text: 'Mary Somerville', x: 262, y: 612, size: 12 },
      { text: 'University of Washington,', x: 230, y: 586, size: 12 },
      { text: 'ms@uw.edu', x: 264, y: 558, size: 12 },
      { text: 'Abstract', x: 277, y: 520, size: 12 },
      ...bodyText(86, 500, 12),
    ]);
    expect(lastNames(r)).toEqual(['Lovelace', 'Babbage', 'Somerville']);
  });

  it('leaves a name under one of the columns to that column\'s cell', async () => {
    const r = await extractPage([
      { text: 'Gear Trains in Practice', x: 180, y: 736, size: 17.2 },
      ...TWO_COLUMNS,
      { text: 'Gear Street 5', x: 340, y: 612, size: 12 },
      { text: 'Abstract', x: 277, y: 520, size: 12 },
      ...bodyText(86, 500, 12),
    ]);
    expect(lastNames(r)).toEqual(['Lovelace', 'Babbage']);
  });
});

describe('names', () => {
  it('reads no one in an edition line ("First Edition, for DDD Version 3.3.12")', () => {
    expect(names('First Edition, for GEAR Version 3.3.12')).toEqual([undefined, undefined]);
    expect(parsePersonName('Second Edition')).toBeUndefined();
  });
  it('reads a double family name joined by an en dash ("C. Pit–Claudel"), but not a dash between two words', () => {
    expect(parsePersonName('C. Pit–Claudel')).toEqual({ first_name: 'C.', last_name: 'Pit–Claudel' });
    expect(parsePersonName('Ada – Lovelace')).toBeUndefined();
  });
  it('reads the names after "Written by", and an editor marked in square brackets', () => {
    expect(names('Written by Ada Lovelace, Charles Babbage, and Mary Somerville')).toEqual(['Lovelace', 'Babbage', 'Somerville']);
    expect(names('Ada Lovelace [editor]')).toEqual(['Lovelace']);
  });
  it('reads no one in a company\'s name before its legal form ("Galois Connections, Inc.")', async () => {
    const r = await extractPage([
      { text: 'The Gear Foreign Function Interface 1.0', x: 144, y: 681, size: 17.2 },
      { text: 'An Addendum to the Gear Report', x: 163, y: 659, size: 17.2 },
      { text: 'Ada Lovelace [editor], University of New South Wales', x: 145, y: 630, size: 12 },
      { text: 'Charles Babbage, Analytical Engines, Inc.', x: 197, y: 616, size: 12 },
      { text: 'Mary Somerville, University of Melbourne', x: 190, y: 603, size: 12 },
      ...bodyText(90, 400, 10),
    ]);
    expect(lastNames(r)).toEqual(['Lovelace', 'Babbage', 'Somerville']);
  });
});

describe('text layers', () => {
  it('does not trust a layer whose words ran together, their letters shuffled ("AbstraTheLsiATalEXOdesign,btaookvtopalass")', () => {
    const lost = 'AbstraTheLsiATalEXOdesign,btaookvtopalass,formatkagewrittenandisalatomoyout.helpdiproationThedupage of ebtheookssizesstandardofmadelasPCroLargeFDemoost aaregrid,temptvailablealandisulatedmadearedisplatheatoymainisordinglassikepttain';
    expect(readableShare(lost)).toBeLessThan(UNREADABLE_BELOW);
    // A long compound, a Chinese sentence set without spaces and ordinary prose still read.
    expect(readableShare('Die Donaudampfschifffahrtsgesellschaft fährt heute')).toBe(1);
    expect(readableShare('植物标本是经处理能够长期保存的植物材料它们是植物居群的样本通过标本可以了解植物居群由于植物材料本身并不能完整地反映居群')).toBe(1);
  });
});

describe('years', () => {
  it('reads a copyright range at the page\'s foot whose sign came through as "c©" ("Copyright c© 2002–2022 degli autori")', () => {
    const line = (text: string) => ({ text, size: 10, x: 0, y: 0, right: 100, page: 1, markers: 0, textWithMarkerBreaks: text, textWithoutMarkers: text });
    expect(findPublicationYear([], [], [line('Copyright c© 2002–2022 degli autori.')], 2027)).toBe(2022);
    expect(findPublicationYear([], [], [line('Copyright ©c 2019 the authors')], 2027)).toBe(2019);
  });
});
