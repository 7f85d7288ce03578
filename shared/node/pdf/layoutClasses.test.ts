// Failure classes of issue 15 fixed as classes, each shown on a synthetic page that has the
// class's shape (the bench's corpus shows them on real PDFs).
import { describe, expect, it } from 'vitest';
import { extractPage } from './syntheticExtraction.ts';
import { bodyText, paragraph } from './syntheticPdf.ts';

/** A two-column page with its title at body size: the journal's line above, the left column's body below. */
const journalHead = { text: 'Journal of Gears, Volume 3 (2021), No. 2', x: 72, y: 740, size: 10 };
const leftColumn = paragraph(Array.from({ length: 20 }, () => 'left column body words set in the first column'), 72, 653, 10);

describe('title block detection', () => {
  it('takes a title that starts with a label word ("Preprint", "Article") when it is more than the label', async () => {
    const r = await extractPage([
      { text: 'Preprint Template for Gear Papers', x: 120, y: 700, size: 22 },
      { text: 'Ada Lovelace', x: 220, y: 670, size: 11 },
      ...bodyText(72, 620, 25),
    ]);
    expect(r.fields.title).toBe('Preprint Template for Gear Papers');
    const label = await extractPage([
      { text: 'Preprint', x: 72, y: 740, size: 24 },
      { text: 'Sprockets at Scale', x: 120, y: 700, size: 22 },
      ...bodyText(72, 620, 25),
    ]);
    expect(label.fields.title).toBe('Sprockets at Scale');
  });

  it('on a two-column page with the title at body size, passes over the right column\'s first paragraph and section heading', async () => {
    const r = await extractPage([
      journalHead,
      { text: '4 Class options: the gear class', x: 314, y: 712, size: 10 },
      ...paragraph(Array.from({ length: 4 }, () => 'a justified paragraph line of the right column here'), 314, 700, 10),
      { text: 'Space Geometry with Gears', x: 72, y: 705, size: 10 },
      { text: 'Denis Roegel', x: 92, y: 689, size: 10 },
      { text: 'Abstract', x: 72, y: 669, size: 10 },
      ...leftColumn,
    ]);
    expect(r.fields.title).toBe('Space Geometry with Gears');
    expect(r.fields.authors?.map((a) => a.last_name)).toEqual(['Roegel']);
  });

  it('splits a large title from a small affiliation column set on the same baseline', async () => {
    const r = await extractPage([
      { text: 'Preprint Template for Gear', x: 228, y: 746, size: 24 },
      { text: 'Department of Engineering,', x: 79, y: 714, size: 8 },
      { text: 'Journal Papers', x: 228, y: 714, size: 24 },
      { text: 'City, Country', x: 79, y: 704, size: 8 },
      ...bodyText(228, 680, 25),
    ]);
    expect(r.fields.title).toBe('Preprint Template for Gear Journal Papers');
  });

  it('ends a body-size title in a column at an author line that starts with a name', async () => {
    const r = await extractPage([
      journalHead,
      { text: 'The Gear Macros', x: 72, y: 705, size: 10 },
      { text: 'right column words of a paragraph here', x: 314, y: 692, size: 10 },
      { text: 'Robin Fairbairns & Gear editors', x: 92, y: 689, size: 10 },
      { text: '1 Introduction', x: 72, y: 669, size: 10 },
      ...leftColumn,
    ]);
    expect(r.fields.title).toBe('The Gear Macros');
    expect(r.fields.authors?.map((a) => a.last_name)).toEqual(['Fairbairns']);
  });
});

describe('author lines', () => {
  it('leaves out the names under a Supervisor column beside the Author column', async () => {
    const r = await extractPage([
      { text: 'Gear University', x: 220, y: 733, size: 17 },
      { text: 'Title of the Thesis on Gears', x: 180, y: 600, size: 21 },
      { text: 'Supervisor:', x: 138, y: 330, size: 14 },
      { text: 'Author:', x: 369, y: 330, size: 14 },
      { text: 'John Doe', x: 138, y: 309, size: 14 },
      { text: 'John Smith', x: 369, y: 309, size: 14 },
      { text: 'Budapest, 2022', x: 273, y: 84, size: 12 },
    ]);
    expect(r.fields.authors?.map((a) => a.last_name)).toEqual(['Smith']);
    expect(r.fields.year).toBe(2022);
  });

  it('ends the author block at a keywords line in another language', async () => {
    const r = await extractPage([
      { text: 'Eine Klasse für die Zeitschrift der Zahnräder', x: 29, y: 531, size: 14 },
      { text: 'Jürgen Wagner, Vít Novotný', x: 215, y: 503, size: 10 },
      { text: 'Dieses Dokument beschreibt die Klasse.', x: 43, y: 446, size: 9 },
      { text: 'Schlüsselwörter: LaTeX, Zeitschrift CSTUG, Dokumentation', x: 29, y: 391, size: 10 },
      ...bodyText(29, 330, 25),
    ]);
    expect(r.fields.authors?.map((a) => a.last_name)).toEqual(['Wagner', 'Novotný']);
  });
});

describe('document types', () => {
  it('types a class guide with an abstract as a generic document, and a paper about a package as an article', async () => {
    const guide = await extractPage([
      { text: 'The gearbox class', x: 230, y: 700, size: 17 },
      { text: 'Ada Lovelace', x: 260, y: 675, size: 12 },
      { text: '2022/11/01', x: 270, y: 655, size: 12 },
      { text: 'Abstract', x: 280, y: 630, size: 10 },
      { text: 'The gearbox class typesets papers for the Journal of Gears.', x: 100, y: 615, size: 10 },
      ...bodyText(72, 560, 25),
    ]);
    expect(guide.fields.title).toBe('The gearbox class');
    expect(guide.fields.type).toBe('generic');
    const paper = await extractPage([
      { text: 'The gearbox Package for Counting Teeth in R', x: 150, y: 700, size: 17 },
      { text: 'Ada Lovelace', x: 260, y: 675, size: 12 },
      { text: 'Abstract', x: 280, y: 630, size: 10 },
      { text: 'We describe an R package named gearbox which counts teeth.', x: 100, y: 615, size: 10 },
      ...bodyText(72, 560, 25),
    ]);
    expect(paper.fields.type).toBe('journal');
  });
});

describe('author blocks in other languages and shapes', () => {
  it('ends a name line at an address, a country, a membership or an affiliation in another language', async () => {
    const r = await extractPage([
      { text: 'A Package for Gear Transactions', x: 150, y: 720, size: 17 },
      { text: 'Volker Gearman', x: 250, y: 695, size: 12 },
      { text: 'Christchurch, New Zealand', x: 230, y: 680, size: 12 },
      { text: 'J. D. Sprocket, Student Member', x: 220, y: 660, size: 12 },
      { text: 'Omar Salazar, Facultad de Ingeniería', x: 200, y: 645, size: 12 },
      { text: 'Centro Ricerche Ingranaggi', x: 230, y: 630, size: 12 },
      { text: 'Abstract', x: 280, y: 600, size: 10 },
      ...bodyText(72, 560, 25),
    ]);
    expect(r.fields.authors?.map((a) => a.last_name)).toEqual(['Gearman', 'Sprocket', 'Salazar']);
  });

  it('splits names joined by an Italian "e" or a Polish "i", and leaves out the names under a translator credit ("Traduzione italiana:", "Przekład polski:")', async () => {
    const r = await extractPage([
      { text: 'Nie za krótkie wprowadzenie do zębatek', x: 150, y: 720, size: 20 },
      { text: 'Tobias Gearker', x: 250, y: 690, size: 12 },
      { text: 'Hubert Partl, Irene Hyna i Elisabeth Schlegl', x: 180, y: 675, size: 12 },
      { text: 'Traduzione italiana:', x: 250, y: 650, size: 12 },
      { text: 'Tomasz Przechlewski i Ryszard Kubiak', x: 250, y: 635, size: 12 },
      { text: 'Marcin Serwin', x: 250, y: 590, size: 12 },
      { text: 'Janusz Goldasz', x: 250, y: 620, size: 12 },
      { text: 'Spis treści', x: 72, y: 560, size: 12 },
      ...bodyText(72, 560, 25),
    ]);
    expect(r.fields.authors?.map((a) => a.last_name)).toEqual(['Gearker', 'Partl', 'Hyna', 'Schlegl']);
  });

  it('does not take an acronym and a word ("GNU Octave") for a name, so a slogan below does not become the title', async () => {
    const r = await extractPage([
      { text: 'GNU Gearbox', x: 90, y: 562, size: 21 },
      { text: 'Edition 7 for Gearbox version 7.3.0', x: 361, y: 529, size: 11 },
      { text: 'Free Your Gears', x: 292, y: 355, size: 21 },
      { text: 'John W. Eaton', x: 90, y: 163, size: 14 },
    ]);
    expect(r.fields.title).toBe('GNU Gearbox');
    expect(r.fields.authors?.map((a) => a.last_name)).toEqual(['Eaton']);
  });
});

describe('thesis title pages in other languages', () => {
  it('reads a widely letter-spaced "T E S I S" and an Italian "Tesi di Laurea"', async () => {
    const unam = await extractPage([
      { text: 'Universidad Nacional de los Engranajes', x: 194, y: 692, size: 14 },
      { text: 'Do gears predate wheels?', x: 210, y: 500, size: 14 },
      ...['T', 'E', 'S', 'I', 'S'].map((c, i) => ({ text: c, x: 243 + i * 55, y: 339, size: 25 })),
      { text: 'PRESENTA:', x: 325, y: 272, size: 11 },
      { text: 'Julio Augusto Engranaje', x: 266, y: 255, size: 11 },
    ]);
    expect(unam.fields.type).toBe('thesis');
    const tesi = await extractPage([
      { text: 'UNIVERSITÀ DEGLI STUDI DI MARCONIA', x: 150, y: 740, size: 14 },
      { text: 'Tesi di Laurea Magistrale', x: 200, y: 690, size: 12 },
      { text: 'La pressione degli ingranaggi', x: 160, y: 640, size: 20 },
      { text: 'Galileo Galilei', x: 400, y: 560, size: 12 },
    ]);
    expect(tesi.fields.type).toBe('thesis');
  });
});

describe('title lines', () => {
  it('keeps a title line that is a TeX logo ("LATEX"), passes over a society banner, and ends at a "name, version" line', async () => {
    const r = await extractPage([
      { text: 'National Gear Research Council', x: 200, y: 720, size: 20 },
      { text: 'A Simple Example of the gearconf Package for', x: 110, y: 680, size: 17 },
      { text: 'LATEX', x: 270, y: 660, size: 17 },
      { text: 'Achim Gearer', x: 260, y: 630, size: 12 },
      ...bodyText(72, 560, 25),
    ]);
    expect(r.fields.title).toBe('A Simple Example of the gearconf Package for LaTeX');
    expect(r.fields.authors?.map((a) => a.last_name)).toEqual(['Gearer']);
    const versioned = await extractPage([
      { text: 'CLASSE DE DOCUMENT POUR LES', x: 150, y: 700, size: 20 },
      { text: 'ENGRENAGES DE SHERBROOKE', x: 160, y: 678, size: 20 },
      { text: 'udes-gear-these, version 3.0.1', x: 200, y: 656, size: 20 },
      { text: 'Charles-Antoine Gear', x: 230, y: 630, size: 12 },
      ...bodyText(72, 560, 25),
    ]);
    expect(versioned.fields.title).toBe('CLASSE DE DOCUMENT POUR LES ENGRENAGES DE SHERBROOKE');
  });

  it('reads a letter-spaced title, and a title that starts with "Dissertation/Thesis" while a bare degree label is passed over', async () => {
    const spaced = await extractPage([
      { text: 'T H E G E A R S', x: 244, y: 724, size: 17 },
      { text: 'tyler durden', x: 255, y: 694, size: 12 },
      { text: 'Abstract', x: 280, y: 658, size: 9 },
      ...bodyText(72, 620, 25),
    ]);
    expect(spaced.fields.title).toBe('THEGEARS');
    const label = await extractPage([
      { text: 'DISSERTATION / DOCTORAL THESIS', x: 150, y: 720, size: 22 },
      { text: 'A Gear University', x: 200, y: 680, size: 20 },
      { text: 'Dissertation/Thesis Class File', x: 180, y: 658, size: 20 },
      { text: 'First Middle Last', x: 250, y: 620, size: 12 },
    ]);
    expect(label.fields.title).toBe('A Gear University Dissertation/Thesis Class File');
  });

  it('takes the title, not the larger author name set far above it on a sparse manual cover, and the name as the author', async () => {
    const r = await extractPage([
      { text: 'Marcin Gearski', x: 158, y: 400, size: 14.3 },
      { text: 'Moje wlasne klasy dokumentow', x: 96, y: 300, size: 12 },
      { text: '27.09.2009 (dla wersji 0.74)', x: 149, y: 73, size: 10 },
    ]);
    expect(r.fields.title).toBe('Moje wlasne klasy dokumentow');
    expect(r.fields.authors?.map((a) => a.last_name)).toEqual(['Gearski']);
  });

  it('trusts a page whose table of contents has dot leaders', async () => {
    const toc = Array.from({ length: 20 }, (_, i) => ({ text: `${i + 1}.1 Gears . . . . . . . . . . . . . . . . . . . . . . . . ${i + 2}`, x: 72, y: 560 - i * 14, size: 10 }));
    const r = await extractPage([
      { text: 'The gearbox class', x: 230, y: 700, size: 17 },
      { text: 'Ada Lovelace', x: 260, y: 675, size: 12 },
      { text: 'Contents', x: 72, y: 600, size: 14 },
      ...toc,
    ]);
    expect(r.warnings).not.toContain('text layer unreadable');
    expect(r.confidence.title).toBeGreaterThanOrEqual(0.85);
  });
});
