// Failure classes named by the eleventh held-aside run, each shown on a synthetic page of its shape
// (or on the lines the year finder and the type detector read).
import { describe, expect, it } from 'vitest';
import { findPublicationYear } from './dates.ts';
import { detectDocumentType, type TypeEvidence } from './documentType.ts';
import { parsePersonName, splitAuthorLine, vietnameseNames } from './personNames.ts';
import { extractPage } from './syntheticExtraction.ts';
import { bodyText } from './syntheticPdf.ts';
import type { TextLine } from './textLines.ts';
import { readableShare } from './textQuality.ts';

const line = (text: string): TextLine => ({ text, size: 10, x: 0, y: 0, right: 100, page: 1, markers: 0, textWithMarkerBreaks: text, textWithoutMarkers: text });
const lastNames = (r: { fields: { authors?: { last_name: string }[] } }) => r.fields.authors?.map((a) => a.last_name);

describe('titles a form-like cover or a banner hides', () => {
  it('reads a title drawn with a flipped font matrix (a dvips bitmap font) on its line, above the team signing it', async () => {
    const r = await extractPage([
      { text: 'The Gear-Proxy White Paper', x: 72, y: 746, size: 20.7, flipped: true },
      { text: 'The Gearbox Core Development Team', x: 72, y: 719, size: 10 },
      { text: '$Revision: 1.7 $ ($Date: 2002/05/02 13:05:28 $)', x: 329, y: 719, size: 10 },
      ...bodyText(72, 682, 20),
    ]);
    expect(r.fields.title).toBe('The Gear-Proxy White Paper');
    expect(r.fields.type).toBe('report');
  });

  it('does not take a team\'s byline for the title when nothing is set larger', async () => {
    const r = await extractPage([
      { text: 'The Gearbox Core Development Team', x: 72, y: 719, size: 10 },
      ...bodyText(72, 682, 20),
    ]);
    expect(r.fields.title).not.toBe('The Gearbox Core Development Team');
  });

  it('passes over a Chinese degree thesis\'s banner to the title under it, and types the cover a thesis', async () => {
    const r = await extractPage([
      { text: '学校代码:10022', x: 407, y: 757, size: 14, cjk: true },
      { text: '本科毕业论文(设计)', x: 125, y: 565, size: 42, cjk: true },
      { text: '基于齿轮图谱的推荐系统', x: 211, y: 498, size: 16, cjk: true },
      { text: 'Gear Recommender System Based on Gear Graphs', x: 131, y: 456, size: 14 },
      { text: '刘长鑫', x: 295, y: 390, size: 14, cjk: true },
      { text: '2021 年 6 月 1 日', x: 252, y: 140, size: 14, cjk: true },
    ]);
    expect(r.fields.title).toBe('基于齿轮图谱的推荐系统');
    expect(r.fields.type).toBe('thesis');
  });

  it('reads the title after its label on a cover form, past the institution\'s banner and the degree\'s', async () => {
    const r = await extractPage([
      { text: 'Hefei University of Gears', x: 153, y: 649, size: 22 },
      { text: 'UNDERGRADUATE THESIS', x: 154, y: 537, size: 22 },
      { text: '题', x: 108, y: 313, size: 16, cjk: true },
      { text: '目:齿轮学位论文模板示例文档', x: 156, y: 313, size: 16, cjk: true },
      { text: '学生姓名:', x: 108, y: 223, size: 16, cjk: true },
      { text: '2022 年 7 月', x: 296, y: 133, size: 16, cjk: true },
    ]);
    expect(r.fields.title).toBe('齿轮学位论文模板示例文档');
    expect(r.fields.year).toBe(2022);
  });

  it('reads the line under a label alone ("Thema") as the title, and a student project as a report; its supervisor is no author', async () => {
    const r = await extractPage([
      { text: 'Projektarbeit', x: 249, y: 634, size: 17.2 },
      { text: 'des Studiengangs Getriebetechnik', x: 215, y: 612, size: 12 },
      { text: 'Thema', x: 285, y: 535, size: 14.3 },
      { text: 'Einfuhrungsbeispiel mit empfohlenen Zahnradern', x: 160, y: 513, size: 12 },
      { text: 'Ada Lovelace', x: 248, y: 353, size: 14.3 },
      { text: '15. Mai 2019', x: 279, y: 332, size: 12 },
      { text: 'Betreuer:', x: 99, y: 164, size: 10.9 },
      { text: 'Charles Babbage', x: 223, y: 164, size: 10.9 },
    ]);
    expect(r.fields.title).toBe('Einfuhrungsbeispiel mit empfohlenen Zahnradern');
    expect(lastNames(r)).toEqual(['Lovelace']);
    expect(r.fields.type).toBe('report');
  });
});

describe('authors a cover names by their label or role', () => {
  it('reads the candidate under "Candidate", not the placeholder names of the advisors', async () => {
    const r = await extractPage([
      { text: 'Usage example of the Gear class', x: 136, y: 568, size: 20.7 },
      { text: 'for a PhD thesis', x: 136, y: 543, size: 20.7 },
      { text: 'Candidate', x: 136, y: 288, size: 10.9 },
      { text: 'Ada Lovelace (ID number 1234567)', x: 136, y: 270, size: 10.9 },
      { text: 'Thesis Advisors', x: 136, y: 231, size: 10.9 },
      { text: 'Prof. Name Surname', x: 136, y: 212, size: 10.9 },
      { text: 'Academic Year 2018/2019', x: 136, y: 96, size: 10.9 },
    ]);
    expect(lastNames(r)).toEqual(['Lovelace']);
  });

  it('reads the name after a Chinese cover\'s student label, not the supervisors\'', async () => {
    const r = await extractPage([
      { text: '硕士学位论文', x: 73, y: 535, size: 39.6, cjk: true },
      { text: '齿轮一指心法', x: 121, y: 493, size: 28, cjk: true },
      { text: '研究生姓名:', x: 70, y: 423, size: 18, cjk: true },
      { text: '陆小凤', x: 216, y: 423, size: 18, cjk: true },
      { text: '导 师 姓 名:', x: 70, y: 385, size: 18, cjk: true },
      { text: '楚留香 副教授', x: 216, y: 348, size: 18, cjk: true },
    ]);
    expect(r.fields.title).toBe('齿轮一指心法');
    expect(r.fields.authors?.[0]).toEqual({ first_name: '小凤', last_name: '陆' });
    expect(r.fields.authors).toHaveLength(1);
  });

  it('reads a subtitle run over lines ending on "," and "and" as words, and the developer after the role, not the tester', async () => {
    const r = await extractPage([
      { text: 'Gearplot Users Guide', x: 140, y: 668, size: 24.8 },
      { text: 'A Scientific Gearing Language,', x: 136, y: 612, size: 17.2 },
      { text: 'Graph Plotting Suite and', x: 163, y: 584, size: 17.2 },
      { text: 'Vector Graphics Toolkit.', x: 167, y: 556, size: 17.2 },
      { text: 'Version 0.9.2', x: 232, y: 507, size: 14.3 },
      { text: 'Lead Developer: Ada Lovelace', x: 193, y: 290, size: 12 },
      { text: 'Lead Tester: Charles Babbage', x: 205, y: 273, size: 12 },
      { text: 'September 2012', x: 223, y: 162, size: 14.3 },
    ]);
    expect(lastNames(r)).toEqual(['Lovelace']);
  });

  it('reads "Name – address" as the name, and "and the ... team" as no one', async () => {
    const r = await extractPage([
      { text: 'Gearsac', x: 163, y: 613, size: 24 },
      { text: 'The power of simplicity at work for you', x: 91, y: 586, size: 14 },
      { text: 'Ada Lovelace \u2013 ada.lovelace@gears.org', x: 81, y: 548, size: 10.9 },
      { text: 'and the Gearsac team', x: 135, y: 535, size: 10.9 },
      { text: 'December 22, 2009', x: 137, y: 429, size: 10.9 },
    ]);
    expect(lastNames(r)).toEqual(['Lovelace']);
    // The same byline as the PDF records it, when the page names no one.
    const recorded = await extractPage([{ text: 'Gearsac', x: 163, y: 613, size: 24 }, ...bodyText(72, 560, 20)], { Author: 'Ada Lovelace -- ada.lovelace@gears.org and the Gearsac team' });
    expect(recorded.fields.authors).toEqual([{ first_name: 'Ada', last_name: 'Lovelace' }]);
  });

  it('counts a person named again by initials, in the paper to cite under the names, once', async () => {
    const r = await extractPage([
      { text: 'GearDigest Users Manual', x: 192, y: 649, size: 20.7 },
      { text: 'Ada Lovelace', x: 250, y: 581, size: 14.3 },
      { text: 'Charles Babbage', x: 259, y: 563, size: 14.3 },
      { text: 'Research Group for Gear Informatics', x: 180, y: 481, size: 14.3 },
      { text: 'University of Gears', x: 231, y: 463, size: 14.3 },
      { text: 'A. Lovelace and C. Babbage. Fine-grained annotation', x: 105, y: 248, size: 14.3 },
      { text: '26/08/2013', x: 265, y: 135, size: 14.3 },
    ]);
    expect(lastNames(r)).toEqual(['Lovelace', 'Babbage']);
  });

  it('reads Vietnamese names joined by "và" family name first, the Latin accents alone not enough to say so', () => {
    const names = splitAuthorLine('Hàn Thế Thành và Thái Phú Khánh Hòa');
    expect(names).toEqual(['Hàn Thế Thành', 'Thái Phú Khánh Hòa']);
    expect(vietnameseNames('Hàn Thế Thành và Thái Phú Khánh Hòa')).toBe(true);
    expect(vietnameseNames('José María Pérez')).toBe(false);
    expect(names.map((n) => parsePersonName(n, { familyFirst: true })?.last_name)).toEqual(['Hàn', 'Thái']);
  });

  it('reads recorded Vietnamese names family name first too', async () => {
    const r = await extractPage([{ text: 'Gear fonts', x: 72, y: 700, size: 20 }, ...bodyText(72, 600, 20)], { Author: 'Hàn Thế Thành và Thái Phú Khánh Hòa' });
    expect(lastNames(r)).toEqual(['Hàn', 'Thái']);
  });

  it('drops a translator\'s credit in brackets after a name ("Oren Patashnik(訳:松井正一)")', () => {
    expect(splitAuthorLine('Ada Lovelace(訳:松井正一)')).toEqual(['Ada Lovelace']);
    expect(splitAuthorLine('Ada Lovelace (translated by Charles Babbage)')).toEqual(['Ada Lovelace']);
  });

  it('puts TeX\'s spacing accents on their letters in a name ("L`ou", "M`anfred")', () => {
    expect(parsePersonName('M`anfred J. Mostek')).toEqual({ first_name: 'Mànfred J.', last_name: 'Mostek' });
    expect(parsePersonName('L`ou Lou')?.first_name).toBe('Lòu');
  });

  it('leaves out recorded translators marked with their language, and reads a recorded octal escape as its letter', async () => {
    const body = bodyText(72, 600, 20);
    const translated = await extractPage([{ text: 'Gear Reference Card', x: 72, y: 700, size: 20 }, ...body], { Author: 'Ada Lovelace, Charles Babbage, Mary Somerville (Chinese)' });
    expect(lastNames(translated)).toEqual(['Lovelace', 'Babbage']);
    const escaped = await extractPage([{ text: 'Gear Reference Card', x: 72, y: 700, size: 20 }, ...body], { Author: 'Beno\\356t Gear -- bg@gears.org' });
    expect(escaped.fields.authors).toEqual([{ first_name: 'Benoît', last_name: 'Gear' }]);
  });
});

describe('years in the shapes this part printed', () => {
  const year = (header: string[], page: string[] = []) => findPublicationYear(header.map(line), [], page.map(line), 2027);
  it('reads a French month typed without its accent', () => expect(year(['draft version v1.00 decembre 2006'])).toBe(2006));
  it('reads a Vietnamese date', () => expect(year(['Ngày 12 tháng 5 năm 2008'])).toBe(2008));
  it('reads a conference paper\'s number with its year', () => expect(year(['Paper 999-2021'])).toBe(2021));
  it('reads TeX\'s copyright sign as pdf.js hands it over ("©c 1999–2022")', () => expect(year([], ['Copyright ©c 1999–2022 door de auteurs.'])).toBe(2022));
});

describe('document types', () => {
  const evidence = (lines: string[], title: string, extra: Partial<TypeEvidence> = {}): TypeEvidence => ({ lines, head: lines, pageCount: 40, textLength: 2000, hasAbstract: false, hasAffiliations: true, hasIsbn: false, title, ...extra });
  it('does not read "accepted" at a sentence\'s line start as a journal\'s acceptance date', () => {
    const lines = ['The Compiler Generator Gear/R', 'User Manual', 'Ada Lovelace', 'Johannes Kepler University Linz', 'accepted grammars is LL(1) for this gear'];
    expect(detectDocumentType(evidence(lines, 'The Compiler Generator Gear/R')).type).toBe('generic');
    expect(detectDocumentType(evidence([...lines, 'Received: 3 March 2019 / Accepted: 12 May 2019'], 'The Compiler Generator Gear/R')).type).toBe('journal');
  });
  it('reads a guide by its title\'s first line when a status line is set under it ("Gear User\'s Guide" / "Under Development")', () => {
    const lines = ['Gear User\'s Guide', 'Under Development', 'Ada Lovelace', 'Abstract', 'This document contains information on using Gear.'];
    const e = evidence(lines, 'Gear User\'s Guide Under Development', { hasAbstract: true, hasAffiliations: false });
    expect(detectDocumentType(e).type).toBe('journal');
    expect(detectDocumentType({ ...e, titleHead: 'Gear User\'s Guide' }).type).toBe('generic');
  });
});

describe('text layers without words', () => {
  it('gives no title from a line of symbols on an unreadable page', async () => {
    const r = await extractPage([
      { text: 'ffi !!"$#!%&(\')!\'+*(!\'+(-,.!(.\'0/1', x: 100, y: 690, size: 24 },
      // A font without a usable map: its body is symbols too.
      ...Array.from({ length: 12 }, (_, i) => ({ text: '!%&( \')!\'+* (-,.! .\'0/ *8:9<;>= #!!6?#@:# \'A,.( /1\'0# !\'0!', x: 72, y: 600 - i * 12, size: 10 })),
    ]);
    expect(r.warnings).toContain('text layer unreadable');
    expect(r.fields.title).toBeUndefined();
  });
  it('counts a lone Han character as a word (a spine set a character to a line)', () => {
    expect(readableShare('灵 犀 一 指 心法')).toBe(1);
  });
});
