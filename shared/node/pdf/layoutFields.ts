// Fields read from the look of the first pages: the title is the largest text near the top
// of page 1 that is not a running head, banner or journal name; the authors are the
// name-shaped lines below it; then the date, abstract, keywords and identifiers.
import { arxivYear, findArxivIds, findIsbns, findIssns, findPmids } from '../../identifiers/index.ts';
import { findPublicationYear, isDateLine } from './dates.ts';
import { CJK_DEGREE_BANNER, detectDocumentType, ISSUE_NUMBER } from './documentType.ts';
import { ownDois } from './placeholderDoi.ts';
import type { Layout } from './pageLayout.ts';
import { readAuthorGrid } from './authorGrid.ts';
import { spellTexLogos } from './texLogos.ts';
import { EARLIER_WRITERS, hanName, HELPERS_CREDITED, isAffiliation, type NameOrder, parsePersonName, splitAuthorLine, TEAM_BYLINE, TRANSLATION_MARK, vietnameseNames } from './personNames.ts';
import type { TextLine } from './textLines.ts';
import type { ExtractedFields, ExtractedPerson, FieldConfidence } from './types.ts';

/** The words a form-like title page labels its title with ("Thema", "Title", "题 目"). */
const TITLE_LABEL_WORDS = String.raw`thema|titel|title|tema|titre|titolo|título|题\s*目|论文题目|題\s*目`;

/** A title's label alone on its line ("Thema", "Title:", "题 目:"; "Topic" and "标题" only so). */
const TITLE_LABEL = new RegExp(String.raw`^(?:${TITLE_LABEL_WORDS}|topic|标\s*题)\s*[:：]?$`, 'iu');

/** The label with the title after it on its line ("题目:合肥工业大学学位论文模板示例文档", "Thema: ..."). */
const LABELLED_TITLE = new RegExp(String.raw`^(?:${TITLE_LABEL_WORDS})\s*[:：]\s*(\S.{2,})$`, 'iu');

/** A journal's logo letters ("JSS"), not a TeX logo ("LATEX"). */
const LOGO_LETTERS = /^(?!(?:LA|LUA|XE|BIB|CON)?TEX$)\p{Lu}{2,5}$/u;

const NOT_A_TITLE = [
  /^arxiv\s*:/i,
  // A label alone or with what labels carry (a number, a date, "submitted to ..."), not a title
  // that starts with the word ("Preprint Template for ...", "Article Title").
  /^(?:pre-?print|draft|working paper|submitted|accepted|under review|to appear|in press|manuscript|technical report|research article|original article|review article|article|letter|vignette)(?:$|\s*[:|,(\-–—\d]|\s+(?:submitted|version|of|to|in|at|for|no\.?|number|series|from|copy|\S*\d)\b).{0,40}$/i,
  /©|\(c\)\s*\d{4}|\bcopyright\b|all rights reserved|creative commons|licen[cs]ed under/i,
  /^(?:the\s+)?(?:journal|annals|proceedings|bulletin|transactions|archives?)\s+(?:of|on)\b/i,
  /\b(?:vol(?:ume)?\.?\s*\d|issue\s*\d|no\.\s*\d|pp\.\s*\d|issn|isbn|doi\s*:|https?:|www\.)/i,
  /^contributed research articles?\b/i,
  /@/,
  LOGO_LETTERS,
  // A publisher's or society's name set as a banner ("National Research Council", "Société Mathématique de France"); "for" only
  // after a society's own word ("Society for ..."): "Templates for Graz University Library Publishing" is a title.
  /^(?:The\s+)?(?:(?:\p{Lu}[\p{L}'’&.-]*|of|(?<=(?:Society|Association|Institute|Cent(?:er|re)|Foundation|Council|Academy)\s)for|and|&)\s+){0,5}(?:Council|Press|Society|Association|Verlag|Publishing|Publishers|Gesellschaft)$|^(?:Soci[eé]t[eéày]|Society|Association|Council|Acad[eé]mie|Academy|Gesellschaft)\s+(?:of|for|de|des|du|für|der|\p{Lu})[\p{L}\s'’-]{0,60}$/u,
  /^[\d\s.,:;()\-–—/]+$/,
  /^(?:\d+\.?\s*)?(?:abstract|summary|contents|table of contents|introduction|keywords|key words|index terms)(?:\s*[:.—–-].*)?$/i,
  /^abstract\b/i,
  // Banners and labels: a university's name, a degree label, a paper number, an article label.
  /^(?:the\s+)?(?:university|universit[àäéy]|universidad|universidade|università|institut[eo]?|college|school|faculty|fakultät|department)\b.{0,60}$/i,
  /^(?:(?:master|bachelor|doctoral|phd|diploma|undergraduate|graduation|senior|honou?rs)(?:'s)?\s+)?(?:thesis|dissertation)(?:\s*\/\s*(?:(?:doctoral|master'?s?|bachelor'?s?|ph\.?d\.?)\s+)?(?:thesis|dissertation))?$|^(?:masterarbeit|bachelorarbeit|diplomarbeit|seminararbeit|projektarbeit|studienarbeit|hausarbeit|praxisarbeit|praxisbericht|praktikumsbericht|thèse|tesis|tese)$/i,
  CJK_DEGREE_BANNER,
  // An institution's name set alone as a banner ("Hefei University of Technology", "Technische Universität München").
  /^(?:[Tt]he\s+)?(?:\p{Lu}[\p{L}'’.-]+\s+){1,4}(?:University|UNIVERSITY|Universität|Université|Universiteit|Universidad|Università|College|Polytechnic)(?:\s+(?:of|for|at)\s+\p{Lu}[\p{L}'’.-]*(?:\s+(?:\p{Lu}[\p{L}'’.-]*|and|&|of)){0,4})?$/u,
  // A title's label alone over it ("Thema", "Title:", "题目"): the line under it is the title (labelledTitle).
  TITLE_LABEL,
  // A team or an organisation signing the document ("The SuSE Proxy-Suite Core Development Team", "L'équipe de Claws Mail"),
  // which is its byline, not its title.
  TEAM_BYLINE,
  /^[A-Z]{2,}\d{2,}[-\w]*$/,
  /\|\s*(?:general|research|original|review|regular)?\s*article\b/i,
  // A draft, version or release line; "Release Notes for X11R7.7" names a document.
  /^(?:draft|version|released?(?!\s+notes?\b)|typeset)\b.{0,60}$/i,
  // A funding notice set under the title ("FP7 Funded", "Project MONFISPOL Grant no.: 225149").
  /^\S+\s+funded$|\bgrant\s+(?:no\.?|number|agreement)\b/i,
];

/** A line that ends a title block: a version or release line under the title, or the bundle it belongs to ("LaTeX PDF management testphase bundle"). */
const TITLE_STOP = /^\(?(?:version|v\d|release|draft|revision)\b|^\S+,?\s+version\s+v?\d|\b(?:bundle|collection)$/i;

const HEADING_STOP = /^(?:abstract|summary|contents|table of contents|(?:\d+\.?\s*)?introduction$|\d{1,2}(?:\.\d+)*\.?\s+\p{Lu}\p{Ll}+|keywords?|key\s*words|index terms|background|overview|nomenclature|problem statement)\b/iu;

/** The same headings in the languages of the corpus: "Klíčová slova:", "Resumo", "Inhaltsverzeichnis". */
const FOREIGN_HEADING_STOP = /^(?:zusammenfassung|schlüsselwörter|schlagwörter|inhalt(?:sverzeichnis)?|einleitung|kurzfassung|résumé|mots[- ]cl[ée]s|sommaire|table des matières|resumo|resumen|palavras[- ]chave|palabras clave|sumário|índice|introdução|introducción|riassunto|parole chiave|sommario|introduzione|abstrakt|klíčová slova|kľúčové slová|obsah|úvod|streszczenie|słowa kluczowe|spis treści|wstęp|samenvatting|trefwoorden|inhoud|sammanfattning|nyckelord|innehåll|περίληψη|λέξεις[- ]κλειδιά|аннотация|ключевые слова|содержание|введение|简介|摘要|目录|前言|引言|概述|要旨|目次)(?:\s*[:.—–-]|$)/iu;

/** A keywords line's label in the languages of the corpus ("Keywords:", "Klíčová slova:", "Mots-clés :"). */
const KEYWORDS_LABEL = /^(?:keywords?|key\s*words|klíčová slova|kľúčové slová|schlüsselwörter|schlagwörter|mots[- ]cl[ée]s|palavras[- ]chave|palabras clave|parole chiave|słowa kluczowe|trefwoorden|nyckelord|ключевые слова)\s*:/iu;

/** A keywords line whose label is set apart by type alone, not a colon ("Key words International Tax, BibTeX, LaTeX"). */
const UNMARKED_KEYWORDS = /^(?:[Kk]eywords?|[Kk]ey\s*words|KEYWORDS|KEY\s*WORDS)\s+\p{Lu}[^,;]*(?:[,;][^,;]+){2,}$/u;

/** A numbered section heading ("4 Class options", "2.1. Data"), which a title set at body size is not. */
const NUMBERED_HEADING = /^\d{1,2}(?:\.\d{1,2})*\.?\s+\p{Lu}/u;

/** A part, chapter or section of a contents list, numbered ("第 I 部 ...", "Part II ...", "Chapter 3 ...", "2.1 ..."). */
const CONTENTS_ENTRY = /^(?:第\s*[\dIVX一二三四五六七八九十]+\s*[部章節节]|(?:part|chapter|teil|kapitel|partie|chapitre|parte|cap[íi]tulo)\s+[\dIVX]+\b|\d{1,2}(?:\.\d{1,2})*\.?\s)/iu;

/** A venue with its year and place, wherever it sits ("Conference acronym 'XX, June 03–05, 2018, Woodstock, NY"). */
const VENUE_LINE = /\b(?:[Cc]onference|[Ss]ymposium|[Ww]orkshop|CONFERENCE|SYMPOSIUM|WORKSHOP)\b.*\b(?:19|20)\d\d,\s*\p{Lu}\p{Ll}+|\bProceedings of the\b.{0,80}\b(?:Conference|Symposium|Workshop)\b/u;

export interface LayoutFields {
  fields: ExtractedFields;
  confidence: FieldConfidence;
  /** Baseline of the title's first line (to tell whether it might be a running head). */
  titleY?: number;
}

/** A label that names the kind of document or the event, not this document ("User Manual", "Research Proposal",
 * "Benutzerhandbuch", "Documentation", "12th International Conference on Gears 2019"): a title only when nothing else is. */
const KIND_LABEL = /^(?:(?:the\s+)?(?:(?:users?['’]?s?|reference|installation|programmer['’]?s|administrator['’]?s|quick|short)\s+)?(?:manual|guide|handbook|documentation|reference)|(?:research|project|grant|thesis|phd)\s+proposal|(?:benutzer)?handbuch|(?:benutzer)?dokumentation|anleitung|documentazione|manuale(?: utente)?|documentación|manual de usuario|manuel(?: de l['’]utilisateur)?|mode d['’]emploi|guide de l['’]utilisateur|lecture notes|release notes|cheat ?sheet|quick reference)$|^(?:the\s+)?(?:\d+(?:st|nd|rd|th)\s+|first\s+|second\s+|third\s+)?(?:(?:annual|international|european|national|joint)\s+)*(?:conference|symposium|workshop|congress)\s+(?:on|of|for)\b.{0,80}$/iu;

/** A magazine's or newsletter's issue line ("ConTeXt magazine #1102 MkIV", "Gear Newsletter No. 12", "Issue 4"). */
const ISSUE_LINE = new RegExp(String.raw`\b(?:magazine|newsletter|bulletin|zine|gazette)\b${ISSUE_NUMBER}|^(?:issue|nummer|numéro|heft)\s+#?\d+\b`, 'i');

/** A magazine's masthead: its name set large just above its issue line ("This Way" over "ConTeXt magazine #1102"),
 * which names the magazine, not the article under it. */
function masthead(line: TextLine, issues: readonly TextLine[]): boolean {
  return issues.some((l) => l !== line && l.y < line.y && line.y - l.y <= Math.max(line.size, l.size) * 1.6 && line.size > l.size);
}

/** What the search for a title reads of the first page more than once, read once. */
interface FirstPage {
  page: Layout['pages'][number];
  /** A sparse title page (a title, a name, a date): no body text to compare sizes with. */
  sparse: boolean;
  /** Its magazine issue lines, in page order. */
  issues: TextLine[];
}

function firstPageOf(layout: Layout): FirstPage | undefined {
  const page = layout.pages[0];
  if (!page) return undefined;
  const sparse = page.lines.reduce((n, l) => n + l.text.length, 0) < 400;
  const issues = page.lines.filter((l) => ISSUE_LINE.test(l.text));
  return { page, sparse, issues: issues.length && !sparse && newsletterItems(page.lines, issues[0]!, layout.bodySize) ? [] : issues };
}

/**
 * A newsletter's page of several items under its masthead ("LaTeX News" / "Issue 27, April 2017" over "Contents",
 * "ISO 8601 Date format", "Disabling hyphenation", ...): three or more headings set apart at the largest size under
 * the issue line, larger than the body. Its masthead is then its title, not an article's.
 */
function newsletterItems(lines: TextLine[], issue: TextLine, bodySize: number): boolean {
  const under = lines.filter((l) => l.y < issue.y);
  if (!under.length) return false;
  const top = Math.max(...under.map((l) => l.size));
  if (top < bodySize * 1.1) return false;
  const headings = under.filter((l) => Math.abs(l.size - top) <= top * 0.05);
  // A heading run over two lines is one heading.
  return headings.filter((h) => !headings.some((o) => o !== h && o.y > h.y && o.y - h.y <= top * 2 && o.x < h.right && o.right > h.x)).length >= 3;
}

function titleCandidates(layout: Layout, { page, sparse, issues }: FirstPage): TextLine[] {
  const notBanner = (l: TextLine) => !seriesBanner(l, page.lines, layout.bodySize) && !issues.includes(l) && !masthead(l, issues);
  let candidates = titleLines(layout, page).filter(notBanner);
  // A magazine's cover may set the article's title low, under its masthead: a sparse page with nothing above is read lower down.
  if (!candidates.length && sparse) candidates = titleLines(layout, page, 0.1).filter(notBanner);
  const titles = candidates.filter((l) => !KIND_LABEL.test(l.text.trim()));
  return underFirstSection(titles.length ? titles : candidates, page.lines);
}

/**
 * Without what is set under the page's first numbered section heading ("1 Introduction"), when
 * a line as large as the heading stands well above it: the body's display text (an example word
 * set at 50 pt) is not the title printed over the sections. (A heading in a column beside the
 * title block starts no such cut.)
 */
function underFirstSection(candidates: TextLine[], lines: TextLine[]): TextLine[] {
  const heading = lines.find((l) => NUMBERED_HEADING.test(l.text) && l.text.split(/\s+/).length <= 8);
  if (!heading || !candidates.some((l) => l.y - heading.y > heading.size * 2 && l.size >= heading.size)) return candidates;
  return candidates.filter((l) => l.y > heading.y);
}

/** The lines that may be a title: above `lowest` (a share of the page's height), not running heads, banners or labels. */
function titleLines(layout: Layout, page: Layout['pages'][number], lowest = 0.3): TextLine[] {
  return page.lines.filter((l) => {
    if (layout.runningHeads.has(l)) return false;
    if (l.y < page.height * lowest) return false;
    const t = unspaced(l.text);
    if (!/\p{L}{2}/u.test(t) || t.length > 300 || isDateLine(t) && t.split(/\s+/).length <= 6) return false;
    // A few letters strewn across the page at display size (a banner's drawing: "LaT g" over 500 points) are no title.
    if (t.replace(/\s/g, '').length <= 8 && l.right - l.x > l.size * 0.55 * t.length * 2) return false;
    // An affiliation set large ("McGill University, Montreal, Canada").
    if (/\b(?:universit\w*|institut\w*|department|laborator\w*|school of|college)\b/i.test(t) && /,\s*\p{Lu}/u.test(t)) return false;
    return !NOT_A_TITLE.some((re) => re.test(t)) || LOGO_LETTERS.test(t) && spelledOutUnder(l, page.lines);
  });
}

/** Capital letters set over the words they stand for, as large ("SAM" over "“Significance Analysis of Microarrays”"):
 * the title's first line, not a logo. */
function spelledOutUnder(line: TextLine, lines: TextLine[]): boolean {
  const next = lines.find((l) => l.y < line.y && line.y - l.y <= line.size * 2 && Math.abs(l.size - line.size) <= line.size * 0.08);
  const initials = next?.text.split(/\s+/).map((w) => w.replace(/^\P{L}+/u, '')).filter((w) => /^\p{Lu}/u.test(w)).map((w) => w[0]).join('');
  return initials === line.text.trim();
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A product's documentation series named above one of its volumes, as large ("Code Saturne documentation" over
 * "Code Saturne Theory Guide"): the volume's line starts with the product's name and says more. */
function productDocumentation(line: TextLine, lines: TextLine[]): boolean {
  const m = /^(.{3,40}?)\s+(?:documentation|docs|manuals|dokumentation|documentación|documentazione)$/iu.exec(line.text.trim());
  if (!m) return false;
  const product = m[1]!.toLowerCase();
  return lines.some((l) => l.y < line.y && line.y - l.y <= line.size * 4 && Math.abs(l.size - line.size) <= line.size * 0.08
    && l.text.trim().toLowerCase().startsWith(`${product} `) && l.text.trim().length > product.length + 3 && l.text.trim() !== line.text.trim());
}

/** A series' or bundle's name set large over a manual's cover ("PSTricks" above "pst-fill" and "A PSTricks
 * package for filling and tiling areas"): a word or two that a title line set well below it, smaller but still
 * larger than the body, repeats among its own words; or a lone word twice the size of the title block below it
 * and set apart from it by more than three of its own lines. */
function seriesBanner(line: TextLine, lines: TextLine[], bodySize: number): boolean {
  if (productDocumentation(line, lines)) return true;
  const name = line.text.trim();
  if (name.length < 3 || !/^\S+(?:\s\S+)?$/u.test(name)) return false;
  const below = lines.filter((l) => l !== line && l.y < line.y - line.size && l.size < line.size * 0.7 && l.size >= bodySize * 1.2 && !onlyNames(l.text));
  const repeated = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(name)}(?![\\p{L}\\p{N}])`, 'iu');
  // A version label that repeats the name ("(EusLisp 9.27)" low on a manual's cover) or a contents entry ("第 I 部 EusLisp 基本",
  // "Part I EusLisp Basics") is not such a title line.
  const titleLine = (l: TextLine) => l.text.trim().split(/\s+/).length >= 3 && !CONTENTS_ENTRY.test(l.text.trim());
  if (below.some((l) => l.y < line.y - line.size * 2 && l.text.trim().length > name.length + 3 && repeated.test(l.text) && titleLine(l))) return true;
  // The next line counts from just under the word: a version or date line set close under a name that large makes it the title.
  const next = lines.filter((l) => l !== line && l.y < line.y && l.size < line.size * 0.7 && l.size >= bodySize * 1.2 && !onlyNames(l.text)).sort((p, q) => q.y - p.y)[0];
  return !/\s/.test(name) && !!next && line.size >= next.size * 2 && line.y - next.y > line.size * 3;
}

/** "T H E T I T L E": a line set letter by letter, read as its letters. */
function unspaced(text: string): string {
  return /^(?:\p{L} ){3,}\p{L}$/u.test(text) ? text.replace(/ /g, '') : text;
}

function joinLines(parts: string[]): string {
  let out = '';
  for (const p of parts) {
    if (!out) out = p;
    else if (/\p{L}-$/u.test(out) && /^\p{Ll}/u.test(p)) out = out.slice(0, -1) + p;
    else out += ` ${p}`;
  }
  return out.replace(/\s+/g, ' ').trim();
}

/** A title's continuation line, even if alone it would look like a journal's name. */
function continuesTitle(text: string): boolean {
  return /^(?:the\s+)?(?:journal|annals|proceedings|bulletin|transactions)\s+(?:of|on)\b/i.test(text) && !/\d/.test(text);
}

/** "Marei Peischl", "First Author, Second Author and Third Author": names and nothing else. */
function onlyNames(text: string): boolean {
  // Function words ("of", "the", "für") are in titles, not in names.
  if (/\b(?:the|of|for|in|on|to|an?|with|from|using|der|die|das|für|les?|des|du|pour|sur|para|com|del|zur|im)\b/i.test(text)) return false;
  const pieces = splitAuthorLine(text);
  return pieces.length > 0 && pieces.every((p) => parsePersonName(p)) && !/[:?!]/.test(text);
}

/** A line of a justified paragraph: the next line below ends where it does and starts where it does, or up to three ems
 * to its left under a paragraph's indented first line (a second column's first line set a little higher than a title beside it). */
function paragraphLine(line: TextLine, lines: TextLine[]): boolean {
  const next = lines.find((l) => l.y < line.y && line.y - l.y <= line.size * 1.6 && l.x < line.x + 2 && line.x - l.x <= line.size * 3 && Math.abs(l.size - line.size) < 0.5);
  return !!next && Math.abs(next.right - line.right) < 2 && line.text.split(/\s+/).length >= 6;
}

/** "Robin Fairbairns & TUGboat editors": an author line that starts with a person's name. */
function startsWithName(text: string): boolean {
  const first = splitAuthorLine(text)[0];
  return !!first && first !== text.trim() && !!parsePersonName(first) || onlyNames(text);
}

export function cleanTitle(s: string): string {
  return s
    // The first section's heading taken for a title on a page that has none ("1 Mathematische Grundlagen ..."), or a document's
    // number in its series set before its title ("2. Using filterVcf() to Select Variants").
    .replace(/^(?:1\.?|\d{1,2}\.)\s+(?=\p{Lu}\p{Ll}+\s+\p{L})/u, '')
    // Ornamental dandas around a Devanagari title ("।। आलोक ।।").
    .replace(/^[।॥\s]+|[।॥\s]+$/gu, '')
    // A date or a version tag set after the title on its line ("..., 2021/03/02", "gantt charts; v.0.22a").
    .replace(/[,;]\s*(?:19|20)\d\d[/-]\d\d[/-]\d\d$/, '').replace(/[,;]\s*v\.?\s?\d+(?:\.\d+)*[a-z]?$/i, '').replace(/\s*[∗*†‡§¶⁎✝]+\s*/g, ' ').replace(/\s+([:,.;])/g, '$1').replace(/\s+/g, ' ').replace(/[\s,;:]+$/, '').trim();
}

/** The line under a title that says whose it is: "by" alone, or "by" and names ("by Ada Lovelace and Charles Babbage"). */
const BY_LINE = /^(?:[Bb]y|BY|von|par|di|por)$|^(?:[Bb]y|von|par)\s+\p{Lu}/u;

/** The lines of a page's row: those on the baseline of `line`, left to right (a form's letter-spaced label "题" "目:..."). */
function rowOf(line: TextLine, lines: TextLine[]): TextLine[] {
  return lines.filter((l) => Math.abs(l.y - line.y) < line.size * 0.3 && Math.abs(l.size - line.size) <= line.size * 0.25).sort((p, q) => p.x - q.x);
}

/** A cover with few words (a thesis's or a student project's form-like title page). */
const coverPage = (lines: TextLine[]) => lines.reduce((n, l) => n + l.text.length, 0) < 700;

/** A form-like cover's rows, top down, each with its first line and its text joined; none on a page with a body. */
function* coverRows(lines: TextLine[]): Generator<{ line: TextLine; row: TextLine[]; text: string }> {
  if (!coverPage(lines)) return;
  for (const line of lines) {
    const row = rowOf(line, lines);
    if (row[0] === line) yield { line, row, text: row.map((l) => l.text.trim()).join(' ') };
  }
}

/**
 * On a form-like cover, the title its label names: after the label on its row ("题 目:合肥工业大学学位论文模板示例文档"),
 * or on the line under a label alone ("Thema" over "Einführungsbeispiel mit empfohlenen Einstellungen"). A banner
 * set larger above it ("Projektarbeit", "本科毕业设计(论文)") names the kind of work, not the work.
 */
function labelledTitle(lines: TextLine[]): { lines: TextLine[]; text: string; confidence: number } | undefined {
  for (const { line, row, text } of coverRows(lines)) {
    const inline = LABELLED_TITLE.exec(text);
    if (inline) {
      const title = cleanTitle(inline[1]!);
      if (title.length >= 3) return { lines: row, text: title, confidence: 0.65 };
    }
    if (!TITLE_LABEL.test(text)) continue;
    const under = lines.find((l) => l.y < line.y && line.y - l.y <= line.size * 3 && l.x < row[row.length - 1]!.right + line.size * 10 && l.right > line.x - line.size * 10);
    if (!under || !/\p{L}{2}/u.test(under.text) || onlyNames(under.text)) continue;
    // A title run over two lines: the next line as large, close under it, neither names nor a date.
    const next = lines.find((l) => l.y < under.y && under.y - l.y <= under.size * 1.6 && Math.abs(l.size - under.size) < 0.5 && l.x < under.right && l.right > under.x);
    const block = next && !onlyNames(next.text) && !isDateLine(next.text) ? [under, next] : [under];
    return { lines: block, text: cleanTitle(joinLines(block.map((l) => l.textWithoutMarkers))), confidence: 0.65 };
  }
  return undefined;
}

function findTitle(layout: Layout): { lines: TextLine[]; text: string; confidence: number } | undefined {
  const first = firstPageOf(layout);
  if (!first) return undefined;
  const labelled = labelledTitle(first.page.lines);
  if (labelled) return labelled;
  const candidates = titleCandidates(layout, first);
  if (!candidates.length) return undefined;
  const maxSize = Math.max(...candidates.map((l) => l.size));
  const distinct = maxSize >= layout.bodySize * 1.08;
  // Titles set in body size (some notes and reports) are taken only from the very top.
  const { sparse, issues } = first;
  const pageLines = first.page.lines;
  // At body size, a two-column page's first body line or section heading may sit higher than the title.
  const pool = distinct || sparse ? candidates : candidates.filter((l) => l.y > layout.pages[0]!.height * 0.7 && !NUMBERED_HEADING.test(l.text) && !paragraphLine(l, pageLines));
  // A cover may set the author's name above the title, as large: a line of names only is not the title.
  // Only when another line as large is not names: many titles are capitalised words too.
  const named = pool.filter((l) => !onlyNames(l.text));
  // Or when a name stands far above a title set smaller, as on a manual's sparse cover ("Marcin Woliński" over its title).
  const coverName = (l: TextLine) => sparse && onlyNames(l.text) && splitAuthorLine(l.text).every((p) => p.split(/\s+/).length <= 3) && named.some((n) => n.y < l.y - l.size * 3 && n.size >= l.size * 0.75);
  // Or when the author's name is set larger than a title above it, itself set well above the body ("Jean-Pierre Coulon" under its title).
  const nameUnderTitle = (l: TextLine) => onlyNames(l.text) && named.some((n) => n.y > l.y && n.size >= l.size * 0.6 && n.size >= layout.bodySize * 1.3);
  const usable = named.some((l) => l.size >= maxSize * 0.9) || pool.filter((l) => l.size >= maxSize * 0.97).every((l) => coverName(l) || nameUnderTitle(l)) ? named : pool;
  const top = Math.max(...usable.map((l) => l.size));
  // Under a magazine's issue line, the article's title is the first line set as large as it, whatever its words look like.
  const issue = issues[0];
  const underIssue = issue && candidates.filter((l) => l.y < issue.y && l.size >= issue.size * 0.92).sort((p, q) => q.y - p.y)[0];
  const start = underIssue || usable.filter((l) => l.size >= top * 0.97).sort((p, q) => q.y - p.y)[0];
  if (!start) return undefined;
  const lines: TextLine[] = [start];
  // A first title line that reads like names ("Simultaneous Inference") set just above it.
  const above = pageLines.filter((l) => l.y > start.y && l.y - start.y <= start.size * 2 && Math.abs(l.size - start.size) <= start.size * 0.08 && l.x < start.right && l.right > start.x && candidates.includes(l));
  if (above.length === 1 && onlyNames(above[0]!.text)) lines.unshift(above[0]!);
  let last = start;
  // A magazine's article title is set as large as the issue line above it and the author's name under it: the name ends it.
  const issueSized = issues.some((l) => Math.abs(l.size - start.size) <= start.size * 0.08);
  for (const l of pageLines) {
    if (l.y >= last.y - 0.5 || l === start) continue;
    if (lines.length >= 6) break;
    // "by" on a line of its own, or before the names ("Manual for gears.sty" / "by" / "Ada Lovelace"): the title has ended.
    if (last.y - l.y <= start.size * 2.0 && l.x < last.right && l.right > last.x && BY_LINE.test(l.text.trim())) break;
    const sameSize = Math.abs(l.size - start.size) <= start.size * 0.08;
    const near = last.y - l.y <= start.size * 2.0;
    const overlaps = l.x < last.right && l.right > last.x;
    // A continuation may name a journal ("... for the Journal of ..."); it must not be a version line.
    // A title at body size in a column: only the names under it tell where it ends.
    const names = (!distinct && start.right < layout.pages[0]!.width * 0.55 || issueSized) && startsWithName(l.text);
    // A kind of document set as large right under the name is the title's end ("LuaMetaTeX" / "Reference" / "Manual"),
    // not when it follows a subtitle ("teubner" / "An extension for Greek philology" / "User manual").
    const kind = KIND_LABEL.test(l.text.trim().replace(/^an?\s+/i, ''));
    const kindAfterName = kind && (last === start || KIND_LABEL.test(last.text.trim()));
    // A kind after the words of a subtitle ("matstat: a program for computing" / "matching statistics" / "a manual") ends it.
    if (kind && !kindAfterName && sameSize && near && overlaps) break;
    if (sameSize && near && overlaps && !names && !TITLE_STOP.test(l.text) && (candidates.includes(l) || continuesTitle(l.text) || kindAfterName)) {
      lines.push(l);
      last = l;
    } else if (overlaps ? l.y < last.y - start.size * 0.5 : !near) {
      // A line beside the title (an affiliation column) does not end it; one under it does.
      break;
    }
  }
  const text = spellTexLogos(cleanTitle(joinLines(lines.map((l) => unspaced(l.textWithoutMarkers)))));
  if (text.length < 3) return undefined;
  const ratio = start.size / layout.bodySize;
  const confidence = distinct ? (ratio >= 1.3 ? 0.85 : 0.65) : sparse ? 0.5 : 0.35;
  return { lines, text, confidence };
}

/**
 * Index of the line where the body starts (abstract, contents, first section, a long paragraph),
 * at most `cap` lines after `after`. A heading in a side box at the page's right edge (a journal's
 * "Keywords:" beside the authors) does not end the header; a second column starts further left.
 */
function headerEnd(lines: TextLine[], bodySize: number, after: number, cap = 25, pageWidth = Infinity): number {
  for (let i = after; i < lines.length && i < after + cap; i++) {
    const l = lines[i]!;
    // An affiliation or address numbered by its marker ("1 School of Physics, ...", "1 Research Road, Ridge, NY") is not a numbered section: a REVTeX page prints its "(Dated: ...)" line under them.
    if ((HEADING_STOP.test(l.text) || FOREIGN_HEADING_STOP.test(l.text)) && !isDateLine(l.text) && !numberedAffiliation(l.text) && l.x < pageWidth * 0.65) return i;
    if (l.text.split(/\s+/).length >= 14 && Math.abs(l.size - bodySize) < 0.6 && !nameList(l.text)) return i;
  }
  return Math.min(lines.length, after + cap);
}

/** "1 School of Physics, University of Sydney, Sydney, NSW, Australia": an affiliation after its number, not a section heading. */
function numberedAffiliation(text: string): boolean {
  return /^\d{1,2}\s+\p{Lu}/u.test(text) && text.includes(',') && isAffiliation(text);
}

/** A long line of names ("C. Petit-Jean-Genaz, J. Poole, T. Baron, R. Billen, ..."), not a paragraph's. */
function nameList(text: string): boolean {
  const pieces = splitAuthorLine(text);
  const names = pieces.filter((p) => parsePersonName(p)).length;
  return names >= 3 && names * 2 >= pieces.length;
}

/** Credits that are not authorship: translators, editors, supervisors and examiners. */
const CREDIT = /^(?:(?:(?:which|that)\s+(?:was|is)\s+)?based\s+on\b|(?:\p{L}+\s+)?(?:übersetz\w*|traduction|translation|vertaling|tradu[cç][ãa]o|traducci[oó]n|перевод)\b|version (?:française|française|allemande|anglaise)|verantwortlich|traduit|translated|übersetzt|traducido|traduzido|traduzione|przek[łl]ad|t[łl]umaczenie|former|.{0,40}\bteam members?\s*:|edited|herausgegeben|hrsg\.?|(?:co-?)?supervis(?:or|ed)|advis(?:or|er)|betreuer|betreut|(?:first |second )?(?:examiner|referee|reviewer)|(?:lead\s+)?testers?(?=\s*:)|maintainers?(?=\s*:)|maintained\s+by|gutachter|referent|korreferent|orientador|orientadora|directeur|directrice|director|tutor|témavezető|konzulens|promotor|committee)\b/iu;

/** A thesis's committee or jury, by its label in the languages of the corpus ("Promotoren",
 * "Externe Promotor", "Mitbetreut von", "Titularis(sen):", "Membres du jury", "Advisory board"). */
const COMMITTEE = /^(?:(?:co-?|external|externe?|interne?|second|first|thesis|examining|doctoral|mit)\s*)?(?:promot(?:or|ors|oren|rices?|eurs?)|co-?promot\w*|supervisors|advisors|advisers|examiners|examinateurs?|rapporteurs?|betreut\s+von|titularis\w*|jury|membres du jury|members of the (?:jury|committee)|advisory board|(?:thesis |examining |doctoral )?committee(?: members?)?|banca examinadora|instructor|begeleiders?|relator[ei]|relatrice|tutor[ei]|tutrice|correlator[ei]|supervisore|direct(?:eur|rice|or)(?:es|s)? de (?:th[eè]se|tesis)|th[eè]se dirigée par|co-?encadrant)\b/i;

/** A Greek thesis's supervisor and committee labels ("Επιβλέπων:", "Τριμελής Επιτροπή", "Εξεταστική Επιτροπή"),
 * accented or set in capitals without accents; \b does not see Greek word ends, so a lookahead does. */
const GREEK_COMMITTEE = /^(?:επιβλ[εέ]π(?:ων|ουσα|οντες)|συνεπιβλ[εέ]π(?:ων|ουσα)|(?:τριμελ[ηή]ς|εξεταστικ[ηή]|επταμελ[ηή]ς|συμβουλευτικ[ηή])\s+επιτροπ[ηή]|επιτροπ[ηή]|μ[εέ]λη\s+επιτροπ[ηή]ς)(?!\p{L})/iu;

/** A line that credits others than the authors: a translator, an editor, a supervisor, a committee or jury. */
export function creditLabel(text: string): boolean {
  return CREDIT.test(text) || COMMITTEE.test(text) || GREEK_COMMITTEE.test(text);
}

/** A sentence's line: eight words or more, most of them starting in lower case, and not a list of names. */
function proseLine(text: string): boolean {
  const words = text.split(/\s+/).filter((w) => /\p{L}/u.test(w));
  return words.length >= 8 && words.filter((w) => /^\p{Ll}/u.test(w)).length * 2 >= words.length && !nameList(text);
}

/** A dedication line, in the languages of the corpus. */
const DEDICATION = /^(?:to my|to the memory|in memor(?:y|iam)|dedicated to|für meine?n?|gewidmet|à m(?:a|on|es)|dédié|a mi|dedicado|dedicato|a mia|al mio)\b/i;

/** A city, a North American state or province and its postal code, as an address ends ("San Antonio, TX 78249", "Ottawa, ON K1A 0B1"): the city is no name. */
const CITY_STATE_POSTCODE = /(?:^|,)[^,]*,\s*[A-Z]{2}\s+(?:\d{5}(?:-\d{4})?|[A-Z]\d[A-Z]\s?\d[A-Z]\d)\s*$/;

/** A company's legal form, set after its name and a comma ("Galois Connections, Inc."). */
const COMPANY_FORM = /^(?:inc|ltd|llc|gmbh|corp|plc|s\.?a|s\.?r\.?l|b\.?v|ag|oy|ab|pty\.?\s*ltd)\.?$/i;

/** A street, road or post box: a line with one is an address. */
const STREET = /\b(?:road|street|avenue|boulevard|lane|drive|str\.|stra(?:ß|ss)e|rue|via|calle|p\.?\s?o\.?\s?box)$/i;

/** An e-mail address spelled out against harvesters ("claudio dot beccari at gmail dot com", "jfbu (at) free (dot) fr"), with the dash before it. */
const SPELLED_ADDRESS = /\s*[–—-]?\s*[\w.+-]+(?:\s+(?:dot|\(dot\))\s+[\w-]+)*\s+(?:at|\(at\))\s+[\w-]+(?:\s+(?:dot|\(dot\))\s+[\w-]+)+\s*$/i;

/** An e-mail address set after a name and a comma, a semicolon, a dash or a space ("Landon D. C. Elkind elkind@ualberta.ca",
 * "Benoît Sonntag – benoit.sonntag@lisaac.org"), at the end of its line, or set between dashes ("Karl Stamm – karl@gears.org –"). */
const TRAILING_ADDRESS = /(?<=\p{L}\.?)(?:\s*[,;]\s*|\s+[–—-]{1,2}\s+|\s+)[\w.+-]+@[\w-]+(?:\.[\w-]+)+\s*(?:[–—-]{1,2}\s*)?$/u;

/**
 * An e-mail address in brackets after a name: round, pointed or angle ("Kevin Fall 〈kfall@ee.lbl.gov〉, Editor"),
 * also spelled out against harvesters ("John C. Nash (nashjc at uottawa.ca)", "(jd [at] example [dot] org)").
 */
const ADDRESS_IN_BRACKETS = /[(<〈⟨]\s*(?:\S+@[^\s)>〉⟩]+|[\w.+-]+\s*(?:\s(?:at|\(at\)|\[at\])\s)\s*[\w-]+(?:(?:\.|\s+(?:dot|\(dot\)|\[dot\])\s+)[\w-]+)+)\s*[)>〉⟩]/gu;

/** A line that runs on to the next: it ends on a comma or a conjunction ("Graph Plotting Suite and"). */
const RUNS_ON = /(?:,|\s(?:and|und|et|y|e|or|&))$/u;

/** An author's role before the name ("Lead Developer: Dominic Ford", "Written by: ..."); a tester's or a maintainer's is a credit. */
const AUTHOR_ROLE = /^(?:(?:lead|main|principal|chief)\s+)?(?:developers?|authors?|programmers?|written\s+by)\s*:\s*/i;

/** A label for the authors, in words of the corpus's languages ("Package author(s):", "PRESENTA:", "Vorgelegt von:"). */
const AUTHORS_FIELD = /(?<!\p{L})(?:authors?|autor(?:es|en|in|e|i)?|auteurs?|verfasser(?:in)?|candidat[oae]?|presenta(?:do|da)?|pr[ée]sent[ée]e?|presented|submitted|written|by|von|par|por|przez|door|di|da)(?:\(s\)|\(es\))?(?!\p{L})/iu;

/** A line with a list number set apart to its left on the same baseline ("II." ... "Getting Help"): a list's entry. */
function listEntry(line: TextLine, lines: TextLine[]): boolean {
  return lines.some((m) => m !== line && Math.abs(m.y - line.y) < line.size * 0.3 && m.right < line.x - line.size && /^(?:[IVX]{1,5}|\d{1,2})[.)]$/.test(m.text.trim()));
}

/** A footnote: its marker, then a sentence ("∗This work is based on ...", "†Supported by the ..."). */
const FOOTNOTE_PROSE = /^[∗*†‡§¶⁎✝]\s*\p{Lu}\p{Ll}*\s+(?:\p{Ll}+\s+){2,}/u;

/** An address line that goes on on the next line: it ends on a hyphen or in the middle of an institution's name. */
const runsOn = (line: TextLine) => /[-–]$/.test(line.text) || isAffiliation(line.text.split(/[;,]/).pop() ?? '');

function findAuthors(lines: TextLine[], from: number, to: number): ExtractedPerson[] {
  const authors: ExtractedPerson[] = [];
  let credited = false;
  // A credit label set as a column head ("Supervisor:" beside "Author:", "Przekład polski:" over a
  // right-aligned list): the names under it, line after line, are not authors.
  const creditColumns: { head: TextLine; lastY: number }[] = [];
  const underCredit = (l: TextLine) => creditColumns.some((c) => {
    const { head } = c;
    const aligned = Math.abs(l.x - head.x) < head.size * 3 || Math.abs(l.right - head.right) < head.size || Math.abs(l.x + l.right - head.x - head.right) < head.size * 2;
    const near = c.lastY - l.y > 0 && c.lastY - l.y <= head.size * 2.5 && head.y - l.y <= head.size * 12;
    if (!aligned || !near || l.x >= head.right + head.size || l.right <= head.x - head.size) return false;
    c.lastY = l.y;
    return true;
  });
  let prose: { x: number; right: number; lastY: number; size: number } | undefined;
  let address: TextLine | undefined;
  // A subtitle's line that runs on to the next ("A Scientific Scripting Language," / "Graph Plotting Suite and" / "Vector
  // Graphics Toolkit."): its next lines, set as large and close under it, are its words, not names.
  let phrase: TextLine | undefined;
  let proseLines = 0;
  let fieldLabel: TextLine | undefined;
  // Line numbers in a review copy's margins ("1", "2", ...) are not lines of the header.
  for (let i = from, seen = 0; i < to && seen < 20; i++) {
    const line = lines[i]!;
    if (/^\d{1,4}$/.test(line.text)) continue;
    seen++;
    if (phrase && phrase.y - line.y <= phrase.size * 2.2 && Math.abs(line.size - phrase.size) < 0.5) {
      phrase = RUNS_ON.test(line.text) ? line : undefined;
      continue;
    }
    phrase = RUNS_ON.test(line.text) && !splitAuthorLine(line.textWithMarkerBreaks).some((p) => parsePersonName(p)) ? line : undefined;
    // A footnote's line of prose after its marker ("∗This work is based on previous work also by Elisa Ricci, ...") names no author,
    // nor do the lines it runs on to.
    if (FOOTNOTE_PROSE.test(line.text)) {
      prose = { x: line.x - line.size * 2, right: line.right, lastY: line.y, size: line.size };
      continue;
    }
    // An address run on from the line above, which ended on an institution's word or a hyphen ("...; Université" /
    // "Pierre et Marie Curie; 75005 Paris France"), is part of it.
    if (address && address.y - line.y <= line.size * 1.6 && address.y > line.y) {
      address = runsOn(line) ? line : undefined;
      continue;
    }
    address = undefined;
    // An address after a name and a comma ("Ada Lovelace, ada@gears.org") goes like one in brackets; a line that is only an address is skipped.
    if (/@|https?:|www\./i.test(line.text.replace(ADDRESS_IN_BRACKETS, ' ').replace(TRAILING_ADDRESS, '')) && !/\s{2}/.test(line.text)) {
      if (runsOn(line)) address = line;
      continue;
    }
    // "et al." is a citation; translators and editors (and the lines their credit runs on to) are not the authors.
    // A line of prose (an abstract with no heading, a notice, a thank-you leading into a list of names) and the lines that
    // run on under it in its column are not author lines; a second column's prose leaves the first column's names alone.
    // Measured in the prose's own lines: a name set large under a subtitle in words is not under it.
    const underProse = prose && line.x < prose.right && line.right > prose.x && prose.lastY - line.y <= prose.size * 2.2;
    if (proseLine(line.text.replace(/\S+@\S+/g, ' ').replace(SPELLED_ADDRESS, ' ').replace(HELPERS_CREDITED, '')) || underProse) {
      // A paragraph after the names is the body: a heading under it ("Das Prinzip") names no one.
      if (authors.length && ++proseLines >= 3) break;
      prose = { x: Math.min(line.x, prose && underProse ? prose.x : line.x), right: Math.max(line.right, prose && underProse ? prose.right : line.right), lastY: line.y, size: line.size };
      continue;
    }
    // A copyright line is read only when no author line is printed (copyrightHolders).
    if (/^(?:©|\(c\)|copyright\b)/i.test(line.text.trim())) continue;
    // A dedication ("to my Master, Ferdowsi The Great") names no author.
    if (DEDICATION.test(line.text)) continue;
    const pieces = splitAuthorLine(line.text);
    // A line of a postal address ("Fine Hall, Washington Road"): its first piece is a building, not a person.
    if (pieces.some((p) => STREET.test(p))) continue;
    // A list of organisations by their acronyms ("UC Berkeley, LBL, USC/ISI, and Xerox PARC."): no one is named there.
    if (pieces.filter((p) => /^[\p{Lu}\d/&.-]{2,}$/u.test(p)).length >= 2) continue;
    const hasName = pieces.some((p) => parsePersonName(p));
    // The value under a field's label ("Praca magisterska na kierunku:" over "PENDOLOGIA EKSPERYMENTALNA") is that
    // field's, not a name, unless the label is the author's.
    if (fieldLabel && fieldLabel.y - line.y <= fieldLabel.size * 2.5 && line.x < fieldLabel.right && line.right > fieldLabel.x) {
      fieldLabel = undefined;
      continue;
    }
    fieldLabel = /\p{L}.*:\s*$/u.test(line.text) && !AUTHORS_FIELD.test(line.text) && !AUTHOR_LABEL.test(line.text) && !AUTHOR_ROLE.test(line.text) && !creditLabel(line.text) ? line : undefined;
    if (fieldLabel) continue;
    if (creditLabel(line.text)) {
      credited = true;
      // A label alone on its line ("Supervisor:", "Promotoren", "Externe Promotor", "Version française") heads a column of names.
      const labelOnly = /:\s*$/.test(line.text) || !/\s/.test(line.text) || [COMMITTEE, GREEK_COMMITTEE].some((re) => re.exec(line.text)?.[0].length === line.text.trim().length) || !hasName && !line.text.includes(':');
      if (labelOnly) creditColumns.push({ head: line, lastY: line.y });
      else {
        // "Titularis(sen): Zeger de Zager" over more names: the column is where the names after the label start.
        const colon = line.text.indexOf(':');
        if (colon > 0 && colon < line.text.length - 1) {
          const x = line.x + ((line.right - line.x) * (colon + 1)) / line.text.length;
          creditColumns.push({ head: { ...line, x }, lastY: line.y });
        }
      }
      continue;
    }
    // A name after a credit label set apart on its baseline ("Betreuer:" ... "Felix Faltin") is credited, not an author.
    if (underCredit(line) || lines.some((m) => m !== line && Math.abs(m.y - line.y) < line.size * 0.3 && m.right <= line.x && creditLabel(m.text))) continue;
    if (credited && /^(?:et|and|und|y|&)\s/i.test(line.text)) continue;
    credited = false;
    if (/\bet\s+al\b/i.test(line.text)) continue;
    // "II.   Getting Help": a contents entry numbered in Roman numerals (a lone "I." or "V." may be an initial),
    // or any entry whose number is set apart on its baseline ("I." well left of "About RAxML").
    if (/^(?:II|III|IV|VI|VII|VIII|IX|XI|XII|XIII|XIV|XV)\.\s/.test(line.text) || listEntry(line, lines)) continue;
    // "Sonia Tarazona (starazona@cipf.es)", "Claudio Beccari – claudio dot beccari at gmail dot com": the address goes, the name stays.
    const text = line.textWithMarkerBreaks.replace(ADDRESS_IN_BRACKETS, ' ').replace(TRAILING_ADDRESS, '').replace(SPELLED_ADDRESS, ' ').replace(AUTHOR_ROLE, '');
    const order = { familyFirst: vietnameseNames(line.text) };
    const named = splitAuthorLine(text.replace(CITY_STATE_POSTCODE, ''));
    // The line's e-mail addresses, read once: they tell a name's order and where a name runs into its affiliation.
    const locals = addressLocals(line.text);
    const bracketedAddress = line.text.search(ADDRESS_IN_BRACKETS) >= 0;
    for (const [i, piece] of named.entries()) {
      // An affiliation runs to the end of its line ("University of California, San Francisco"); so do the earlier
      // versions' writers credited after the authors ("..., for this version, based on earlier versions written by ...");
      // so does a company's name before its legal form ("Galois Connections, Inc.").
      if (isAffiliation(piece) || EARLIER_WRITERS.test(piece) || COMPANY_FORM.test(named[i + 1] ?? '')) {
        // The name may run straight into its affiliation ("John C Nash Telfer School of Management, ..., nashjc@uottawa.ca").
        const lead = i === 0 && isAffiliation(piece) ? nameBeforeAffiliation(piece, locals, order) : undefined;
        if (lead && !authors.some((a) => samePerson(a, lead))) authors.push(lead);
        break;
      }
      // A name in Han characters unspaced ("吴凌云 (aloft@ctex.org)") is read as one beside its address, where no heading is.
      const parsed = parsePersonName(piece, order) ?? (bracketedAddress ? hanName(piece) : undefined);
      const person = parsed && byAddress(parsed, locals);
      if (person && !authors.some((a) => samePerson(a, person))) authors.push(person);
    }
  }
  return authors;
}

const folded = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/** The local parts of a line's e-mail addresses, in lower case ("benoit.sonntag" of "benoit.sonntag@lisaac.org"). */
function addressLocals(text: string): string[] {
  return text.includes('@') ? [...text.matchAll(/([\w.+-]+)@/g)].map(([, local]) => local!.toLowerCase()) : [];
}

/** A name printed family name first, as its e-mail address beside it shows ("Sonntag Benoit (benoit.sonntag@lisaac.org)"): turned round. */
function byAddress(person: ExtractedPerson, locals: readonly string[]): ExtractedPerson {
  const { first_name: first, last_name: last } = person;
  if (!locals.length || !first || /\s/.test(first) || /\s/.test(last)) return person;
  const turned = locals.includes(`${folded(last)}.${folded(first)}`);
  return turned ? { ...person, first_name: last, last_name: first } : person;
}

/** A name set straight before its affiliation, without a comma ("John C Nash Telfer School of Management"): the fewest
 * words that make a name, followed by capitalised words that make an affiliation, where the line's e-mail address holds
 * the family name. Without that, the words are an institution named after a person ("Fred Hutchinson Cancer Research
 * Center", "Max Planck Institute"). */
function nameBeforeAffiliation(piece: string, locals: readonly string[], order: NameOrder): ExtractedPerson | undefined {
  if (!locals.length) return undefined;
  const words = piece.split(/\s+/);
  for (let k = 2; k <= Math.min(4, words.length - 1); k++) {
    const name = words.slice(0, k);
    const rest = words.slice(k).join(' ');
    if (!/^\p{Lu}/u.test(name[k - 1]!) || !/^\p{Lu}/u.test(rest) || isAffiliation(name.join(' ')) || !isAffiliation(rest)) continue;
    const person = parsePersonName(name.join(' '), order);
    if (person && locals.some((local) => local.includes(folded(person.last_name)))) return person;
  }
  return undefined;
}

/** A cover's label for its author, with the name after it or under it ("研究生姓名: 陆小凤", "Candidate" over "Francesco Biccari"). */
const AUTHOR_LABEL = /^(?:研究生姓名|学生姓名|作者姓名|作\s*者|姓\s*名|申\s*请\s*人|(?:candidate|candidato|candidata|author|autor|autorin|autore|auteur|verfasser(?:in)?)(?:\(s\)|s|en)?|vorgelegt von|eingereicht von|submitted by|presented by)(?![\p{L}])\s*[:：]?\s*(.*)$/iu;

/** The authors a form-like cover names by their label; none when it has no such label. */
function labelledAuthors(lines: TextLine[]): ExtractedPerson[] {
  for (const { line, text } of coverRows(lines)) {
    const m = AUTHOR_LABEL.exec(text);
    if (!m) continue;
    const under = lines.find((l) => l.y < line.y && line.y - l.y <= line.size * 3 && l.x < line.right + line.size * 10 && l.right > line.x - line.size);
    // Bracketed particulars after the name ("Francesco Biccari (ID number 1234567)") are not part of it.
    const value = (m[1]!.trim() || under?.text || '').replace(/\s*[(（][^)）]*[)）]/gu, '').trim();
    const people = splitAuthorLine(value).map((p) => parsePersonName(p) ?? hanName(p)).filter((p): p is ExtractedPerson => !!p);
    if (people.length) return people;
  }
  return [];
}

/** The same person named again, in full or by initials ("Sascha Steinbiss" and, in the paper to cite under, "S. Steinbiss"). */
function samePerson(a: ExtractedPerson, b: ExtractedPerson): boolean {
  if (a.last_name !== b.last_name) return false;
  const initial = (p: ExtractedPerson) => (p.first_name ?? '').trim().charAt(0).toLowerCase();
  return a.first_name === b.first_name || !!initial(a) && initial(a) === initial(b) && [a, b].some((p) => /^(?:\p{Lu}\.\s*-?)+$/u.test((p.first_name ?? '').trim()));
}

/** "(c) 1995-1997 Name", "Copyright © 2008–2022 Vafa Khalighi", "Copyright (c) 2005 (06-10) by Name": the people holding it. */
const COPYRIGHT_LINE = /^(?:copyright\s*)?(?:©|\(c\))\s*(?:(?:19|20)\d\d(?:\s*[–—,-]\s*(?:(?:19|20)?\d\d))*\s*(?:\([\d\s–—,-]+\)\s*)?)+(?:by\s+)?(.{3,120}?)\.?$|^copyright\s+(?:(?:19|20)\d\d(?:\s*[–—,-]\s*(?:19|20)?\d\d)*\s*)+(?:by\s+)?(.{3,120}?)\.?$/i;

function copyrightHolders(lines: TextLine[]): ExtractedPerson[] {
  const people: ExtractedPerson[] = [];
  for (const l of lines) {
    const m = COPYRIGHT_LINE.exec(l.text.trim());
    const holders = m && (m[1] ?? m[2]);
    if (!holders) continue;
    // A holder marked with a language ("Aili Liang (Chinese)") holds the copyright of a translation.
    if (TRANSLATION_MARK.test(holders)) continue;
    for (const piece of splitAuthorLine(holders.replace(/[.;].*$/, ''))) {
      if (isAffiliation(piece)) break;
      const person = parsePersonName(piece);
      if (person) people.push(person);
    }
    if (people.length) break;
  }
  return people;
}

/** A name's e-mail address in brackets, or after a comma at the end of its line ("Marei Peischl <name@example.org>"). */
const withoutAddress = (text: string) => text.replace(/[(<]\s*\S+@\S+\s*[)>]/g, ' ').replace(TRAILING_ADDRESS, '').trim();

/** The lines of names only, with their addresses, set above the title (a cover's author line). */
function namesAbove(lines: TextLine[], titleTop: TextLine): ExtractedPerson[] {
  const people: ExtractedPerson[] = [];
  for (const l of lines) {
    if (l.y <= titleTop.y) break;
    if (!onlyNames(withoutAddress(l.text))) continue;
    for (const piece of splitAuthorLine(withoutAddress(l.textWithMarkerBreaks))) {
      const person = parsePersonName(piece);
      if (person) people.push(person);
    }
  }
  return people;
}

function findAbstract(layout: Layout): string | undefined {
  for (const page of layout.pages.slice(0, 2)) {
    const lines = page.lines;
    const at = lines.findIndex((l) => /^abstract\b/i.test(l.text) || /^summary$/i.test(l.text));
    if (at < 0) continue;
    const head = lines[at]!;
    const leftColumn = head.right < page.width * 0.55 && head.x < page.width * 0.3;
    const parts: string[] = [];
    const inline = head.text.replace(/^(?:abstract|summary)[\s.:—–-]*/i, '');
    if (inline) parts.push(inline);
    let prevY = head.y;
    let size = 0;
    for (let i = at + 1; i < lines.length && parts.join(' ').length < 10000; i++) {
      const l = lines[i]!;
      if (leftColumn && l.x > page.width * 0.45) continue;
      if (/^(?:keywords?|key\s*words|index terms|jel\b|msc\b|ams\b)/i.test(l.text) || HEADING_STOP.test(l.text) && i > at + 1) break;
      size ||= l.size;
      if (Math.abs(l.size - size) > size * 0.15) break;
      if (prevY - l.y > size * 2.6) break;
      parts.push(l.text);
      prevY = l.y;
    }
    const text = joinLines(parts).slice(0, 10000);
    if (text.length >= 40) return text;
  }
  return undefined;
}

function findKeywords(layout: Layout): string[] | undefined {
  for (const page of layout.pages.slice(0, 2)) {
    const lines = page.lines;
    const at = lines.findIndex((l) => /^(?:keywords?|key\s*words|index terms)\b/i.test(l.text));
    if (at < 0) continue;
    const parts = [lines[at]!.text.replace(/^(?:keywords?|key\s*words|index terms)\s*[:.—–-]*\s*/i, '')];
    for (let i = at + 1; i < Math.min(lines.length, at + 4); i++) {
      const l = lines[i]!;
      const other = /^(?:doi|https?:|www\.|issn|isbn|©|\(c\)|received|accepted|published|jel|msc|ams|corresponding)\b/i.test(l.text);
      if (other || HEADING_STOP.test(l.text) || Math.abs(l.size - lines[at]!.size) > l.size * 0.1 || lines[i - 1]!.y - l.y > l.size * 2.2 || /[.]$/.test(parts[parts.length - 1]!)) break;
      parts.push(l.text);
    }
    const keywords = joinLines(parts)
      .replace(/\.$/, '')
      .split(/\s*[,;·•]\s*|\s+[—–]\s+/)
      .map((k) => k.trim())
      .filter((k) => k.length > 1 && k.length <= 300);
    if (keywords.length) return keywords.slice(0, 50);
  }
  return undefined;
}

function findSource(lines: TextLine[]): string | undefined {
  for (const l of lines) {
    const m = /^(?:the\s+)?((?:journal|annals|proceedings|bulletin|transactions)\s+(?:of|on)\s+[\p{L}\s&,-]{3,120}?)(?:\s*[,(]|\s+\d|$)/iu.exec(l.text);
    if (m && m[1]!.split(/\s+/).length <= 12) return m[1]!.trim();
    if (/^the r journal\b/i.test(l.text)) return 'The R Journal';
  }
  return undefined;
}

/** `recordedTitle`: the title the PDF's Info or XMP records, which may say what kind of document it is. */
export function readLayoutFields(layout: Layout, recordedTitle?: string): LayoutFields {
  const fields: ExtractedFields = {};
  const confidence: FieldConfidence = {};
  const page = layout.pages[0];
  if (!page) return { fields, confidence };
  let titleY: number | undefined;
  const lines = page.lines;
  const title = findTitle(layout);
  const titleEnd = title ? lines.indexOf(title.lines[title.lines.length - 1]!) + 1 : 0;
  const end = headerEnd(lines, layout.bodySize, titleEnd, 25, page.width);
  const header = lines.slice(0, end);
  if (title) {
    fields.title = title.text.slice(0, 500);
    titleY = title.lines[0]!.y;
    confidence.title = title.confidence;
    // A cover may print the authors above the title and nothing under it.
    // An author grid may run past the usual header (three rows of cells with addresses).
    const gridLines = lines.slice(titleEnd, headerEnd(lines, layout.bodySize, titleEnd, 60, page.width)).filter((l) => !/^\d{1,4}$/.test(l.text));
    const grid = gridLines.some((l) => creditLabel(l.text)) ? undefined : readAuthorGrid(gridLines);
    const labelled = labelledAuthors(lines);
    let authors = labelled.length ? labelled : grid && grid.length >= 2 ? grid : findAuthors(lines, titleEnd, end);
    if (!authors.length) authors = namesAbove(lines, title.lines[0]!);
    // A manual may name its author only in its copyright line ("Copyright (c) 2005 (06-10) by Dominik Bischoff.").
    if (!authors.length) authors = copyrightHolders(lines);
    // "Dynare Time Series" from a slide's footline that repeats the title: the title's words are not a name.
    const titleWords = ` ${title.text.toLowerCase().replace(/\s+/g, ' ')} `;
    const named = authors.filter((a) => !titleWords.includes(` ${[a.first_name, a.last_name].filter(Boolean).join(' ').toLowerCase()} `));
    if (named.length) authors = named;
    if (authors.length) {
      fields.authors = authors.slice(0, 200);
      confidence.authors = 0.7;
    }
  }
  const pageText = lines.map((l) => l.text).join('\n');
  const rotated = page.rotatedText;
  const arxiv = findArxivIds(`${rotated}\n${pageText}`)[0];
  // The page's foot is a margin too where the page leaves a wide one ("Preprint submitted to Elsevier   June 8, 2018"
  // at 15% of the height): the lowest line, short and no larger than the body.
  const lowest = Math.min(...lines.map((l) => l.y));
  const foot = (l: TextLine) => l.y - lowest < 1 && l.size <= layout.bodySize * 1.02 && l.text.split(/\s+/).length <= 8;
  const margins = lines.filter((l) => l.y > page.height * 0.88 || l.y < page.height * 0.12 || foot(l));
  // A sparse title page (a thesis's cover) has no body: its place and year may sit under a long degree line.
  const sparse = lines.reduce((n, l) => n + l.text.length, 0) < 700;
  let year = findPublicationYear(sparse ? lines : header, margins, lines);
  if (year) confidence.year = 0.7;
  if (!year && arxiv) {
    year = arxivYear(arxiv);
    if (year) confidence.year = 0.6;
  }
  if (year) fields.year = year;

  const identifiers: ExtractedFields['identifiers'] = {};
  const doi = ownDois(`${pageText}\n${rotated}`)[0];
  if (doi) identifiers.doi = doi;
  if (arxiv) identifiers.arxiv = arxiv;
  const isbn = findIsbns(pageText)[0];
  if (isbn) identifiers.isbn = isbn;
  const issn = findIssns(pageText)[0];
  if (issn) identifiers.issn = issn;
  const pmid = findPmids(pageText)[0];
  if (pmid) identifiers.pmid = pmid;
  if (Object.keys(identifiers).length) {
    fields.identifiers = identifiers;
    confidence.identifiers = 0.9;
  }
  const abstract = findAbstract(layout);
  if (abstract) {
    fields.abstract = abstract;
    confidence.abstract = 0.7;
  }
  const keywords = findKeywords(layout);
  if (keywords) {
    fields.keywords = keywords;
    confidence.keywords = 0.7;
  }
  const titleLines = title ? title.lines : [];
  const detected = detectDocumentType({
    lines: lines.map((l) => l.text),
    head: [...new Set([...header, ...margins, ...titleLines])].map((l) => l.text),
    pageCount: layout.pageCount ?? layout.pages.length,
    textLength: pageText.length,
    hasAbstract: !!abstract || lines.some((l) => /^(?:abstract|summary|résumé|zusammenfassung|resumo|resumen)\b/i.test(l.text)),
    hasAffiliations: header.some((l) => isAffiliation(l.text)),
    hasIsbn: !!isbn,
    hasKeywords: header.some((l) => /^(?:keywords?|key\s*words|index terms)\b/i.test(l.text)) || lines.some((l) => KEYWORDS_LABEL.test(l.text) || UNMARKED_KEYWORDS.test(l.text)),
    venue: lines.filter((l) => VENUE_LINE.test(l.text)).map((l) => l.text),
    title: fields.title,
    titleHead: title && title.lines.length > 1 ? cleanTitle(title.lines[0]!.textWithoutMarkers) : undefined,
    recordedTitle,
  });
  fields.type = detected.type;
  confidence.type = detected.confidence;
  const source = findSource(header);
  if (source) {
    fields.source = source.slice(0, 255);
    confidence.source = 0.5;
  }
  return { fields, confidence, titleY };
}
