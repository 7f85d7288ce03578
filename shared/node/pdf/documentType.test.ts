import { describe, expect, it } from 'vitest';
import { detectDocumentType, type TypeEvidence } from './documentType.ts';

const evidence = (lines: string[], more: Partial<TypeEvidence> = {}): TypeEvidence => ({
  lines, head: lines, pageCount: 12, textLength: 3000, hasAbstract: false, hasAffiliations: false, hasIsbn: false, ...more,
});
const type = (lines: string[], more: Partial<TypeEvidence> = {}) => detectDocumentType(evidence(lines, more)).type;

describe('detectDocumentType', () => {
  it('reads a degree from the title page in several languages', () => {
    expect(type(['The Syntax and Semantics of Phonology', 'By', 'Joe Linguist', 'A DISSERTATION', 'Submitted to', 'Michigan State University'])).toBe('thesis');
    expect(type(['Partielle Lösungen', 'BACHELORARBEIT', 'eingereicht am'])).toBe('thesis');
    expect(type(['Le chaos du rire', 'Thèse présentée par Alphonse Allais'])).toBe('thesis');
    expect(type(['Partial Solutions to Universal Problems', 'Alex A. Wiseguy', 'M A S T E R A R B E I T'])).toBe('thesis');
    expect(type(['TUDaThesis – Abschlussarbeiten im CD der TU Darmstadt'])).toBe('generic');
  });

  it('reads the degree in the languages of Central and Northern Europe, Russian, Turkish, Vietnamese and Korean', () => {
    for (const label of ['Praca magisterska na kierunku:', 'BAKALÁŘSKÁ PRÁCE', 'Diplomová práca', 'Diplomityö', 'Pro gradu -tutkielma', 'Examensarbete 30 hp',
      'Masterscriptie', 'Szakdolgozat', 'YÜKSEK LİSANS TEZİ', 'Trabajo Fin de Grado', 'Выпускная квалификационная работа', 'Luận văn thạc sĩ', '석사학위 논문']) {
      expect(type(['Tytuł pracy', 'Ada Lovelace', label]), label).toBe('thesis');
    }
    // The same letters inside other words are not a degree.
    expect(type(['Diplomityöt ovat', 'A pro graduate guide'])).toBe('generic');
  });

  it('types the guide of a TeX file or of a package named in its title as documentation, abstract or not', () => {
    expect(type(['rtklage.cls v 0.01', 'Ada Lovelace', 'Abstract', 'Gears for the court.'], { title: 'rtklage.cls v 0.01', hasAbstract: true })).toBe('generic');
    expect(type(['Extensions to the ltxdoc class', 'Ada Lovelace', 'Abstract', 'For LaTeX users.'], { title: 'Extensions to the ltxdoc class', hasAbstract: true })).toBe('generic');
    // An R package's paper stays a paper: no TeX on its page.
    expect(type(['Fitting gears with the gearfit package', 'Ada Lovelace', 'Abstract', 'We fit gears in R.'], { title: 'Fitting gears with the gearfit package', hasAbstract: true })).toBe('journal');
  });

  it('tells reports, conference papers, journal articles and books apart', () => {
    expect(type(['MINITION MANAGEMENT SAMPLE PROJECT', 'Final Report'])).toBe('report');
    expect(type(['Sample Template for Writing the Working Papers of the Czech National Bank'])).toBe('report');
    expect(type(['Proceedings of the ASME 2023', 'A LaTeX template'])).toBe('conference_proceedings');
    expect(type(['Pattern Recognition 40 (2007) 2730 – 2741', 'Cubic Bézier approximation'])).toBe('journal');
    expect(type(['Herbert Voß: Farbige Mathematik, Die TeXnische Komödie 2/2004, S. 81-87.', 'Farbige Mathematik'])).toBe('journal');
    expect(type(['Reproduced with permission from Eutypon, no. 4, Apr. 2000, pp. 1–16.', 'Greek hyphenation'])).toBe('journal');
    expect(type(['TUGboat, Volume 28 (2007), No. 1 — Proceedings of the Practical TEX 2006 Conference'])).toBe('journal');
    expect(type(['A title', 'An author'], { hasAbstract: true, hasAffiliations: true })).toBe('journal');
    expect(type(['Exemplo de livro', 'Publicações Acadêmicas Ltda.'], { textLength: 80, pageCount: 120 })).toBe('book');
  });

  it('reads a venue line set in the body, a paper number with its year, a distribution statement, and a keywords line beside affiliations', () => {
    const body = ['The Name of the Title Is Hope', 'Ben Trovato'];
    expect(type(body, { hasAbstract: true, venue: ["Conference acronym 'XX, June 03–05, 2018, Woodstock, NY"] })).toBe('conference_proceedings');
    expect(type(body, { hasAbstract: true })).toBe('journal');
    expect(type(['Paper 999-2021, draft of April 2, 2021', 'Musings on The Analytical Engine'])).toBe('conference_proceedings');
    expect(type(['Donec Felis Erat', 'Approved for public release; distribution is unlimited.'])).toBe('report');
    expect(type(['Sample Title', 'A. Author'], { hasKeywords: true, hasAffiliations: true })).toBe('journal');
    expect(type(['Sample Title', 'A. Author'], { hasKeywords: true })).toBe('generic');
  });

  it('types a class guide or a program manual as a generic document, not by the journal, thesis or book it serves', () => {
    expect(type(['The ekaia package', 'Edorta Ibarra and the Ekaia Journal'], { title: 'The ekaia package', hasAbstract: true })).toBe('generic');
    expect(type(['The ut-thesis class', 'Francois Pitt'], { title: 'The ut-thesis class', hasAbstract: true })).toBe('generic');
    expect(type(['Die mentis-Klasse'], { title: 'Die mentis-Klasse', hasAbstract: true })).toBe('generic');
    expect(type(['Manual for Using the cnbwp Class'], { title: 'Manual for Using the cnbwp Class' })).toBe('generic');
    // A sparse manual cover with its release line is not a book; one with a publisher is.
    expect(type(['Why3 Documentation', 'Release 1.5.1', 'The Why3 Development Team'], { title: 'Why3 Documentation', textLength: 80, pageCount: 180 })).toBe('generic');
    expect(type(['GNU Octave', 'Edition 7 for Octave version 7.3.0'], { title: 'GNU Octave', textLength: 120, pageCount: 900 })).toBe('generic');
    expect(type(['Erstellen von Büchern', 'Version v2.11 der Dokumentklasse', 'Springer Vieweg Verlag'], { textLength: 200, pageCount: 113 })).toBe('book');
    // A paper about a package says more than the package's name; a journal's header or a keywords line keeps an article one.
    expect(type(['The huge Package for High-dimensional Undirected Graph Estimation in R'], { title: 'The huge Package for High-dimensional Undirected Graph Estimation in R', hasAbstract: true })).toBe('journal');
    expect(type(['MNRAS 000, 1–10 (2020)', 'The mnras class'], { title: 'The mnras class', hasAbstract: true })).toBe('journal');
    expect(type(['A template', 'Version 1.20, December 30, 2022'], { title: 'A template', hasKeywords: true, hasAffiliations: true })).toBe('journal');
    expect(type(['Vegan: an introduction to ordination', 'processed with vegan 2.6-4 in R version 4.2.1 (2022-06-23) on October 11, 2022'], { title: 'Vegan: an introduction to ordination', hasAbstract: true })).toBe('journal');
  });

  it('falls back to a generic document, less sure', () => {
    const detected = detectDocumentType(evidence(['Using savR', 'R. Brent Calder', 'November 1, 2022', '> library(savR)']));
    expect(detected).toEqual({ type: 'generic', confidence: 0.5 });
  });

  it('types a PSTricks package\'s guide with an abstract, and a TeX guide dated "2017/11/20, v0.4", as documentation (held5)', () => {
    const paper = { hasAbstract: true, title: 'Gear Macros for Databases' };
    expect(type(['Gear Macros for Databases', 'Wolfgang May', '2006/11/26', 'Abstract',
      'The pst-gear package provides some useful macros in the database area. It focusses on', 'typesetting ER-Diagrams in a declarative style'], paper)).toBe('generic');
    expect(type(['Creating Medical Pedigrees with Gears', 'Boris Veytsman', '2017/11/20, v0.4', 'Abstract', 'A set of macros to draw medical pedigrees.'],
      { hasAbstract: true, title: 'Creating Medical Pedigrees with Gears' })).toBe('generic');
    // A paper about gears with an abstract and a dated line stays a paper.
    expect(type(['Gear Trains in Databases', 'Wolfgang May', '2006/11/26', 'Abstract', 'We study gear trains in the database area.'], { ...paper, title: 'Gear Trains in Databases', hasAffiliations: true })).toBe('journal');
  });
});
