// Failure classes named by the fifteenth held-aside run, each shown on a synthetic page of its shape.
import { describe, expect, it } from 'vitest';
import { parsePersonName, splitAuthorLine } from './personNames.ts';
import { extractPdfMetadata } from './extractPdfMetadata.ts';
import { extractPage, ok } from './syntheticExtraction.ts';
import { bodyText, syntheticPdf } from './syntheticPdf.ts';

const names = (text: string) => splitAuthorLine(text).map((p) => parsePersonName(p)?.last_name);
const lastNames = (r: { fields: { authors?: { last_name: string }[] } }) => r.fields.authors?.map((a) => a.last_name);

describe('the body after the names', () => {
  it('takes no name from a heading set under the paragraph that follows the author', async () => {
    const r = await extractPage([
      { text: 'Farbige Mathematik', x: 44, y: 321, size: 14.3 },
      { text: 'Herbert Voß', x: 44, y: 295, size: 12 },
      { text: 'Die Zahl der Veröffentlichungen, die als PDF allgemein zur Verfügung ge-', x: 59, y: 270, size: 9 },
      { text: 'stellt werden, nimmt stetig zu. Da diese sehr häufig mit dem Acrobat Rea-', x: 59, y: 259, size: 9 },
      { text: 'der online betrachtet und gelesen werden, spielt die farbliche Darstellung', x: 59, y: 248, size: 9 },
      { text: 'eine nicht unbedeutende Rolle. Im folgenden soll daher gezeigt werden, wie', x: 59, y: 237, size: 9 },
      { text: 'Das Prinzip', x: 44, y: 180, size: 12 },
      { text: 'Grundsätzlich wird nichts weiter als das allgemein bekannte Paket color', x: 44, y: 160, size: 10 },
      { text: 'benötigt. Dieses stellt die vordefinierten Farben black, red, green, blue,', x: 44, y: 148, size: 10 },
      { text: 'Partielles Einfärben', x: 44, y: 95, size: 12 },
      { text: 'Für das Färben einzelner Wörter existiert das Makro textcolor, welches', x: 44, y: 75, size: 10 },
    ]);
    expect(r.fields.title).toBe('Farbige Mathematik');
    expect(lastNames(r)).toEqual(['Voß']);
  });
});

describe('a field\'s label over its value', () => {
  it('takes no name from the value under a label that is not the author\'s', async () => {
    // Held15's Polish thesis, its letters kept within the synthetic page's font.
    const r = await extractPage([
      { text: 'Uniwersytet Kaszubski - Wydzial Pendologii', x: 181, y: 723, size: 12 },
      { text: 'Józef Mikowski', x: 85, y: 557, size: 14.3 },
      { text: 'nr albumu: 0123456789', x: 85, y: 539, size: 10.9 },
      { text: 'Tytul pracy', x: 251, y: 454, size: 20.7 },
      { text: 'Praca magisterska na kierunku:', x: 310, y: 230, size: 12 },
      { text: 'PENDOLOGIA EKSPERYMENTALNA', x: 310, y: 209, size: 12 },
      { text: 'Promotor:', x: 310, y: 188, size: 12 },
      { text: 'dr hab. Jan Kowalski', x: 310, y: 167, size: 12 },
      { text: 'Wejherowo 2011', x: 261, y: 88, size: 12 },
    ]);
    expect(r.fields.title).toBe('Tytul pracy');
    expect(lastNames(r)).toEqual(['Mikowski']);
    expect(r.fields.type).toBe('thesis');
  });

  it('reads the names under a label for the authors, in other words than "Author"', async () => {
    const r = await extractPage([
      { text: 'pst-gears', x: 36, y: 518, size: 18.6 },
      { text: 'A PSTricks package for drawing gear trains', x: 36, y: 492, size: 18.6 },
      { text: 'October 1, 2021', x: 36, y: 331, size: 9.8 },
      { text: 'Package author(s):', x: 377, y: 94, size: 9.8 },
      { text: 'Ada Lovelace', x: 377, y: 83, size: 9.8 },
      { text: 'Charles Babbage', x: 377, y: 71, size: 9.8 },
    ]);
    expect(lastNames(r)).toEqual(['Lovelace', 'Babbage']);
  });
});

describe('names', () => {
  it('reads given names cut short and run together ("St.M."), as it reads one cut short', () => {
    expect(names('C. Pugmire, St.M. Mundt, V.P. LaBella, J. Struyf')).toEqual(['Pugmire', 'Mundt', 'LaBella', 'Struyf']);
    expect(names('Chr. Müller')).toEqual(['Müller']);
    // Never as the family name.
    expect(names('Ada St.M.')).toEqual([undefined]);
  });

  it('puts back a capital the text layer kerned apart from the rest of its word, and leaves particles and articles apart', () => {
    expect(names('M anuel Bronstein, W illiam Burge')).toEqual(['Bronstein', 'Burge']);
    expect(names('Albrecht F ortenbacher')).toEqual(['Fortenbacher']);
    expect(names('J van Dyk')).toEqual(['van Dyk']);
    expect(names('A nice day')).toEqual([undefined]);
  });

  it('takes no name from a subtitle that starts with a verb in -ing, and keeps family names in -ing', () => {
    expect(names('Featuring Multithread and XToolKit')).toEqual([undefined, undefined]);
    expect(names('abbreviations using thin space')).toEqual([undefined]);
    expect(names('Christopher Manning, William Golding')).toEqual(['Manning', 'Golding']);
  });
});

describe('a cover\'s title repeated in the next page\'s head', () => {
  const cover = [
    { text: 'gearbox Reference Manual', x: 150, y: 749, size: 24.9 },
    { text: 'Ada Lovelace, Department of Statistics, Harvard University', x: 131, y: 586, size: 12 },
    { text: 'Charles Babbage, Department of Physics, Leiden University', x: 81, y: 571, size: 12 },
  ];
  it('is the title when set there at well under two thirds of its size', async () => {
    const r = ok(await extractPdfMetadata(syntheticPdf({ pages: [cover, [
      { text: 'gearbox Reference Manual', x: 72, y: 758, size: 14.4 },
      { text: 'Copyright (C) 2005-2019 Ada Lovelace and Charles Babbage.', x: 72, y: 691, size: 8 },
    ]] })));
    expect(r.fields.title).toBe('gearbox Reference Manual');
    expect(lastNames(r)).toEqual(['Lovelace', 'Babbage']);
  });

  it('is a running head when set there about as large', async () => {
    const r = ok(await extractPdfMetadata(syntheticPdf({ pages: [[
      { text: 'Gear Works R&D', x: 92, y: 717, size: 12 },
      { text: 'Gearbox documentation', x: 170, y: 498, size: 12 },
      { text: 'Gearbox developer guide', x: 204, y: 461, size: 12 },
    ], [
      { text: 'Gear Works R&D', x: 97, y: 726, size: 9 },
      { text: 'Gearbox developer guide', x: 184, y: 726, size: 12 },
    ]] })));
    expect(r.fields.title).not.toBe('Gear Works R&D');
  });
});

describe('a manual\'s name set large over its kind', () => {
  it('is the title, though a contents entry low on the page repeats it', async () => {
    const r = await extractPage([
      { text: 'Gearlisp', x: 272, y: 703, size: 24.8 },
      { text: 'Gearlisp version 9.27 / gearteus version 1.2.4', x: 198, y: 678, size: 12 },
      { text: 'Reference Manual', x: 229, y: 653, size: 16.6 },
      { text: 'ETL-TR-95-19', x: 237, y: 575, size: 12 },
      { text: 'Ada Lovelace, Charles Babbage', x: 242, y: 468, size: 11.5 },
      { text: '(Gearlisp 9.27)', x: 281, y: 417, size: 12 },
      { text: 'Contents', x: 86, y: 270, size: 14.3 },
      { text: 'Part I Gearlisp Basics', x: 86, y: 239, size: 12 },
      { text: '1 Introduction . . . . . . . . . . . . . . . . . . . . . . . . 1', x: 86, y: 211, size: 10 },
      { text: '1.1 Objects in Gearlisp . . . . . . . . . . . . . . . . . . . . 1', x: 101, y: 193, size: 10 },
      { text: '1.2 Features of Gearlisp . . . . . . . . . . . . . . . . . . . 2', x: 101, y: 175, size: 10 },
      { text: '1.3 Compatibility with Common Lisp . . . . . . . . . . . . . 2', x: 101, y: 157, size: 10 },
      { text: '1.4 Revision History . . . . . . . . . . . . . . . . . . . . . 3', x: 101, y: 139, size: 10 },
    ]);
    expect(r.fields.title).toBe('Gearlisp');
  });
});

describe('capital letters over the words they stand for', () => {
  it('start the title, where a journal\'s logo letters would not', async () => {
    const page = (top: string) => [
      { text: top, x: 284, y: 661, size: 20.7 },
      { text: '"Significance Analysis of Microarrays"', x: 143, y: 636, size: 20.7 },
      { text: 'Users guide and technical document', x: 155, y: 611, size: 20.7 },
      { text: 'Ada Lovelace', x: 92, y: 576, size: 14.3 },
      { text: 'Acknowledgments: We would like to thank the gear core team for permission to use the R', x: 90, y: 505, size: 12 },
      ...bodyText(72, 480, 10),
    ];
    expect((await extractPage(page('SAM'))).fields.title).toBe('SAM "Significance Analysis of Microarrays" Users guide and technical document');
    expect((await extractPage(page('JSS'))).fields.title).toBe('"Significance Analysis of Microarrays" Users guide and technical document');
  });
});
