import { describe, expect, it } from 'vitest';
import { findPublicationYear, isDateLine } from './dates.ts';
import type { TextLine } from './textLines.ts';

const line = (text: string): TextLine => ({ text, size: 10, x: 0, y: 0, right: 100, page: 1, markers: 0, textWithMarkerBreaks: text, textWithoutMarkers: text });
const year = (header: string[], margins: string[] = []) => findPublicationYear(header.map(line), margins.map(line), [], 2027);

describe('findPublicationYear', () => {
  it('reads day-first and non-English dates', () => {
    expect(year(['11 February 2016'])).toBe(2016);
    expect(year(['8. April 2018'])).toBe(2018);
    expect(year(['Tag der Einreichung: 11. Dezember 2022'])).toBe(2022);
    expect(year(['Version 5.01fr-0, 25 Avril 2011'])).toBe(2011);
    expect(year(['Versão 0.5.8, 17 de maio de 2022'])).toBe(2022);
    expect(year(['4. september 2014'])).toBe(2014);
    expect(year(['Released 2021/03/02'])).toBe(2021);
    expect(year(['ΑΘΗΝΑ', 'May, 2019'])).toBe(2019);
    expect(year(['25 sierpnia 2021'])).toBe(2021);
    expect(year(['Wersja 6.4PL1 z 13 maja 2022'])).toBe(2022);
    expect(year(['(BORRADOR, octubre del 2015)'])).toBe(2015);
    // Held15's Galician and Korean guides; Catalan, Czech, Finnish and Turkish of the same shapes.
    expect(year(['Versión 4.3, de 29 de xaneiro do 2007'])).toBe(2007);
    expect(year(['초간단 oblivoir v3.1.5 사용법', '2022년 11월'])).toBe(2022);
    expect(year(["Barcelona, 3 d'octubre de 2011"])).toBe(2011);
    expect(year(['V Praze dne 12. března 2019'])).toBe(2019);
    expect(year(['Helsingissä 5. toukokuuta 2020'])).toBe(2020);
    expect(year(['Ankara, 14 Ağustos 2018'])).toBe(2018);
  });

  it('prefers the latest revision to the first date, and any date to a received or compiled one', () => {
    expect(year(['23 October 2004, Revised 21 October 2013'])).toBe(2013);
    expect(year(['Modified: October 24, 2011 Compiled: November 1, 2022'])).toBe(2011);
    expect(year(['Edited: February 2018; Compiled: November 1, 2022'])).toBe(2018);
    expect(year(['Received 27 September 2005'], ['Pattern Recognition 40 (2007) 2730 – 2741'])).toBe(2007);
    // An issue cited with its pages (held15's DANTE reprint) outweighs a bare date on the page.
    expect(year(['Herbert Voß: Farbige Mathematik, Die TeXnische Komödie 2/2004, S. 81-87.', 'March 12, 2011'])).toBe(2004);
    expect(year(['First version: September 2007 This version: May 2017'])).toBe(2017);
    // Held15: an update's date beats the creation's, also when the creation's comes first on its own line.
    expect(year(['Created on 18th September 2015, this update of 30th January 2020'])).toBe(2020);
    expect(year(['Created: 3 May 2019', 'Beta 2'])).toBe(2019);
    expect(year(['Mise à jour le 2 mars 2021', '12 janvier 2019'])).toBe(2021);
  });

  it('reads a date with a time of day when words before it say it dates this version, and Latvian and Lithuanian dates (held7)', () => {
    expect(year(['Revision: 1.4 Date: 2015/05/20 23:30:22'])).toBe(2015);
    expect(year(['Last updated: 2017/05/01 17:50'])).toBe(2017);
    // A bare build stamp is still not a publication date.
    expect(year(['2022-11-06 15:34. Page 1', '(c) 2019 Ada Lovelace'])).toBe(2019);
    expect(year(['2011. gada 5. februārī'])).toBe(2011);
    expect(year(['Vilnius, 2011 m. vasario 5 d.'])).toBe(2011);
  });

  it("reads a journal's or conference's reference line in the page margins", () => {
    expect(year([], ['Annals of Mathematics 160 (2008), 17–46'])).toBe(2008);
    expect(year([], ['Proceedings of Machine Learning Research 1:1–11, 2010'])).toBe(2010);
    expect(year([], ['© 2018 Association for Computing Machinery.'])).toBe(2018);
    expect(year(['Proc. of the 9th Int. Conference on Digital Audio Effects (DAFx-06), Montreal, Canada, September 18-20, 2006'])).toBe(2006);
  });

  it('takes short place-and-year lines and ignores future years', () => {
    expect(year(['Budapest, 2022'])).toBe(2022);
    expect(year(['México, D.F., 2112'])).toBeUndefined();
    expect(year(['Introduction'])).toBeUndefined();
    expect(year(['Wien, 2022 / Vienna, 2022'])).toBe(2022);
    expect(year(['Praha 1993'])).toBe(1993);
    expect(year(['Nagy Bence', '2003. október 11.'])).toBe(2003);
  });

  it('reads a reference line without a comma before the year, and a Vancouver-style citation', () => {
    expect(year([], ['Proceedings of the ASME 2023'])).toBe(2023);
    expect(year(['Journal of Statistical Software 2016;70(10):1–35. doi:10.18637/jss.v070.i10.'])).toBe(2016);
  });

  it('reads a year counted in a Japanese era', () => {
    expect(year(['TEX システムの日本語化', '倉沢 良一', '昭和 62 年 3 月'])).toBe(1987);
    expect(year(['平成元年 4 月 1 日'])).toBe(1989);
    expect(year(['令和5年12月'])).toBe(2023);
  });

  it('falls back to a copyright or conference line set in the body of the page', () => {
    const body = (texts: string[]) => findPublicationYear([], [], texts.map(line), 2027);
    expect(body(['Some text about gears.', 'Conference acronym XX, June 03–05, 2018, Woodstock, NY', '© 2018 Association for Computing Machinery.'])).toBe(2018);
    expect(body(['We met at the conference and talked about gears.'])).toBeUndefined();
  });
});

describe('isDateLine', () => {
  it('tells a date from a numbered heading', () => {
    expect(isDateLine('11 February 2016')).toBe(true);
    expect(isDateLine('8. April 2018')).toBe(true);
    expect(isDateLine('2 Methods and Materials')).toBe(false);
  });
});
