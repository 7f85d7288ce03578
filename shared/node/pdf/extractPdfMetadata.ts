// PDF metadata extraction for the desktop and the service: reads only the first pages (and,
// if asked, the full text page by page), never throws, and gives up after a time limit.
//
// Image-only (scanned) PDFs answer ok:true without a title and with the warning
// NO_TEXT_WARNING, so callers keep the file and title it from its name.
import { readDocumentInfo, type DocumentInfo } from './documentInfo.ts';
import { readLayoutFields } from './layoutFields.ts';
import { DEFAULT_MAX_BYTES, describeOpenError, failure, openPdf, readInput, type PdfDocument } from './openPdf.ts';
import { analyseLayout, type PageText } from './pageLayout.ts';
import { dominantRotation, turnUpright } from './pageRotation.ts';
import { EARLIER_WRITERS, hanName, TEAM_BYLINE, TRANSLATION_MARK, vietnameseNames, type NameOrder } from './personNames.ts';
import { buildLines, normalizeText, type RawTextItem } from './textLines.ts';
import { readableShare, UNREADABLE_BELOW, UNREADABLE_TEXT_WARNING } from './textQuality.ts';
import { NO_TEXT_WARNING, type ExtractedFields, type ExtractedPerson, type ExtractionOptions, type ExtractionResult, type FieldConfidence } from './types.ts';

export * from './types.ts';
export { UNREADABLE_TEXT_WARNING } from './textQuality.ts';

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_FULL_TEXT_CHARS = 5_000_000;

export async function extractPdfMetadata(input: Buffer | Uint8Array | string, options: ExtractionOptions = {}): Promise<ExtractionResult> {
  try {
    const bytes = await readInput(input, options.maxBytes ?? DEFAULT_MAX_BYTES);
    if (!(bytes instanceof Uint8Array)) return bytes;
    if (options.signal?.aborted) return failure('damaged', 'Reading this PDF was stopped before it finished.');
    const opened = await openPdf(bytes, options.signal);
    if (!('doc' in opened)) return opened;
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<ExtractionResult>((resolve) => {
      timer = setTimeout(() => {
        void opened.destroy();
        resolve(failure('damaged', 'This PDF took too long to read; it may be damaged.'));
      }, timeoutMs);
    });
    const aborted = new Promise<ExtractionResult>((resolve) => {
      options.signal?.addEventListener('abort', () => {
        void opened.destroy();
        resolve(failure('damaged', 'Reading this PDF was stopped before it finished.'));
      }, { once: true });
    });
    try {
      return await Promise.race([extractFromDocument(opened.doc, options), timeout, aborted]);
    } finally {
      clearTimeout(timer);
      await opened.destroy();
    }
  } catch (err) {
    return describeOpenError(err);
  }
}

async function readPage(doc: PdfDocument, n: number): Promise<PageText> {
  const page = await doc.getPage(n);
  try {
    const [, , width, height] = page.view as [number, number, number, number];
    const content = await page.getTextContent();
    let items = content.items as RawTextItem[];
    let box = { width: Math.abs(width) || 612, height: Math.abs(height) || 792 };
    const angle = dominantRotation(items);
    if (angle !== undefined) ({ items, box } = turnUpright(items, angle, box));
    const { lines, rotatedText } = buildLines(items, n);
    return { page: n, ...box, lines, rotatedText: normalizeText(rotatedText) };
  } finally {
    page.cleanup();
  }
}

async function extractFromDocument(doc: PdfDocument, options: ExtractionOptions): Promise<ExtractionResult> {
  const warnings: string[] = [];
  const pageCount = doc.numPages;
  if (!pageCount) return failure('empty', 'This PDF has no pages.');

  let info: DocumentInfo = {};
  try {
    const meta = await doc.getMetadata();
    info = readDocumentInfo(meta.info as Record<string, unknown>, meta.metadata as never);
  } catch {
    warnings.push('document information unreadable');
  }

  const maxPages = Math.max(1, Math.min(options.maxPages ?? 3, pageCount));
  const pages: PageText[] = [];
  let next = 1;
  const readNext = async () => {
    const n = next++;
    try {
      pages.push(await readPage(doc, n));
    } catch {
      warnings.push(`page ${n} unreadable`);
    }
  };
  // Pages are read as they are needed (each costs tens of milliseconds): until one has text,
  // then one more when the title sits in a page margin where running heads live.
  let read: ReturnType<typeof readLayoutFields> | undefined;
  let textPages: PageText[] = [];
  while (next <= maxPages) {
    await readNext();
    const firstText = pages.findIndex((p) => p.lines.length > 0);
    if (firstText < 0) continue;
    textPages = pages.slice(firstText);
    read = readLayoutFields(analyseLayout(textPages, pageCount), info.title);
    if (textPages.length > 1 || !titleInMargin(read.titleY, textPages[0]!)) break;
  }
  const hasText = !!read;
  const fields: ExtractedFields = {};
  const confidence: FieldConfidence = {};
  if (read) {
    Object.assign(fields, read.fields);
    Object.assign(confidence, read.confidence);
    // An unreadable text layer (bad OCR, a font without a Unicode map) gives guesses only.
    const pageText = textPages[0]!.lines.map((l) => l.text).join(' ');
    if (readableShare(pageText) < UNREADABLE_BELOW) {
      warnings.push(UNREADABLE_TEXT_WARNING);
      for (const key of Object.keys(confidence) as (keyof FieldConfidence)[]) confidence[key] = Math.min(confidence[key] ?? 0, 0.3);
      // A title that is itself symbols ("ffi !!\"$#!%&(')") is no guess at all: the file's name titles it better.
      if (fields.title && readableShare(fields.title) < UNREADABLE_BELOW) {
        delete fields.title;
        delete confidence.title;
      }
    }
  } else {
    warnings.push(NO_TEXT_WARNING);
  }
  mergeDocumentInfo(fields, confidence, info, hasText, textPages[0]?.lines.map((l) => l.text).join(' ') ?? '');

  const result: ExtractionResult = { ok: true, fields, confidence, pageCount, warnings };
  if (options.fullText) result.fullText = await readFullText(doc, options, warnings);
  return result;
}

function titleInMargin(y: number | undefined, page: PageText): boolean {
  return y !== undefined && (y > page.height * 0.88 || y < page.height * 0.12);
}

const words = (s: string) => s.toLowerCase().normalize('NFKD').replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

/** The kind of document alone, as `words` gives it ("technical report", "master s thesis"): what a recorded title may add to the printed one. */
const GENRE = /^(?:technical (?:report|documentation|note|memorandum)|research report|working paper|white paper|(?:masters?|master s|bachelors?|bachelor s|doctoral|ph ?d|diploma) thesis)(?: (?:no|nr|number) \S+)?$/;

/** A recorded title that is the printed one and a subtitle after a colon or a dash which page 1 does not print
 * ("harmony.sty: usage - examples - options" over a page titled "harmony.sty"): the page's title is the whole title. */
function unprintedSubtitle(recordedTitle: string, printed: string, pageText: string): boolean {
  const [head, ...rest] = recordedTitle.split(/\s*(?::|\s[–—-]\s)\s*/);
  return rest.length > 0 && words(head!) === printed && !` ${words(pageText)} `.includes(` ${words(rest.join(' '))} `);
}

/** A recorded title that is a file's name without its extension ("scite-context-readme", "fonts_mkiv"): words joined by
 * hyphens or underscores, no space. It names the document's source file, and says nothing of the words a printed title lacks. */
const fileStem = (title: string) => /^[\p{Ll}\d]+(?:[-_][\p{L}\d]+)+$/u.test(title.trim());

/** The recorded Info/XMP values fill gaps and back up (or outweigh) weak layout guesses. */
function mergeDocumentInfo(fields: ExtractedFields, confidence: FieldConfidence, info: DocumentInfo, hasText: boolean, pageText: string): void {
  if (info.title) {
    const recorded = words(info.title);
    const printed = fields.title ? words(fields.title) : '';
    if (!fields.title) {
      fields.title = info.title.slice(0, 500);
      confidence.title = hasText ? 0.5 : 0.4;
    } else if (recorded === printed) {
      confidence.title = Math.max(confidence.title ?? 0, 0.95);
    } else if (recorded.startsWith(printed) && recorded.length > printed.length && !fileStem(info.title) && (confidence.title ?? 0) < 0.9 && !unprintedSubtitle(info.title, printed, pageText) && !/^(?:\s*\S+){0,4}?\s*\b(?:version|release)\b|^\s*v\d|^(?:\s*\S+){0,2}?\s+v?\d+(?: \d+)+[a-z]?$/.test(recorded.slice(printed.length)) && words(info.title.replace(/\s*\([^()]*\)\s*$/, '')) !== printed && !GENRE.test(recorded.slice(printed.length).trim())) {
      // The layout caught only part of a title the writer recorded whole (not one with its version or a translation in parentheses appended
      // ("... - mineXpert2 8.6.3"),
      // nor with a subtitle the page does not print).
      fields.title = info.title.slice(0, 500);
      confidence.title = 0.8;
    } else if ((confidence.title ?? 0) < 0.5) {
      fields.title = info.title.slice(0, 500);
      confidence.title = 0.55;
    }
  }
  if (!fields.authors && info.authors?.length) {
    const field = info.authors.join('; ');
    // Vietnamese names put the family name first ("Hàn Thế Thành"); the field's letters say so for all of them.
    const order = { familyFirst: vietnameseNames(field) };
    const people = splitRecordedNames(field).map((name) => personFromRecorded(name, order)).filter((p): p is ExtractedPerson => !!p);
    if (people.length) {
      fields.authors = people;
      confidence.authors = 0.5;
    }
  }
  if (info.doi) {
    fields.identifiers = { ...fields.identifiers, doi: info.doi };
    confidence.identifiers = 0.95;
  }
  if (!fields.keywords && info.keywords?.length) {
    fields.keywords = info.keywords;
    confidence.keywords = 0.5;
  }
}

/** "© André Miede & Ivo Pletikosić": one recorded author field naming several people. */
function splitRecordedNames(field: string): string[] {
  const credit = EARLIER_WRITERS.exec(field);
  return (credit ? field.slice(0, credit.index) : field).replace(/©|\(c\)|\bcopyright\b/gi, ' ').split(/\s+(?:&|and|und|và)\s+|\s*;\s*/i).map((n) => n.trim()).filter(Boolean);
}

/** "Bates, Douglas" or "Douglas Bates" -> a person. */
function personFromRecorded(name: string, order: NameOrder = {}): ExtractedPerson | undefined {
  // A translator recorded with the authors, marked with the language ("Aili Liang (Chinese)"), is not one.
  if (TRANSLATION_MARK.test(name)) return undefined;
  // An address recorded with the name ("R Schlicht <w.m.l@gmx.net>", "Benoît Sonntag -- bs@lisaac.org") is not part of it.
  const n = name.replace(/<[^>]*>|\S+@\S+/g, ' ').replace(/\s+/g, ' ').replace(/[\s,;:–—-]+$/, '').trim();
  if (!n || n.length > 200 || !/\p{L}/u.test(n) || TEAM_BYLINE.test(n)) return undefined;
  // A department's or an organisation's acronym ("MFEE", "IEEE") names no person.
  if (/^[\p{Lu}\d&-]{3,}$/u.test(n)) return undefined;
  const han = hanName(n);
  if (han) return han;
  const comma = /^([^,]+),\s*(.+)$/.exec(n);
  if (comma) return { last_name: comma[1]!.slice(0, 255), first_name: comma[2]!.slice(0, 255) };
  const parts = n.split(' ');
  if (order.familyFirst && parts.length > 1) return { first_name: parts.slice(1).join(' ').slice(0, 255), last_name: parts[0]!.slice(0, 255) };
  const last = parts.pop()!;
  return parts.length ? { first_name: parts.join(' ').slice(0, 255), last_name: last.slice(0, 255) } : { last_name: last.slice(0, 255) };
}

async function readFullText(doc: PdfDocument, options: ExtractionOptions, warnings: string[]): Promise<string> {
  const limit = options.maxFullTextChars ?? DEFAULT_FULL_TEXT_CHARS;
  const texts: string[] = [];
  let total = 0;
  for (let n = 1; n <= doc.numPages; n++) {
    if (options.signal?.aborted) break;
    try {
      const page = await readPage(doc, n);
      const text = page.lines.map((l) => l.text).join('\n');
      texts.push(text);
      total += text.length + 1;
    } catch {
      texts.push('');
      warnings.push(`page ${n} unreadable`);
    }
    if (total >= limit) {
      warnings.push(`full text cut at ${limit} characters`);
      break;
    }
  }
  return texts.join('\f').slice(0, limit);
}
