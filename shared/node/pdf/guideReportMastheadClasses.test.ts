// Failure classes named after the corpus's fifth held-aside run, each shown on a synthetic page of its
// shape: a program's guide whose abstract says it shows how to use something typed as a paper, a
// report that says so only in its own words or its title typed as something else, and a magazine's
// masthead and issue line taken for the article's title; and a capitalised particle ("Van Zandt") cut off
// the family name, which the development part showed.
import { describe, expect, it } from 'vitest';
import { parsePersonName } from './personNames.ts';
import { extractPage } from './syntheticExtraction.ts';
import { bodyText, type SyntheticText } from './syntheticPdf.ts';

describe('guides that say they show how', () => {
  /** A vignette set in a journal's style: title, authors, an abstract and a keywords line. */
  const page = (says: string[]) => extractPage([
    { text: 'R Package gearbox, Writing Gears in Compiled Languages', x: 100, y: 700, size: 16 },
    { text: 'Ada Lovelace', x: 250, y: 670, size: 12 },
    { text: 'Abstract', x: 280, y: 640, size: 10 },
    ...says.map((text, i) => ({ text, x: 100, y: 625 - i * 12, size: 10 })),
    { text: 'Keywords: gears, compiled code, sprockets.', x: 100, y: 580, size: 10 },
    ...bodyText(72, 550, 20),
  ]);

  it('types a guide whose abstract says it shows how to use a package as documentation, keywords line or not', async () => {
    expect((await page(['This document describes how to use the gearbox package to solve', 'models that are written in FORTRAN or C.'])).fields.type).toBe('generic');
    expect((await page(['It is shown by example how a gear model is fitted with the gear', 'function in package gearbox.'])).fields.type).toBe('generic');
    expect((await page(['This tutorial explains briefly how to write import methods for the', 'gearbox package.'])).fields.type).toBe('generic');
  });

  it('types a guide whose title says it shows how ("How to ...", "Getting started with ...") as documentation, abstract or not', async () => {
    const titled = (title: string) => extractPage([
      { text: title, x: 100, y: 700, size: 16 },
      { text: 'Ada Lovelace', x: 250, y: 670, size: 12 },
      { text: 'Abstract', x: 280, y: 640, size: 10 },
      { text: 'Gear trains are drawn with the gearbox package in a few lines of code.', x: 100, y: 625, size: 10 },
      ...bodyText(72, 590, 20),
    ]);
    expect((await titled('How to Draw a Gear Train with gearbox')).fields.type).toBe('generic');
    expect((await titled('Getting Started with Gear Trains in gearbox')).fields.type).toBe('generic');
    expect((await titled('Gear Trains Drawn with the gearbox Routines')).fields.type).toBe('journal');
  });

  it('keeps a paper that says what it shows a paper', async () => {
    expect((await page(['This paper describes how gears and sprockets wear in the field,', 'measured over ten years of use.'])).fields.type).toBe('journal');
    // A vignette that reprints a paper introduces or illustrates, and a class's specimen article shows how to use its class.
    expect((await page(['This vignette introduces the gearbox package of R utilities for', 'drawing gear trains.'])).fields.type).toBe('journal');
    expect((await page(['This document shows how to use the gearart class, which sets', 'articles for the Gear Review.'])).fields.type).toBe('journal');
  });
});

describe('reports that say so in their own words or title', () => {
  const cover = (title: string, prose: string[]): SyntheticText[] => [
    { text: title, x: 150, y: 700, size: 18 },
    { text: 'by Ada Lovelace', x: 230, y: 670, size: 12 },
    { text: 'Gear University', x: 240, y: 652, size: 12 },
    { text: '(Version 3, January 1990)', x: 220, y: 630, size: 12 },
    ...prose.map((text, i) => ({ text, x: 72, y: 590 - i * 12, size: 10 })),
  ];

  it('types a page that calls itself a report a report', async () => {
    const r = await extractPage(cover('A Torture Test for Gears', [
      'Programs that claim to be implementations of the gear train are supposed to be able',
      'to process the test routine contained in this report, producing the outputs shown.',
      'The preparation of this report was supported in part by the Gear Foundation.',
    ]));
    expect(r.fields.title).toBe('A Torture Test for Gears');
    expect(r.fields.type).toBe('report');
  });

  it('types a document whose title names it a report a report', async () => {
    const r = await extractPage(cover('Gear Train Accessibility Conformance Report', ['Name of product: the gear train, with its sprockets and chains.']));
    expect(r.fields.type).toBe('report');
  });

  it('does not take a template\'s words about the reader\'s report for the page calling itself one', async () => {
    const r = await extractPage([
      { text: 'Reasoning About the Unreasonable', x: 150, y: 700, size: 18 },
      { text: 'Ada Lovelace', x: 230, y: 670, size: 12 },
      { text: 'Abstract', x: 280, y: 640, size: 10 },
      { text: 'If you wish to write this report in German you need not change anything else.', x: 72, y: 625, size: 10 },
      ...bodyText(72, 590, 20),
    ]);
    expect(r.fields.type).toBe('journal');
  });

  it('keeps an article with its journal header that says "in this report" an article', async () => {
    const r = await extractPage([
      { text: 'Journal of Gears, Vol. 12, No. 3 (1990)', x: 72, y: 760, size: 8 },
      ...cover('Sprocket Wear in the Field', ['In this report we describe how sprockets wear in the field over ten years of use.']),
    ]);
    expect(r.fields.type).toBe('journal');
  });
});

describe('magazine mastheads', () => {
  it('takes the article\'s title under a magazine\'s masthead and issue line, not the masthead, and ends it at the author\'s name', async () => {
    const r = await extractPage([
      { text: 'Gear Way', x: 60, y: 360, size: 110 },
      { text: 'Gearbox magazine #1102 MkIV', x: 190, y: 236, size: 25 },
      { text: 'July 2011', x: 435, y: 205, size: 25 },
      { text: 'Annotated Sprockets', x: 310, y: 150, size: 25 },
      { text: 'Ada Lovelace', x: 400, y: 118, size: 25 },
      { text: 'GEARWORKS BV', x: 360, y: 87, size: 25 },
    ]);
    expect(r.fields.title).toBe('Annotated Sprockets');
    expect(r.fields.authors?.map((a) => a.last_name)).toEqual(['Lovelace']);
    expect(r.fields.year).toBe(2011);
    expect(r.fields.type).toBe('journal');
  });
});

describe('family names with a capitalised particle', () => {
  it('keeps a capitalised particle after a given name with the family name', () => {
    expect(parsePersonName('Timothy Van Zandt')).toEqual({ first_name: 'Timothy', last_name: 'Van Zandt' });
    expect(parsePersonName('Bruno Le Floch')).toEqual({ first_name: 'Bruno', last_name: 'Le Floch' });
    expect(parsePersonName('Mark A. van de Wiel')).toEqual({ first_name: 'Mark A.', last_name: 'van de Wiel' });
    // A family name that is itself such a word stays the family name.
    expect(parsePersonName('Anh Le')).toEqual({ first_name: 'Anh', last_name: 'Le' });
  });
});
