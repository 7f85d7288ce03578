// Failure classes named by the sixteenth held-aside run (and its Greek reprint, seen first in held15), each shown on a
// synthetic page of its shape, or on the lines and names the readers read.
import { describe, expect, it } from 'vitest';
import { findPublicationYear } from './dates.ts';
import { detectDocumentType } from './documentType.ts';
import { parsePersonName, splitAuthorLine } from './personNames.ts';
import { extractPage } from './syntheticExtraction.ts';
import { bodyText } from './syntheticPdf.ts';
import { normalizeText, type TextLine } from './textLines.ts';

const lastNames = (r: { fields: { authors?: { last_name: string }[] } }) => r.fields.authors?.map((a) => a.last_name);
const firstNames = (r: { fields: { authors?: { first_name?: string }[] } }) => r.fields.authors?.map((a) => a.first_name);
const line = (text: string, y = 700): TextLine => ({ text, textWithoutMarkers: text, textWithMarkerBreaks: text, x: 100, right: 400, y, size: 10 }) as TextLine;

describe('names beside their addresses and affiliations', () => {
  it('reads a name set straight before its affiliation, without a comma', async () => {
    const r = await extractPage([
      { text: 'gearfit: Using the 2011 version of the gear solver', x: 144, y: 668, size: 17.2 },
      { text: 'John C Nash Telfer School of Management, University of Ottawa, nashjc@uottawa.ca', x: 87, y: 633, size: 12 },
      { text: 'October 22, 2019', x: 262, y: 604, size: 12 },
      { text: 'Abstract', x: 72, y: 565, size: 14.3 },
      ...bodyText(72, 537, 8),
    ]);
    expect(lastNames(r)).toEqual(['Nash']);
  });

  it('takes no name from an institution named after a person, whose address does not hold that name', async () => {
    const r = await extractPage([
      { text: 'Gear Alignments', x: 200, y: 668, size: 17.2 },
      { text: 'Ada Lovelace', x: 250, y: 640, size: 12 },
      { text: 'Fred Hutchinson Cancer Research Center, Seattle, alovelace@fredhutch.org', x: 87, y: 626, size: 12 },
      { text: 'October 22, 2019', x: 262, y: 604, size: 12 },
      { text: 'Abstract', x: 72, y: 565, size: 14.3 },
      ...bodyText(72, 537, 8),
    ]);
    expect(lastNames(r)).toEqual(['Lovelace']);
  });

  it('reads a name with its address set between dashes', async () => {
    const r = await extractPage([
      { text: 'Gear Set Tutorial', x: 225, y: 660, size: 20.7 },
      { text: 'Karl Stamm - karl.stamm@gears.org -', x: 183, y: 599, size: 14.3 },
      { text: 'November 1, 2022', x: 251, y: 571, size: 14.3 },
      { text: '1 Introduction', x: 72, y: 518, size: 17.2 },
      ...bodyText(72, 492, 8),
    ]);
    expect(lastNames(r)).toEqual(['Stamm']);
  });

  it('turns round a name printed family name first, as its address beside it shows', async () => {
    const r = await extractPage([
      { text: "Programmer's Reference Manual", x: 112, y: 533, size: 24.8 },
      { text: 'by', x: 306, y: 138, size: 14.3 },
      { text: 'Sonntag Benoit (benoit.sonntag@gears.org)', x: 160, y: 90, size: 14.3 },
      { text: 'Oswald Xavier (xavier.oswald@gears.org)', x: 167, y: 72, size: 14.3 },
      { text: 'Lovelace Ada (lovelace@gears.org)', x: 167, y: 54, size: 14.3 },
    ]);
    expect(lastNames(r)).toEqual(['Sonntag', 'Oswald', 'Ada']);
    expect(firstNames(r)).toEqual(['Benoit', 'Xavier', 'Lovelace']);
  });

  it('reads a Greek name whose Delta came through as the maths increment sign', () => {
    const text = normalizeText('\u2206ημήτριος Ἀ. Φιλίππου');
    expect(splitAuthorLine(text).map((p) => parsePersonName(p)?.last_name)).toEqual(['Φιλίππου']);
    // The same author's address line, Greek read through the wrong font encoding, names no one: a given name has a vowel.
    expect(parsePersonName('Ktw Gatzèa')).toBeUndefined();
    expect(parsePersonName('Jan Vlk')?.last_name).toBe('Vlk');
    expect(parsePersonName('Tsz Chun Wong')?.last_name).toBe('Wong');
    // The sign itself, in maths, stays.
    expect(normalizeText('\u2206x = 2')).toBe('\u2206x = 2');
  });
});

describe('titles and years', () => {
  it('takes release notes for a title', async () => {
    const r = await extractPage([
      { text: 'Release Notes for X11R7.7', x: 149, y: 699, size: 24.9 },
      { text: 'The X.Org Foundation', x: 108, y: 671, size: 14.4 },
      { text: 'June 2012', x: 283, y: 652, size: 10 },
      { text: 'Abstract', x: 286, y: 630, size: 10 },
      { text: 'These release notes contain information about features and their status in the X.Org Foundation X11R7.7 release.', x: 72, y: 608, size: 10 },
    ]);
    expect(r.fields.title).toBe('Release Notes for X11R7.7');
  });

  it('dates a document by its RCS or CVS revision line, and by a reprint footnote citing the issue', () => {
    expect(findPublicationYear([line('Id: eskd.dtx,v 1.3 2004/10/15 05:34:29 fva Exp')], [])).toBe(2004);
    expect(findPublicationYear([line('A title')], [], [line('Reproduced with permission from Eutypon, no. 4, Apr. 2000, pp. 1–16.', 180)])).toBe(2000);
  });
});

describe('more of held16', () => {
  it('ends a title at a kind of document set after its subtitle ("a manual"), and keeps one set under a bare name', async () => {
    const page = (top: string[]) => [
      ...top.map((text, i) => ({ text, x: 145, y: 724 - i * 24, size: 20.7 })),
      { text: 'Ada Lovelace', x: 262, y: 632, size: 14.3 },
      { text: '26/08/2013', x: 265, y: 563, size: 14.3 },
      { text: '1 The program', x: 57, y: 507, size: 17.2 },
      ...bodyText(57, 475, 8),
    ];
    expect((await extractPage(page(['gearstat: a program for computing', 'gear statistics', 'a manual']))).fields.title).toBe('gearstat: a program for computing gear statistics');
    expect((await extractPage(page(['GearTeX', 'Reference', 'Manual']))).fields.title).toBe('GearTeX Reference Manual');
  });

  it('types as a guide a manual that says, with an adjective, that it shows how; a note that does so stays a paper', () => {
    const evidence = (sentence: string) => ({ lines: ['Using the Columbus extension to Gears', 'Ada Lovelace', 'Abstract', sentence], head: ['Using the Columbus extension to Gears'], pageCount: 6, textLength: 3000, hasAbstract: true, hasAffiliations: false, hasIsbn: false, title: 'Using the Columbus extension to Gears' });
    expect(detectDocumentType(evidence('This short manual describes how to use the Columbus module within the Gears package.')).type).toBe('generic');
    expect(detectDocumentType(evidence('This brief note describes how this problem can be solved.')).type).toBe('journal');
  });

  it('reads a name in Han characters set unspaced beside its address', async () => {
    const r = await extractPage([
      { text: 'CTEX FAQ', x: 148, y: 691, size: 24.8 },
      { text: 'Version 0.4 beta (89)', x: 232, y: 657, size: 17.2 },
      { text: '吴凌云', x: 244, y: 623, size: 12, cjk: true },
      { text: '(aloft@ctex.org)', x: 290, y: 623, size: 12 },
      ...bodyText(72, 556, 8),
    ]);
    expect(lastNames(r)).toEqual(['吴']);
  });
});
