// Failure classes named by the ninth held-aside run, each shown on a synthetic page of its shape.
import { describe, expect, it } from 'vitest';
import { extractPage } from './syntheticExtraction.ts';
import { bodyText, paragraph } from './syntheticPdf.ts';

describe('a title with "by" under it', () => {
  it('ends the title at the "by" line and reads the name under it as the author', async () => {
    const r = await extractPage([
      { text: 'Manual for gears.sty and gearsvar.sty', x: 187, y: 671, size: 12 },
      { text: 'by', x: 291, y: 657, size: 12 },
      { text: 'Ada M. Lovelace', x: 250, y: 642, size: 12 },
      { text: 'For Version 2.15, 2013-6-24', x: 227, y: 613, size: 12 },
      { text: '1. Introduction', x: 99, y: 579, size: 12 },
      ...paragraph(Array.from({ length: 20 }, () => 'gears turn in columns and the text runs on to the right margin of the page'), 99, 552, 12),
    ]);
    expect(r.fields.title).toBe('Manual for gears.sty and gearsvar.sty');
    expect(r.fields.authors?.map((a) => a.last_name)).toEqual(['Lovelace']);
  });
});

describe('a newsletter\'s page of items', () => {
  const page = (headings: string[]) => [
    { text: 'GearTeX News', x: 44, y: 695, size: 24.8 },
    { text: 'Issue 27, April 2017', x: 44, y: 675, size: 10 },
    ...headings.flatMap((heading, i) => [
      { text: heading, x: 44, y: 618 - i * 150, size: 12 },
      ...bodyText(44, 600 - i * 150, 8),
    ]),
  ];

  it('takes the masthead for the title when several headings follow the issue line', async () => {
    const r = await extractPage(page(['Contents', 'Date formats', 'Disabling hyphenation']));
    expect(r.fields.title).toBe('GearTeX News');
  });

  it('still takes one article under the masthead for the title', async () => {
    const r = await extractPage(page(['Disabling hyphenation in gears']));
    expect(r.fields.title).toBe('Disabling hyphenation in gears');
  });
});

describe('a recorded title that is a file name', () => {
  it('does not stand in for a printed title it starts with', async () => {
    const r = await extractPage([{ text: 'Gears', x: 214, y: 640, size: 60 }, ...bodyText(90, 560, 20)], { Title: 'gears-context-readme' });
    expect(r.fields.title).toBe('Gears');
  });
});

describe('a date in the page\'s foot above a wide bottom margin', () => {
  it('is the year, as in a margin', async () => {
    const r = await extractPage([
      { text: 'A specimen title for gears', x: 212, y: 690, size: 14.3 },
      { text: 'Ada Lovelace', x: 261, y: 660, size: 10 },
      { text: 'Abstract', x: 106, y: 600, size: 10 },
      ...bodyText(106, 585, 30),
      { text: 'Preprint submitted to Gear Letters', x: 106, y: 129, size: 8 },
      { text: 'June 8, 2018', x: 448, y: 129, size: 8 },
    ]);
    expect(r.fields.year).toBe(2018);
  });
});

describe('a footnote dating the version a guide documents', () => {
  it('gives the year when nothing else on the page does', async () => {
    const r = await extractPage([
      { text: 'gearmac', x: 276, y: 615, size: 17.2 },
      { text: 'Typeset gear catalogues with LaTeX', x: 174, y: 593, size: 17.2 },
      { text: 'Ada Lovelace', x: 275, y: 565, size: 12 },
      ...bodyText(127, 500, 25),
      { text: 'This file (gearmac.dtx) has version number v1.24.12, last revised 2017/09/25.', x: 127, y: 120, size: 8 },
    ]);
    expect(r.fields.year).toBe(2017);
  });
});

describe('names credited as the work a package is based on', () => {
  it('are not authors', async () => {
    const r = await extractPage([
      { text: 'gearmac', x: 276, y: 615, size: 17.2 },
      { text: 'Typeset gear catalogues with LaTeX', x: 174, y: 593, size: 17.2 },
      { text: 'Ada Lovelace', x: 275, y: 565, size: 12 },
      { text: 'based on the original gearmac by', x: 258, y: 551, size: 9 },
      { text: 'Charles Babbage', x: 277, y: 537, size: 12 },
      ...bodyText(127, 480, 25),
    ]);
    expect(r.fields.authors?.map((a) => a.last_name)).toEqual(['Lovelace']);
  });
});

describe('document type', () => {
  it('reads a guide whose first sentence names the TeX file it documents, though its title names a journal', async () => {
    const r = await extractPage([
      { text: 'International Committee of Gear Journal', x: 120, y: 700, size: 17 },
      { text: 'Editors Uniform Requirements', x: 160, y: 679, size: 17 },
      { text: 'Ada Lovelace', x: 250, y: 650, size: 12 },
      { text: 'May 13, 2021', x: 258, y: 630, size: 12 },
      ...paragraph(['The gearcouver.bst bibliographic style file (for LaTeX/BibTeX) is generated', 'with the docstrip utility and modified to meet the requirements.'], 90, 590),
      ...bodyText(90, 560, 20),
    ]);
    expect(r.fields.type).toBe('generic');
  });

  it('reads a biblatex style\'s guide with a references section as a guide', async () => {
    const r = await extractPage([
      { text: 'The gear-rsc bibliography style for biblatex', x: 150, y: 700, size: 17 },
      { text: 'Ada Lovelace', x: 260, y: 670, size: 12 },
      { text: 'Released 2021/02/24', x: 250, y: 650, size: 12 },
      ...paragraph([
        'This package provides a style for biblatex which follows the guidelines of Royal',
        'Society of Gears. The citation style is numeric and unsorted. The bibliography',
        'style follows the pattern of the layout used in the journal Gear Communications.',
        'The citation style is numeric and unsorted. The bibliography style follows the',
        'pattern of the layout used in the journal. The style should be loaded in the usual',
        'way',
      ], 145, 610),
      { text: 'References', x: 90, y: 560, size: 14 },
      ...paragraph(['(1) A. B. Gear, J. Gear Soc., 1991, 113, 361–363.', '(2) C. D. Wheel, Gear Letters, vol. 4, 1995.'], 90, 540),
      ...bodyText(90, 500, 15),
    ]);
    expect(r.fields.type).toBe('generic');
  });

  it('reads a thesis class\'s guide that prints a degree\'s words as a guide', async () => {
    const r = await extractPage([
      { text: 'The gearthesis class', x: 220, y: 700, size: 20 },
      { text: 'A template for the doctor of philosophy at Gear University', x: 150, y: 675, size: 14 },
      { text: 'v1.1.2', x: 280, y: 650, size: 12 },
      ...bodyText(90, 610, 25),
    ]);
    expect(r.fields.type).toBe('generic');
  });

  it('still reads a specimen thesis set in a class named in its title as a thesis', async () => {
    const r = await extractPage([
      { text: 'A Gear University Thesis LaTeX Class File', x: 150, y: 700, size: 17 },
      { text: 'By', x: 290, y: 670, size: 12 },
      { text: 'Ada Lovelace', x: 260, y: 650, size: 12 },
      { text: 'A thesis submitted in partial fulfilment of the requirements for the degree of', x: 100, y: 610, size: 12 },
      { text: 'Doctor of Philosophy', x: 240, y: 595, size: 12 },
      { text: '2020', x: 285, y: 560, size: 12 },
    ]);
    expect(r.fields.type).toBe('thesis');
  });

  it('reads a page that calls itself documentation as a guide, abstract or not', async () => {
    const r = await extractPage([
      { text: 'gearmac', x: 276, y: 700, size: 17.2 },
      { text: 'Typeset gear catalogues with LaTeX', x: 174, y: 678, size: 17.2 },
      { text: 'Ada Lovelace', x: 275, y: 650, size: 12 },
      ...paragraph(['This is documentation of the deprecated gearmac package. If you are', 'beginning a new project, we suggest that you use regearmac instead.'], 127, 630),
      { text: 'Abstract', x: 280, y: 590, size: 12 },
      ...bodyText(127, 570, 20),
    ]);
    expect(r.fields.type).toBe('generic');
  });

  it('reads a class\'s specimen article with a keywords line set apart by type alone as an article', async () => {
    const r = await extractPage([
      { text: 'Testing LaTeX Class and BibTeX Style for the Journal', x: 100, y: 700, size: 14 },
      { text: '“International Gear Finance” (IGF)', x: 180, y: 680, size: 14 },
      { text: 'Abstract This is an abstract. This is an abstract. This is an abstract.', x: 100, y: 640, size: 10 },
      { text: 'Key words International Gear Finance, BibTeX, LaTeX', x: 100, y: 610, size: 10 },
      { text: 'JEL classification A1, B2, C3', x: 100, y: 595, size: 10 },
      ...bodyText(100, 560, 20),
    ]);
    expect(r.fields.type).toBe('journal');
  });
});

describe('a logo with a mirrored letter in the title', () => {
  it('keeps the mirrored letter on its line and spells the logo', async () => {
    // "About X" then the reversed E, drawn leftwards from its origin, with the rest of the logo.
    const r = await extractPage([
      { text: 'About X', x: 245.7, y: 662.2, size: 17.15 },
      { text: 'E TEX', x: 318.4, y: 658.5, size: 17.15, mirrored: true },
      { text: 'Ada Lovelace', x: 261, y: 632, size: 12 },
      { text: '17 October 2005', x: 255, y: 608, size: 12 },
      ...bodyText(125, 560, 20),
    ]);
    expect(r.fields.title).toBe('About XeTeX');
  });
});

describe('a product\'s documentation series over one of its volumes', () => {
  it('takes the volume, set as large under it, for the title', async () => {
    const r = await extractPage([
      { text: 'Fluid Gears Department', x: 92, y: 647, size: 7 },
      { text: 'APRIL 2020', x: 503, y: 579, size: 7 },
      { text: 'Gear Saturne documentation', x: 170, y: 498, size: 12 },
      { text: 'Gear Saturne Theory Guide', x: 237, y: 461, size: 12 },
      { text: 'contact: gear-support@gears.org', x: 170, y: 402, size: 12 },
    ]);
    expect(r.fields.title).toBe('Gear Saturne Theory Guide');
  });
});

describe('a recorded author that is an acronym', () => {
  it('is not taken for a person', async () => {
    const r = await extractPage([{ text: 'Gear Saturne Theory Guide', x: 170, y: 600, size: 14 }, ...bodyText(90, 560, 20)], { Author: 'MFEE' });
    expect(r.fields.authors).toBeUndefined();
  });
});
