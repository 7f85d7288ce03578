// The publication year printed on page 1. Dates come in many shapes ("6 October, 2006",
// "11. Dezember 2022", "17 de maio de 2022", "2021/03/02", "Annals of Mathematics 160
// (2008)"), and a page often prints several: the year wanted is the one of publication or
// of the latest revision, not the year the paper was received or the file was compiled.
import type { TextLine } from './textLines.ts';

const MONTHS = [
  // English
  'jan(?:uary)?', 'feb(?:ruary)?', 'mar(?:ch)?', 'apr(?:il)?', 'may', 'june?', 'july?', 'aug(?:ust)?', 'sep(?:t(?:ember)?)?', 'oct(?:ober)?', 'nov(?:ember)?', 'dec(?:ember)?',
  // German, French, Spanish, Portuguese, Italian, Dutch, Scandinavian
  'januar', 'februar', 'märz', 'mai', 'juni', 'juli', 'oktober', 'dezember',
  'janvier', 'février', 'mars', 'avril', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre',
  // French months typed without their accents ("draft version v1.00 decembre 2006")
  'fevrier', 'aout', 'decembre',
  'enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'setiembre', 'octubre', 'noviembre', 'diciembre',
  'janeiro', 'fevereiro', 'março', 'maio', 'junho', 'julho', 'setembro', 'outubro', 'novembro', 'dezembro',
  'gennaio', 'febbraio', 'aprile', 'maggio', 'giugno', 'luglio', 'settembre', 'ottobre', 'dicembre',
  'januari', 'februari', 'maart', 'mei', 'augustus', 'okt', 'desember', 'mai',
  // Polish, as named and as dated ("25 sierpnia 2021", "13 maja 2022")
  'styczeń', 'stycznia', 'luty', 'lutego', 'marzec', 'marca', 'kwiecień', 'kwietnia', 'maj', 'maja', 'czerwiec', 'czerwca', 'lipiec', 'lipca', 'sierpień', 'sierpnia', 'wrzesień', 'września', 'październik', 'października', 'listopad', 'listopada', 'grudzień', 'grudnia',
  // Russian and Ukrainian, as dated ("4 февраля 2021 г.", "12 травня 2008 р.") and as named
  'января', 'февраля', 'марта', 'апреля', 'мая', 'июня', 'июля', 'августа', 'сентября', 'октября', 'ноября', 'декабря',
  'январь', 'февраль', 'март', 'апрель', 'май', 'июнь', 'июль', 'август', 'сентябрь', 'октябрь', 'ноябрь', 'декабрь',
  'січня', 'лютого', 'березня', 'квітня', 'травня', 'червня', 'липня', 'серпня', 'вересня', 'жовтня', 'листопада', 'грудня',
  // Hungarian (written after the year: "2003. október 11.")
  'január', 'február', 'március', 'április', 'május', 'június', 'július', 'augusztus', 'szeptember', 'október', 'december',
  // Galician ("29 de xaneiro do 2007") and Catalan ("5 de gener de 2010", "3 d'octubre de 2011")
  'xaneiro', 'febreiro', 'xuño', 'xullo', 'decembro',
  'gener', 'febrer', 'març', 'maig', 'juny', 'juliol', 'agost', 'setembre', 'desembre',
  // Czech, as named and as dated ("12. března 2019")
  'leden', 'ledna', 'únor', 'února', 'březen', 'března', 'duben', 'dubna', 'květen', 'května', 'červen', 'června', 'červenec', 'července', 'srpen', 'srpna', 'září', 'říjen', 'října', 'listopadu', 'prosinec', 'prosince',
  // Swedish and Danish beyond the forms above, Finnish as dated ("5. toukokuuta 2020"), Turkish
  'augusti', 'tammikuuta', 'helmikuuta', 'maaliskuuta', 'huhtikuuta', 'toukokuuta', 'kesäkuuta', 'heinäkuuta', 'elokuuta', 'syyskuuta', 'lokakuuta', 'marraskuuta', 'joulukuuta',
  'ocak', 'şubat', 'nisan', 'mayıs', 'haziran', 'temmuz', 'ağustos', 'eylül', 'ekim', 'kasım', 'aralık',
];
const MONTH = `(?:${MONTHS.join('|')})\\.?`;
const YEAR = '((?:19[5-9]|20\\d)\\d)';
const DAY = '\\d{1,2}(?:\\.|er|st|nd|rd|th)?(?:\\s*[-–]\\s*\\d{1,2})?';

/** Every shape of a printed date that carries a year, first group = the year. */
const DATE_SHAPES = [
  `\\b${DAY}\\s+(?:de\\s+|d['’])?${MONTH},?\\s+(?:d[eo]\\s+)?${YEAR}`,
  // "octubre del 2015", "maio de 2022", "xaneiro do 2007"
  `\\b${MONTH}\\s*(?:[-–/]\\s*${MONTH}\\s*)?,?\\s*(?:${DAY},?\\s*)?(?:del?\\s+|do\\s+)?${YEAR}`,
  `\\b${YEAR}[-/.]\\d\\d?[-/.]\\d\\d?\\b`,
  `\\b\\d\\d?[./]\\d\\d?[./]${YEAR}\\b`,
  `\\b${YEAR}\\s*年`,
  // Korean "2022년 11월".
  `\\b${YEAR}\\s*년`,
  // Mongolian "2008 оны 09-р сарын 25" ("year 2008, month 9, day 25").
  `\\b${YEAR}\\s+оны(?!\\p{L})`,
  // Year first, then the month (Hungarian, East Asian order): "2003. október 11."
  `\\b${YEAR}\\.\\s+${MONTH}\\s+\\d{1,2}\\.`,
  // Latvian "2011. gada 5. februārī" ("in the year 2011"), Lithuanian "2011 m. vasario 5 d.".
  `\\b${YEAR}\\.\\s*gada\\b`,
  `\\b${YEAR}\\s*m\\.\\s+\\p{L}+\\s+\\d{1,2}\\s*d\\.`,
  // Vietnamese "Ngày 12 tháng 5 năm 2008" ("day 12, month 5, year 2008").
  `\\btháng\\s+\\d{1,2},?\\s+năm\\s+${YEAR}`,
];
const DATE = new RegExp(DATE_SHAPES.join('|'), 'giu');

/** "© 2018", "(c) 2018", "Copyright 2018"; a "©" drawn with a letter c beside it comes through as "©c" or "c©" ("Copyright c© 2002–2022"). */
const COPYRIGHT = `(?:©c?|\\(c\\)|copyright)\\s*(?:c?©c?\\s*)?${YEAR}\\b`;

/** An issue of a journal cited with its pages: "2/2004, S. 81-87", "no. 4, Apr. 2000, pp. 1–16", "Heft 3/2011, Seite 12". */
export const ISSUE_CITATION = new RegExp(`\\b(?:\\d{1,2}\\s*/\\s*${YEAR}|no\\.\\s*\\d+,\\s*(?:${MONTH}\\s+)?${YEAR}),?\\s*(?:S\\.|Seiten?|pp?\\.|pages?)\\s*\\d+`, 'iu');

/** A journal's or conference's reference line: "Annals of Mathematics 160 (2008)", "TUGboat, Volume 28 (2007)". */
const JOURNAL_HEADER = [
  new RegExp(`\\b\\d+\\s*\\(${YEAR}\\)`, 'u'),
  new RegExp(`\\b(?:vol(?:ume)?\\.?|proceedings|proc\\.|journal|conference|symposium|workshop|congress|tagung|research)\\b[^\\n]{0,120}?[,(]\\s*${YEAR}\\b`, 'iu'),
  // "Proceedings of the ASME 2023 ...", "Journal of Statistical Software 2016;70(10):1-35".
  new RegExp(`^(?:the\\s+)?(?:proceedings|journal|transactions|annals)\\b[^\\n]{0,80}?\\s${YEAR}\\b`, 'iu'),
  new RegExp(`\\b${YEAR}\\s*;\\s*\\d+\\s*\\(\\d+\\)`, 'u'),
  new RegExp(`^${YEAR},\\s*(?:vol|v-?\\d|\\d)`, 'iu'),
  // A conference paper's number with its year ("Paper 999-2021", "Paper SAS1234-2019").
  new RegExp(`^paper\\s+[a-z]*\\d+-${YEAR}$`, 'iu'),
  // An issue's citation with its pages ("Die TeXnische Komödie 2/2004, S. 81-87", "Eutypon, no. 4, Apr. 2000, pp. 1–16").
  ISSUE_CITATION,
];

/** A copyright notice's years ("© 1994, 1997, 2021", "Copyright (C) 1990–2014", "© 2016–23"): the notice grows a year with
 * each revision, so its last year is the current one's. */
const COPYRIGHT_YEARS = new RegExp(`(?:©c?|\\(c\\)|copyright)\\s*(?:\\(c\\)|c?©c?)?\\s*${YEAR}((?:\\s*[,–—-]\\s*(?:19|20)?\\d\\d\\b)*)`, 'iu');

export function copyrightYear(text: string): number | undefined {
  const m = COPYRIGHT_YEARS.exec(text);
  if (!m) return undefined;
  const first = Number(m[1]);
  const later = [...m[2]!.matchAll(/(?:19|20)?\d\d\b/g)].map(([y]) => (y.length === 2 ? Math.floor(first / 100) * 100 + Number(y) : Number(y)));
  return Math.max(first, ...later.filter((y) => y >= first));
}

const LATER = /\b(?:revised|revisions?|modified|edited|update[ds]?|accepted|published|advance access|version of|this version|current version|last change|überarbeitet|aktualisiert|révisé|mis à jour|mise à jour|geändert|actualizad[oa]|aggiornat[oa]|aggiornamento)\b/i;
// A bound of a period ("(till December 2000)" under an author's former address) dates no edition either.
const EARLIER = /\b(?:received|submitted|compiled|generated|created|first version|eingereicht am|reçu|till|until|since|bis|jusqu'(?:au|en|à))\b/i;
/** A bare year on a short line: "2021", "Budapest, 2022", "(SoSe 2015)" is not one. */
const BARE_YEAR = new RegExp(`^(?:\\(?${YEAR}\\)?|(?:spring|summer|fall|autumn|winter)\\s+${YEAR}|[\\p{L} .'-]{2,40},\\s*${YEAR}|\\p{Lu}\\p{Ll}+\\s+${YEAR}|${YEAR},\\s*v?-?[\\d.]+)$`, 'iu');

/** Two years joined by a dash and nothing else on the line. */
const YEAR_SPAN = new RegExp(`^${YEAR}\\s*[-–—]\\s*${YEAR}$`, 'u');

/** A running head or foot that ends with its year ("Gear Letters 2019", "Zpravodaj CSTUG (2011)"): a few words, no other number. */
const MARGIN_YEAR = new RegExp(`^(?=(?:\\S+\\s+){0,5}\\S+$)[\\p{L} .,'’:&-]*\\p{L}[\\p{L} .,'’:&-]*[\\s,]\\(?${YEAR}\\)?$`, 'u');

/** A version named by number ("version 3.6", "version number v1.24.12", "v2.1"). */
const VERSION_NAMED = /\bversion\s+(?:number\s+)?v?\d+(?:\.\d+)+|\bv\d+\.\d+/i;
/** In the body, only a line that starts with a copyright, or a venue line's "2018, Woodstock". */
const BODY_COPYRIGHT = new RegExp(`^${COPYRIGHT}`, 'iu');
const BODY_VENUE = /\b(?:conference|symposium|workshop|proceedings)\b/i;
const BODY_VENUE_YEAR = new RegExp(`\\b${YEAR},\\s*\\p{Lu}`, 'u');

interface Mention {
  year: number;
  rank: number;
  order: number;
}

/** A Japanese era and the year before its first ("Shōwa 62" is 1925 + 62 = 1987). */
const ERAS: Record<string, number> = { 明治: 1867, 大正: 1911, 昭和: 1925, 平成: 1988, 令和: 2018 };
/** "昭和 62 年 3 月", "平成元年": a year counted in a Japanese era ("元" is its first). */
const ERA_YEAR = /(明治|大正|昭和|平成|令和)\s*(元|\d{1,2})\s*年/gu;

/** Month, day and a two-digit year ("10/20/01"). */
const SHORT_YEAR_DATE = /(?<![\d/.])\d\d?\/\d\d?\/(\d\d)(?![\d/])/g;

/** Digits of any script ("२०२१/१२/१६", "٢٠٢١") as ASCII digits: a decimal digit's value is its distance from its block's zero. */
function asciiDigits(text: string): string {
  return text.replace(/(?![0-9])\p{Nd}/gu, (digit) => {
    let zero = digit.codePointAt(0)!;
    for (let k = 0; k < 9 && /\p{Nd}/u.test(String.fromCodePoint(zero - 1)); k++) zero--;
    return String(digit.codePointAt(0)! - zero);
  });
}

/** The dates of a line, each with the words between it and the date before it. */
function yearsIn(line: string, now = new Date().getFullYear()): { year: number; before: string }[] {
  const text = asciiDigits(line);
  const out: { year: number; before: string }[] = [];
  for (const m of text.matchAll(ERA_YEAR)) {
    out.push({ year: ERAS[m[1]!]! + (m[2] === '元' ? 1 : Number(m[2])), before: text.slice(Math.max(0, m.index - 40), m.index) });
  }
  let end = 0;
  for (const m of text.matchAll(DATE)) {
    const before = text.slice(Math.max(end, m.index - 40), m.index);
    // A date with a time of day is a build stamp ("2022-11-06 15:34. Page 1", "2022/8/22 — 15:40"), not a publication
    // date, unless words before it say it dates this version ("Date: 2015/05/20 23:30:22", "Last updated: 2017/05/01 17:50").
    // So does a version's tag just before it ("R.rsp v0.45.0 (2022-06-27 18:30:09 UTC)"), or an RCS or CVS revision's
    // ("$Id: eskd.dtx,v 1.3 2004/10/15 05:34:29 fva Exp $").
    if (/^\s*[—–-]?\s*\d{1,2}:\d\d\b/.test(text.slice(m.index + m[0].length)) && !(LATER.test(before) || /\bdate\s*:\s*$|\bv\d+(?:\.\d+)+[a-z]?\s*\(?\s*$|,v\s+\d+(?:\.\d+)+\s*$/i.test(before))) continue;
    const y = m.slice(1).find((g) => g);
    if (y) out.push({ year: Number(y), before });
    end = m.index + m[0].length;
  }
  // A date with a two-digit year ("Revised: 10/20/01") only where the words before it say it dates this version.
  for (const m of text.matchAll(SHORT_YEAR_DATE)) {
    const before = text.slice(Math.max(0, m.index - 40), m.index);
    if (!LATER.test(before)) continue;
    const yy = Number(m[1]);
    out.push({ year: yy + (yy <= now % 100 ? 2000 : 1900), before });
  }
  return out;
}

/**
 * The year of the document, from the lines before its body (`header`) and the page's top
 * and bottom margins (`margins`, where journals print their reference line), else from a
 * copyright or venue line anywhere on the page (`page`); or undefined.
 */
export function findPublicationYear(header: TextLine[], margins: TextLine[], page: TextLine[] = [], now = new Date().getFullYear() + 1): number | undefined {
  const mentions: Mention[] = [];
  let order = 0;
  const add = (year: number, rank: number) => {
    if (year <= now) mentions.push({ year, rank, order: order++ });
  };
  for (const line of header) {
    const text = line.text;
    for (const { year, before } of yearsIn(text, now)) {
      // The words just before a date say what it is ("Revised 21 October 2013").
      add(year, LATER.test(before) ? 4 : EARLIER.test(before) ? 1 : 2);
    }
    // "Wien, 2022 / Vienna, 2022": a bilingual line is read half by half, and a line of parts set
    // apart by bars part by part ("Faculty of Applied Engineering | Antwerpen, 2022").
    for (const half of text.split(/\s+[/|]\s+/)) {
      if (half.split(/\s+/).length > 6) continue;
      const bare = BARE_YEAR.exec(half.trim());
      const y = bare ? Number(bare.slice(1).find((g) => g)) : NaN;
      if (y) add(y, 2);
      // A span of years alone on its line ("1994-2022", a book's editions): its last; an academic year ("2018-2019") is none.
      const span = YEAR_SPAN.exec(half.trim());
      if (span && Number(span[2]) - Number(span[1]) >= 2) add(Number(span[2]), 2);
    }
  }
  // A dated line in a margin: the journal's or the preprint's ("Preprint submitted to Elsevier June 8, 2018").
  for (const line of margins) {
    const journal = /\b(?:vol|journal|proceedings|conference|symposium|workshop|preprint|submitted to)\b|©/i.test(line.text);
    for (const { year } of yearsIn(line.text, now)) add(year, journal ? 3 : 1.5);
  }
  for (const line of [...header, ...margins]) {
    for (const re of JOURNAL_HEADER) {
      const m = re.exec(line.text);
      const y = m ? Number(m.slice(1).find((g) => g)) : NaN;
      if (y) add(y, 3);
    }
    // A copyright notice yields to a date printed for this version ("August 14, 2022" under "© 1994, ..., 2021")
    // and outweighs a date in a margin or one the words before it mark as earlier.
    const copyright = copyrightYear(line.text);
    if (copyright) add(copyright, 1.8);
  }
  // Else a copyright or conference line set in the body (a first column's foot): "© 2018 ACM"; or a reprint's footnote
  // citing the issue it first appeared in ("Reproduced with permission from Eutypon, no. 4, Apr. 2000, pp. 1–16").
  if (!mentions.length) {
    for (const line of page) {
      const copyright = BODY_COPYRIGHT.exec(line.text);
      const m = copyright ?? (BODY_VENUE.test(line.text) ? BODY_VENUE_YEAR.exec(line.text) : null) ?? ISSUE_CITATION.exec(line.text);
      const year = m && Number(m.slice(1).find((g) => g));
      if (year) add(copyright ? copyrightYear(line.text) ?? year : year, 1);
    }
  }
  // Else a footnote dating the version the page documents ("This file (gears.dtx) has version number v1.24, last revised
  // 2017/09/25", "This document describes gears version 3.6 that came of age on 2004/05/23").
  if (!mentions.length) {
    for (const line of page) {
      if (!VERSION_NAMED.test(line.text)) continue;
      const dated = yearsIn(line.text, now)[0];
      if (dated) add(dated.year, 1);
    }
  }
  // Else a revision history's latest entry (DocBook's "Revision History" table: "Revision 2.1   19 Jun 2009   efw").
  if (!mentions.length) {
    const at = page.findIndex((line) => /^revision history$/i.test(line.text.trim()));
    const dated = at < 0 ? [] : page.slice(at + 1).flatMap((line) => yearsIn(line.text, now).map(({ year }) => year));
    if (dated.length) add(Math.max(...dated), 1);
  }
  // Else a journal's running head or foot that names only its year.
  if (!mentions.length) {
    for (const line of margins) {
      const m = MARGIN_YEAR.exec(line.text.trim());
      if (m) add(Number(m[1]), 1);
    }
  }
  if (!mentions.length) return undefined;
  const best = Math.max(...mentions.map((m) => m.rank));
  const top = mentions.filter((m) => m.rank === best);
  // Among revisions the latest counts; otherwise the first date printed.
  return best === 4 ? Math.max(...top.map((m) => m.year)) : top.sort((p, q) => p.order - q.order)[0]!.year;
}

/** A line that is a date ("11 February 2016", "8. April 2018"), not a numbered heading. */
export function isDateLine(text: string): boolean {
  DATE.lastIndex = 0;
  const m = DATE.exec(text);
  DATE.lastIndex = 0;
  return !!m && m.index <= 12;
}
