// Failure classes named by the corpus's first and second held-aside runs (author grids, thesis committees,
// type and year mix-ups), fixed as classes and each shown on a synthetic page of its shape;
// layoutClasses.test.ts holds the earlier classes.
import { describe, expect, it } from 'vitest';
import { extractPdfMetadata } from './extractPdfMetadata.ts';
import { extractPage, ok } from './syntheticExtraction.ts';
import { hanName, parsePersonName } from './personNames.ts';
import { paragraph, syntheticPdf } from './syntheticPdf.ts';

const words = 'gears turn in columns and the text runs on to the right margin of the column';
const body = (x: number, y: number, n: number) => paragraph(Array.from({ length: n }, () => words), x, y, 10);
const lastNames = (r: Awaited<ReturnType<typeof extractPage>>) => r.fields.authors?.map((a) => a.last_name);

describe('author grids', () => {
  it('reads names set side by side in columns cell by cell, row by row, past the addresses under them and the line numbers beside them', async () => {
    // A cell: its names at 12 pt, then its affiliation, address and e-mail at 10 pt.
    const cell = (x: number, y: number, names: string[], address: string[]) =>
      [...names, ...address].map((text, i) => ({ text, x, y: y - i * 12, size: i < names.length ? 12 : 10 }));
    const r = await extractPage([
      { text: 'Gears in Distributed Systems', x: 170, y: 700, size: 18 },
      ...cell(90, 660, ['Ada Lovelace', 'Grace Hopper'], ['Gear Institute', 'Dublin, Ohio, USA', 'ada@gears.org']),
      ...cell(260, 660, ['Alan Turing'], ['Cog University', 'Hekla, Iceland', 'alan@cogs.org']),
      ...cell(430, 660, ['Emmy Noether'], ['Tsinghua University', 'Haidian Qu, Beijing Shi, China']),
      ...cell(170, 580, ['Kurt Goedel'], ['Wheel Laboratories', 'New York, USA']),
      ...cell(340, 580, ['John Smith'], ['Spoke Group', 'Hekla, Iceland']),
      ...Array.from({ length: 12 }, (_, i) => ({ text: String(i + 1), x: 30, y: 700 - i * 12, size: 8 })),
      { text: 'ABSTRACT', x: 72, y: 500, size: 11 },
      ...body(72, 485, 20),
    ]);
    expect(lastNames(r)).toEqual(['Lovelace', 'Hopper', 'Turing', 'Noether', 'Goedel', 'Smith']);
  });
});

describe('side boxes', () => {
  it('reads on past a "Keywords:" line in a side box at the page\'s right edge', async () => {
    const r = await extractPage([
      { text: 'Gears in Distributed Systems', x: 45, y: 700, size: 14 },
      { text: 'ADA LOVELACE, Gear Institute, USA', x: 45, y: 680, size: 9 },
      { text: 'Keywords: gears, cogs, wheels', x: 430, y: 672, size: 7 },
      { text: 'ALAN TURING, Cog University, UK', x: 45, y: 668, size: 9 },
      { text: 'EMMY NOETHER, Wheel Laboratories, Germany', x: 45, y: 656, size: 9 },
      ...body(45, 620, 20),
    ]);
    expect(lastNames(r)).toEqual(['Lovelace', 'Turing', 'Noether']);
  });
});

describe('thesis committees and credits', () => {
  it('leaves out promoters, supervisors and a place line, however their labels are set', async () => {
    const r = await extractPage([
      { text: 'Minimax Optimisation of Gear Trains', x: 100, y: 680, size: 20 },
      { text: 'Bert Bibber', x: 100, y: 640, size: 12 },
      { text: 'Masterproef', x: 100, y: 620, size: 11 },
      { text: 'Promotoren', x: 100, y: 590, size: 11 },
      { text: 'Pieter Kumulus', x: 100, y: 576, size: 11 },
      { text: 'Copromotor', x: 100, y: 556, size: 11 },
      { text: 'Piet Pienter', x: 100, y: 542, size: 11 },
      { text: 'Externe Promotor', x: 100, y: 522, size: 11 },
      { text: 'Hans Warwinkel', x: 100, y: 508, size: 11 },
      { text: 'Fargo, North Dakota', x: 100, y: 480, size: 11 },
    ]);
    expect(lastNames(r)).toEqual(['Bibber']);
    expect(r.fields.type).toBe('thesis');
  });

  it('takes the names after "Auteur(s):" joined by a Dutch "en", not the ones under "Titularis(sen):"', async () => {
    const r = await extractPage([
      { text: 'Zagen, zoeken en zuchten', x: 100, y: 680, size: 20 },
      { text: 'Cursusnota\'s', x: 100, y: 655, size: 14 },
      { text: 'Auteur(s): Walter Daems en Paul Levrie', x: 100, y: 620, size: 11 },
      { text: 'Titularis(sen): Zeger de Zager', x: 100, y: 600, size: 11 },
      { text: 'Zoltan Zoekers', x: 178, y: 586, size: 11 },
      { text: 'Siana Sigh', x: 178, y: 572, size: 11 },
    ]);
    expect(lastNames(r)).toEqual(['Daems', 'Levrie']);
  });
});

describe('document types', () => {
  it('reads a thesis in Dutch and in Portuguese (its label set without a space), and reports in Dutch and German', async () => {
    const cover = (lines: string[]) => extractPage([
      { text: 'Harmonic Analysis of Gear Noise', x: 100, y: 680, size: 20 },
      { text: 'Theo Edgeoff', x: 100, y: 640, size: 12 },
      ...lines.map((text, i) => ({ text, x: 100, y: 600 - i * 14, size: 10 })),
    ]);
    expect((await cover(['Proefschrift voorgelegd tot het behalen van de graad van doctor'])).fields.type).toBe('thesis');
    expect((await cover(['Teseapresentada à Universidade Federal de Viçosa, como parte das exigências'])).fields.type).toBe('thesis');
    expect((await cover(['Onderzoeksrapport', 'Universiteit Antwerpen | Building Research Group | 2022'])).fields.type).toBe('report');
    expect((await cover(['Übungsabgabe 3', '29. Oktober 2020', 'Zusammenfassung'])).fields.type).toBe('report');
  });

  it('types a LaTeX class guide with an abstract as a generic document, and a package vignette with an abstract as an article', async () => {
    const page = (title: string, says: string) => extractPage([
      { text: title, x: 100, y: 680, size: 18 },
      { text: 'Boris Gearman', x: 100, y: 650, size: 12 },
      { text: 'Abstract', x: 100, y: 620, size: 10 },
      { text: says, x: 100, y: 606, size: 10 },
      ...body(100, 580, 20),
    ]);
    expect((await page('Typesetting Articles for Archives of Gear Studies', 'This package provides a class for typesetting articles for the archives.')).fields.type).toBe('generic');
    expect((await page('The gearbook document class for use with LaTeX', 'It follows the guidelines of the gear press.')).fields.type).toBe('generic');
    expect((await page('Introduction to the gears Package', 'The gears package implements gear regression in R with a formula interface.')).fields.type).toBe('journal');
    // A class's guide in Spanish ("Clase de documento ...").
    expect((await page('Clase de documento gearingud', 'Este documento muestra la clase para la revista de engranajes.')).fields.type).toBe('generic');
  });
});

describe('years and headers', () => {
  it('reads the year of a cover\'s place line under a long degree line, and passes over a build stamp with a time of day', async () => {
    const cover = await extractPage([
      { text: 'Harmonic Analysis of Gear Noise', x: 100, y: 680, size: 20 },
      { text: 'Theo Edgeoff', x: 100, y: 640, size: 12 },
      { text: 'Thesis submitted in fulfilment of the requirements for the degree of doctor in applied engineering', x: 60, y: 600, size: 9 },
      { text: 'Faculty of Applied Engineering | Antwerpen, 2022', x: 100, y: 580, size: 9 },
    ]);
    expect(cover.fields.year).toBe(2022);
    const draft = await extractPage([
      { text: 'Gears in Distributed Systems', x: 170, y: 700, size: 18 },
      { text: 'Ada Lovelace', x: 220, y: 670, size: 12 },
      { text: 'ABSTRACT', x: 72, y: 640, size: 11 },
      ...body(72, 625, 30),
      { text: '© 2018 Association for Computing Machinery.', x: 72, y: 90, size: 8 },
      { text: '2022-11-06 15:34. Page 1 of 1-6.', x: 250, y: 40, size: 8 },
    ]);
    expect(draft.fields.year).toBe(2018);
  });

  it('reads a collaboration\'s long lines of names as authors, not as the first paragraph', async () => {
    const r = await extractPage([
      { text: 'THE GEAR COLLABORATION', x: 190, y: 727, size: 14 },
      { text: 'C. Petit-Jean-Genaz, J. Poole, T. Baron, R. Billen, P. Ferreira, N. Juszka, M. Kolodziejski,', x: 60, y: 704, size: 10 },
      { text: 'A. Moennich, P. Poulopoulou, M. Vidal, CERN, 1211 Geneva 23, Switzerland', x: 80, y: 691, size: 10 },
      ...body(60, 660, 20),
    ]);
    expect(lastNames(r)?.slice(0, 4)).toEqual(['Petit-Jean-Genaz', 'Poole', 'Baron', 'Billen']);
    expect(lastNames(r)).toContain('Vidal');
  });

  it('ends the author block at a nomenclature list', async () => {
    const r = await extractPage([
      { text: 'Advanced Gear Conference Paper Template', x: 100, y: 700, size: 18 },
      { text: 'First A. Author and Second B. Author', x: 150, y: 670, size: 11 },
      { text: 'Nomenclature', x: 72, y: 630, size: 11 },
      { text: 'Jacobian Matrix', x: 120, y: 615, size: 10 },
      { text: 'Force Vector', x: 120, y: 603, size: 10 },
      ...body(72, 580, 20),
    ]);
    expect(lastNames(r)).toEqual(['Author', 'Author']);
  });
});

// Classes named by the second held-aside run, each fixed as a class and shown on its own page.
describe('names with titles, roles, credits and addresses around them', () => {
  it('reads a name after "Prof. Dr." or "Dr." and before a role in parentheses, and not the names a credit label heads', async () => {
    const r = await extractPage([
      { text: 'Anleitung zur Zahnradinstallation', x: 100, y: 700, size: 18 },
      { text: 'Karl Zahnrad (Herausgeber)', x: 100, y: 670, size: 11 },
      { text: 'Prof. Dr. Ada Lovelace', x: 100, y: 656, size: 11 },
      { text: 'verantwortlich für die deutsche Ausgabe:', x: 100, y: 630, size: 11 },
      { text: 'Dr. Uwe Getriebe, getriebe@example.org', x: 100, y: 616, size: 11 },
      ...body(100, 580, 20),
    ]);
    expect(lastNames(r)).toEqual(['Zahnrad', 'Lovelace']);
  });

  it('leaves out a translator named on the line under a label ("Version française", "Übersetzung von")', async () => {
    const page = (credit: string[]) => extractPage([
      { text: 'Guide pratique des engrenages', x: 100, y: 700, size: 18 },
      { text: 'Ada Lovelace', x: 100, y: 670, size: 11 },
      ...credit.map((text, i) => ({ text, x: 100, y: 650 - i * 14, size: 11 })),
      ...body(100, 580, 20),
    ]);
    expect(lastNames(await page(['Version française', 'Denis Pignon & Patrick Rouage']))).toEqual(['Lovelace']);
    expect(lastNames(await page(['Übersetzung von Carolin Zahn']))).toEqual(['Lovelace']);
    expect(lastNames(await page(['Deutsche Übersetzung von Susanne Kette (FSU Jena)']))).toEqual(['Lovelace']);
  });

  it('reads no person from a job title, a dedication or a building on a street, and keeps a name whose address is spelled out', async () => {
    const r = await extractPage([
      { text: 'The gearbox Package', x: 100, y: 700, size: 18 },
      { text: 'to my Master, Ferdowsi The Great', x: 100, y: 676, size: 10 },
      { text: 'Nahid Cog – nahid dot cog at example dot org', x: 100, y: 662, size: 11 },
      { text: 'Assistant Professor, United Gear University', x: 100, y: 648, size: 11 },
      { text: 'Fine Hall, Washington Road', x: 100, y: 634, size: 11 },
      ...body(100, 600, 20),
    ]);
    expect(lastNames(r)).toEqual(['Cog']);
  });

  it('names the holder of a "Copyright (c) YEARS by Name" line when the page names no author elsewhere', async () => {
    const page = (line: string) => extractPage([
      { text: 'Zahnräder einfügen: Ein How-To', x: 200, y: 720, size: 18 },
      { text: 'Version 1.50 vom 29. August 2010', x: 200, y: 690, size: 11 },
      { text: line, x: 100, y: 640, size: 10 },
      ...body(100, 600, 20),
    ]);
    expect(lastNames(await page('Copyright (c) 2005 (06-10) by Dominik Zahnrad.'))).toEqual(['Zahnrad']);
    expect(lastNames(await page('© 1995–1997 Ada Lovelace and Alan Turing'))).toEqual(['Lovelace', 'Turing']);
  });

  it('reads no names from an abstract with no heading, or from a thank-you list under a notice', async () => {
    const r = await extractPage([
      { text: 'Gear Pictures in LaTeX: A How-To', x: 150, y: 720, size: 18 },
      { text: 'Version 1.50 of 29 August 2010', x: 150, y: 695, size: 11 },
      { text: 'Copyright (c) 2005 by Dominik Zahnrad.', x: 100, y: 660, size: 10 },
      { text: 'Without the following people this document would never have come to be in the', x: 72, y: 630, size: 10 },
      { text: 'form you see here. I thank all of them for their tips and corrections:', x: 72, y: 618, size: 10 },
      { text: 'Axel Sommer, Frank Kuster, Heiko Bauke, Herbert Voss, Markus Kohm, Reiner Steib', x: 72, y: 606, size: 10 },
    ]);
    expect(lastNames(r)).toEqual(['Zahnrad']);
    const abstract = await extractPage([
      { text: 'Sprocket Noise in Wind Turbines', x: 150, y: 720, size: 18 },
      { text: 'Ada Lovelace', x: 200, y: 695, size: 11 },
      { text: 'We measure the noise of sprockets in turbines, as reported by Alan Turing and', x: 72, y: 660, size: 10 },
      { text: 'Emmy Noether, and compare it with the noise of gears in the same housing', x: 72, y: 648, size: 10 },
      ...body(72, 620, 10),
    ]);
    expect(lastNames(abstract)).toEqual(['Lovelace']);
  });

  it('reads a recorded name in Han characters with its family name first, and no run of Han characters as a name on the page', () => {
    expect(hanName('李清')).toEqual({ first_name: '清', last_name: '李' });
    expect(hanName('郑奘巍 ')).toEqual({ first_name: '奘巍', last_name: '郑' });
    expect(hanName('宏包使用手册')).toBeUndefined();
    // On the page "简介" (a heading) is as short as a name.
    expect(parsePersonName('简介')).toBeUndefined();
  });

  it('leaves out an Italian thesis\'s "Relatori" and "Tutore" columns and the names after "dott." and "prof." in it, and keeps the candidate', async () => {
    const r = await extractPage([
      { text: 'La pressione degli ingranaggi', x: 100, y: 680, size: 20 },
      { text: 'Tesi di Laurea Magistrale', x: 130, y: 650, size: 12 },
      { text: 'Relatori', x: 72, y: 600, size: 11 },
      { text: 'Studente', x: 400, y: 600, size: 11 },
      { text: 'prof. Albert Zahnrad', x: 72, y: 586, size: 11 },
      { text: 'Galileo Ruota', x: 400, y: 586, size: 11 },
      { text: 'dott. Mario Ingranaggio', x: 72, y: 572, size: 11 },
    ]);
    expect(lastNames(r)).toEqual(['Ruota']);
    const doctoral = await extractPage([
      { text: 'La pressione degli ingranaggi', x: 100, y: 680, size: 20 },
      { text: 'Galileo Ruota', x: 200, y: 650, size: 12 },
      { text: 'Tutore', x: 72, y: 620, size: 11 },
      { text: 'prof. Albert Zahnrad', x: 60, y: 606, size: 11 },
    ]);
    expect(lastNames(doctoral)).toEqual(['Ruota']);
  });
});

describe('titles and types named by the second held-aside run', () => {
  it('takes the title, not a label naming the kind of document or the event set larger above it', async () => {
    const page = (label: string) => extractPage([
      { text: label, x: 100, y: 720, size: 24 },
      { text: 'Gearbox 2.0 for Sprocket Engineers', x: 100, y: 690, size: 18 },
      { text: 'Ada Lovelace', x: 100, y: 660, size: 12 },
      ...body(100, 620, 20),
    ]);
    for (const label of ['User Manual', 'Research Proposal', 'Benutzerhandbuch', '12th International Conference on Gear Engineering 2019']) {
      expect((await page(label)).fields.title).toBe('Gearbox 2.0 for Sprocket Engineers');
    }
  });

  it('ends a title at the line naming the bundle it belongs to', async () => {
    const r = await extractPage([
      { text: 'The l3gear module', x: 150, y: 700, size: 17 },
      { text: 'Managing central gear resources', x: 150, y: 680, size: 17 },
      { text: 'LaTeX gear management testphase bundle', x: 150, y: 660, size: 17 },
      { text: 'The Gear Project', x: 180, y: 630, size: 12 },
      ...body(100, 580, 20),
    ]);
    expect(r.fields.title).toBe('The l3gear module Managing central gear resources');
  });

  it('types a German class guide with a Zusammenfassung as documentation, a proposal as a report, and a contents entry "Dissertation" as no thesis', async () => {
    const page = (title: string, says: string[]) => extractPage([
      { text: title, x: 100, y: 700, size: 18 },
      { text: 'Boris Gearman', x: 100, y: 670, size: 12 },
      ...says.map((text, i) => ({ text, x: 100, y: 640 - i * 14, size: 10 })),
      ...body(100, 500, 20),
    ]);
    expect((await page('gearcv: eine inoffizielle Dokumentklasse für Zahnräder', ['Zusammenfassung', 'Diese Klasse ist eine inoffizielle LaTeX-Anwendung dieses Formats.'])).fields.type).toBe('generic');
    expect((await page('gearsym – ein Makro für Zahnradsymbole', ['Zusammenfassung', 'Das vorliegende Dokument beschreibt das Paket gearsym für LaTeX.'])).fields.type).toBe('generic');
    expect((await page('Proposal for Offering Gear Courses at Cog University', ['Abstract', 'The present proposal explains the importance of gears.', 'Contents', 'Dissertation'])).fields.type).toBe('report');
  });
});

describe('institutions and title words read as names (held5 and held7 runs)', () => {
  it('leaves out an institution whose words are not in the usual list: a commission, a Technikum, a "City" of an address', async () => {
    const page = (name: string, affiliation: string[]) => extractPage([
      { text: 'Sensitivity Analysis of Gear Trains', x: 150, y: 700, size: 17 },
      { text: name, x: 240, y: 670, size: 12 },
      ...affiliation.map((text, i) => ({ text, x: 200, y: 655 - i * 13, size: 12 })),
      { text: 'Abstract', x: 280, y: 580, size: 11 },
      ...body(90, 565, 16),
    ]);
    expect(lastNames(await page('Marco Ratto', ['European Commission, Joint Research Centre', '21027 Ispra (VA) Italy']))).toEqual(['Ratto']);
    expect(lastNames(await page('by David Meyer', ['FH Technikum Wien, Austria', 'david.meyer@gears.org']))).toEqual(['Meyer']);
    expect(lastNames(await page('Yossi Gil', ['Department of Computer Science', 'Technion City, Haifa 32000, Israel']))).toEqual(['Gil']);
  });

  it('reads on past an address line that starts with its postcode ("21027 Ispra (VA) Italy") to the date under it', async () => {
    const r = await extractPage([
      { text: 'Sensitivity Analysis of Gear Trains', x: 150, y: 700, size: 17 },
      { text: 'Marco Ratto', x: 240, y: 670, size: 12 },
      { text: 'Joint Research Centre', x: 220, y: 655, size: 12 },
      { text: '21027 Ispra (VA) Italy', x: 225, y: 640, size: 12 },
      { text: 'marco.ratto@gears.org', x: 225, y: 625, size: 12 },
      { text: 'November 21, 2022', x: 235, y: 605, size: 12 },
      { text: 'Abstract', x: 280, y: 580, size: 11 },
      ...body(90, 565, 16),
    ]);
    expect(r.fields.year).toBe(2022);
    expect(lastNames(r)).toEqual(['Ratto']);
  });

  it('reads no names from a contents list in Roman numerals or from words like "RAxML" (held7)', async () => {
    const r = await extractPage([
      { text: 'The GearML v8.2 Manual', x: 210, y: 700, size: 18 },
      { text: 'by Alexandros Stamatakis', x: 220, y: 675, size: 12 },
      { text: 'July 20, 2016', x: 260, y: 660, size: 12 },
      { text: 'Structure of this manual', x: 72, y: 630, size: 12 },
      ...['I. About GearML', 'II. Getting Help', 'III. GearML Web-servers and GUI', 'IV. Downloading GearML', 'V. Compiling GearML'].map((text, i) => ({ text, x: 72, y: 612 - i * 14, size: 11 })),
      ...body(72, 520, 16),
    ]);
    expect(lastNames(r)).toEqual(['Stamatakis']);
    // The same list with each number set apart from its entry.
    const apart = await extractPage([
      { text: 'The Gear Manual', x: 230, y: 700, size: 18 },
      { text: 'by Alexandros Stamatakis', x: 220, y: 675, size: 12 },
      { text: 'July 20, 2016', x: 260, y: 660, size: 12 },
      { text: 'Structure of this manual', x: 72, y: 630, size: 12 },
      ...[['I.', 'About Gears'], ['II.', 'Getting Help'], ['III.', 'Web Servers'], ['IV.', 'Finding Gears']].flatMap(([n, text], i) => [
        { text: n!, x: 57, y: 612 - i * 14, size: 11 }, { text: text!, x: 92, y: 612 - i * 14, size: 11 },
      ]),
      ...body(72, 540, 16),
    ]);
    expect(lastNames(apart)).toEqual(['Stamatakis']);
    expect(parsePersonName('GearML Web-servers')).toBeUndefined();
    expect(parsePersonName('C. Petit-Jean-Genaz')?.last_name).toBe('Petit-Jean-Genaz');
    expect(parsePersonName('Ronald McDonald')?.last_name).toBe('McDonald');
  });

  it('does not take the title repeated in a slide\'s footline for a name', async () => {
    const r = await extractPage([
      { text: 'Gear Time Series & Reporting', x: 180, y: 700, size: 18 },
      { text: 'Houtan Bastani', x: 250, y: 670, size: 12 },
      { text: 'houtan@gears.org', x: 250, y: 655, size: 10 },
      { text: 'CEPREMAP', x: 265, y: 640, size: 10 },
      { text: '11 June 2015', x: 262, y: 625, size: 10 },
      { text: 'Houtan Bastani, Gear Time Series & Reporting, 11 June 2015', x: 40, y: 600, size: 7 },
    ]);
    expect(lastNames(r)).toEqual(['Bastani']);
  });
});

describe('what is set under a title but is not its words (held5 and held7 runs)', () => {
  const withUnder = (under: string[]) => [
    { text: 'Generating Standing Waves with', x: 150, y: 700, size: 20 },
    { text: 'a Gear Model', x: 230, y: 676, size: 20 },
    ...under.map((text, i) => ({ text, x: 200, y: 652 - i * 24, size: 20 })),
    { text: 'Ivan Gankevich', x: 240, y: 590, size: 12 },
    { text: 'Abstract', x: 280, y: 560, size: 11 },
    ...body(90, 545, 16),
  ];

  it('a line naming the kind of document ("Technical report", "Master\'s thesis") does not continue the title (as before: a guard)', async () => {
    for (const genre of ['Technical report', "Master's thesis", 'Working Paper No. 12']) {
      expect((await extractPage(withUnder([genre]))).fields.title).toBe('Generating Standing Waves with a Gear Model');
    }
  });

  it('nor does a funding notice, and it is not the title when the title reads like a name', async () => {
    expect((await extractPage(withUnder(['FP7 Funded', 'Project GEARS Grant no.: 225149']))).fields.title).toBe('Generating Standing Waves with a Gear Model');
    const r = await extractPage([
      { text: 'Parallel Gear Toolbox', x: 200, y: 700, size: 20 },
      { text: 'FP7 Funded', x: 250, y: 676, size: 20 },
      { text: 'Project GEARS Grant no.: 225149', x: 170, y: 652, size: 20 },
      { text: 'Marco Ratto', x: 250, y: 620, size: 12 },
      { text: 'Contents', x: 72, y: 560, size: 14 },
      ...body(72, 545, 16),
    ]);
    expect(r.fields.title).toBe('Parallel Gear Toolbox');
  });

  it('a recorded title that adds only the kind of document to the printed one is not taken over it', async () => {
    const r = ok(await extractPdfMetadata(syntheticPdf({ pages: [withUnder(['Technical report'])], info: { Title: 'Generating Standing Waves with a Gear Model - Technical report' } })));
    expect(r.fields.title).toBe('Generating Standing Waves with a Gear Model');
  });

  it('the first section\'s heading read as the title of a page without one loses its number', async () => {
    const r = await extractPage([
      { text: '1 Mathematische Grundlagen zur Projektion eines Kreises', x: 72, y: 720, size: 17 },
      ...body(72, 690, 30),
    ]);
    expect(r.fields.title).toBe('Mathematische Grundlagen zur Projektion eines Kreises');
  });
});
