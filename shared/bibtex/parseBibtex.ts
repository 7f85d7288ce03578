// Tolerant BibTeX import. A splitter first isolates entries (an entry that never closes is
// cut at the next line that starts a new entry), then each entry is parsed on its own: a
// broken entry is reported with its line number and every other entry is still imported.
// @string macros, # concatenation, braces and quotes, month macros, LaTeX accents and
// name lists are handled. (@citation-js/plugin-bibtex needs Node >= 22 and fails whole
// files on one bad entry, hence this parser.)
import type { DocumentType } from '../schemas/document.ts';
import { latexToUnicode } from './latexToUnicode.ts';
import { parseBibtexNames } from './bibtexNames.ts';
import { expandPreambleMacros, readPreambleMacros } from './preambleMacros.ts';
import {
  cleanArxiv, cleanDoi, cleanPages, dayOf, firstCode, fitRecord, monthOf, splitKeywords, yearOf,
  type ImportedRecord, type ParseProblem, type ParseResult, type RecordFields,
} from './importedRecord.ts';

export type { ImportedRecord, ParseProblem, ParseResult, RecordFields } from './importedRecord.ts';

export interface BibtexEntry {
  type: string;
  key: string;
  /** 1-based line of the entry's @. */
  line: number;
  /** Field name (lower case) -> value with macros expanded, LaTeX still in it. */
  fields: Record<string, string>;
}

const MONTH_MACROS: Record<string, string> = {
  jan: 'January', feb: 'February', mar: 'March', apr: 'April', may: 'May', jun: 'June',
  jul: 'July', aug: 'August', sep: 'September', oct: 'October', nov: 'November', dec: 'December',
};

class EntryError extends Error {
  constructor(message: string, readonly offset: number) {
    super(message);
  }
}

interface RawEntry {
  type: string;
  /** Offset just after the opening delimiter. */
  bodyStart: number;
  bodyEnd: number;
  start: number;
}

/** A line that starts a new entry: "@type{key," or "@string{" / "@preamble{" / "@comment{". */
const ENTRY_START = /^[ \t]*@[ \t]*([A-Za-z]+)[ \t]*[{(][ \t]*(?:[^\s,={}()]+[ \t]*,|$|\r?\n)/;
const SPECIAL_START = /^[ \t]*@[ \t]*(?:string|preamble|comment)[ \t]*[{(]/i;

/** Whether the line at `from` begins, after blanks, with "@": only such a line can start an entry (tested for each line of every entry). */
function lineStartsWithAt(text: string, from: number): boolean {
  let i = from;
  while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9) i++;
  return text.charCodeAt(i) === 64;
}

/** Finds the entries of a file; never throws. */
function splitEntries(text: string, problems: ParseProblem[], lineAt: (offset: number) => number): RawEntry[] {
  const entries: RawEntry[] = [];
  let i = 0;
  while (i < text.length) {
    const at = text.indexOf('@', i);
    if (at < 0) break;
    const header = /^@[ \t]*([A-Za-z][\w-]*)[ \t\r\n]*([{(])/.exec(text.slice(at, at + 200));
    if (!header) {
      i = at + 1;
      continue;
    }
    const type = header[1]!.toLowerCase();
    const open = header[2]!;
    const close = open === '{' ? '}' : ')';
    const bodyStart = at + header[0].length;
    let depth = 0;
    let end = -1;
    let cutAt = -1;
    // Character codes, not one-character strings: this loop reads every character of the file.
    const closeCode = close.charCodeAt(0);
    for (let j = bodyStart; j < text.length; j++) {
      const ch = text.charCodeAt(j);
      if (ch === 92) { // backslash
        j++;
        continue;
      }
      if (ch === 10 && lineStartsWithAt(text, j + 1)) {
        // An unclosed entry runs into the next one: stop at a line that clearly starts an entry.
        const rest = text.slice(j + 1, j + 200);
        if (ENTRY_START.test(rest) || SPECIAL_START.test(rest)) {
          cutAt = j + 1;
          break;
        }
      }
      if (ch === 123) depth++;
      else if (ch === 125) {
        if (depth === 0 && closeCode === 125) {
          end = j;
          break;
        }
        depth--;
        if (depth < 0) {
          // A stray closing brace: the entry's own end when it is braced.
          end = j;
          break;
        }
      } else if (ch === 41 && closeCode === 41 && depth === 0) {
        end = j;
        break;
      }
    }
    if (end < 0) {
      const stop = cutAt >= 0 ? cutAt : text.length;
      if (type !== 'comment') problems.push({ line: lineAt(at), message: `@${type} entry is not closed (missing "${close}")`, key: keyHint(text, bodyStart) });
      // Reported, not imported half-read; reading goes on at the next entry.
      i = stop;
      continue;
    }
    entries.push({ type, bodyStart, bodyEnd: end, start: at });
    i = end + 1;
  }
  return entries;
}

function keyHint(text: string, bodyStart: number): string | undefined {
  const m = /^\s*([^\s,={}()]+)\s*,/.exec(text.slice(bodyStart, bodyStart + 300));
  return m?.[1];
}

/** A bare word (field name, citation key, macro) is read to at most this many characters. */
const MAX_WORD = 500;

/** ASCII codes that can be part of a bare word: not blank, not one of "#%'(),={}. */
const ASCII_WORD = Array.from({ length: 128 }, (_, code) => !/[\s"#%'(),={}]/.test(String.fromCharCode(code)));

/** Whether a character (by code) can be part of a bare word: anything but blanks (Unicode's too) and "#%'(),={}. */
function isWordCode(code: number): boolean {
  return code < 128 ? ASCII_WORD[code]! : !/\s/.test(String.fromCharCode(code));
}

/** Reads the fields of one entry body; throws EntryError on anything malformed. */
class BodyReader {
  pos: number;
  constructor(
    readonly text: string, start: number, readonly end: number, readonly macros: Map<string, string>,
    readonly onUndefined: (name: string, offset: number) => void = () => {},
  ) {
    this.pos = start;
  }

  skipSpace(): void {
    while (this.pos < this.end) {
      const ch = this.text.charCodeAt(this.pos);
      if (ch === 32 || ch === 9 || ch === 10 || ch === 13) this.pos++;
      else if (ch === 37) { // %
        // Comments are not BibTeX syntax, but biber and many files use them between fields.
        const nl = this.text.indexOf('\n', this.pos);
        this.pos = nl < 0 || nl > this.end ? this.end : nl + 1;
      } else break;
    }
  }

  atEnd(): boolean {
    this.skipSpace();
    return this.pos >= this.end;
  }

  identifier(what: string): string {
    this.skipSpace();
    const length = this.wordLength();
    if (!length) throw new EntryError(`expected ${what}, found ${this.describeHere()}`, this.pos);
    this.pos += length;
    return this.text.slice(this.pos - length, this.pos);
  }

  /** Length of the bare word at pos (a name, key or macro), at most MAX_WORD: a word cannot run past the entry's closing "}" or ")". */
  wordLength(): number {
    const limit = Math.min(this.end, this.pos + MAX_WORD);
    let i = this.pos;
    while (i < limit && isWordCode(this.text.charCodeAt(i))) i++;
    return i - this.pos;
  }

  describeHere(): string {
    if (this.pos >= this.end) return 'the end of the entry';
    return `"${this.text.slice(this.pos, this.pos + 12).split('\n')[0]}"`;
  }

  expect(ch: string): void {
    this.skipSpace();
    if (this.text[this.pos] !== ch) throw new EntryError(`expected "${ch}", found ${this.describeHere()}`, this.pos);
    this.pos++;
  }

  /** value = part ("#" part)* */
  value(): string {
    let out = this.part();
    for (;;) {
      this.skipSpace();
      if (this.text[this.pos] !== '#') return out;
      this.pos++;
      out += this.part();
    }
  }

  part(): string {
    this.skipSpace();
    const ch = this.text.charCodeAt(this.pos);
    if (ch === 123) return this.braced();
    if (ch === 34) return this.quoted();
    const length = this.wordLength();
    if (!length) throw new EntryError(`expected a value, found ${this.describeHere()}`, this.pos);
    this.pos += length;
    const word = this.text.slice(this.pos - length, this.pos);
    if (/^\d+$/.test(word)) return word;
    const name = word.toLowerCase();
    const known = this.macros.get(name) ?? MONTH_MACROS[name];
    if (known !== undefined) return known;
    // BibTeX warns and uses the macro's name: so does this reader.
    this.onUndefined(word, this.pos - word.length);
    return word;
  }

  braced(): string {
    const start = this.pos;
    let depth = 0;
    for (; this.pos < this.end; this.pos++) {
      const ch = this.text.charCodeAt(this.pos);
      if (ch === 92) { // backslash
        this.pos++;
        continue;
      }
      if (ch === 123) depth++;
      else if (ch === 125 && --depth === 0) {
        this.pos++;
        return this.text.slice(start + 1, this.pos - 1);
      }
    }
    throw new EntryError('a braced value is not closed', start);
  }

  quoted(): string {
    const start = this.pos;
    let depth = 0;
    for (this.pos++; this.pos < this.end; this.pos++) {
      const ch = this.text.charCodeAt(this.pos);
      if (ch === 92) { // backslash
        this.pos++;
        continue;
      }
      if (ch === 123) depth++;
      else if (ch === 125) depth--;
      else if (ch === 34 && depth === 0) {
        this.pos++;
        return this.text.slice(start + 1, this.pos - 1);
      }
    }
    throw new EntryError('a quoted value is not closed', start);
  }
}

/**
 * The 1-based line of an offset in `text`, counted from the offset asked before (offsets
 * come nearly in order), so a file's lines are counted about once and never held in an array.
 */
export function lineCounter(text: string): (offset: number) => number {
  let at = 0;
  let line = 1;
  return (offset) => {
    if (offset >= at) {
      for (let i = text.indexOf('\n', at); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++;
    } else {
      for (let i = text.lastIndexOf('\n', at - 1); i >= offset; i = i > 0 ? text.lastIndexOf('\n', i - 1) : -1) line--;
    }
    at = offset;
    return line;
  };
}

/** A citation key and the comma after it, read where the reader stands. */
const KEY = /([^\s,={}()"]*)\s*,/y;

/** Splits and reads a BibTeX file into raw entries (macros expanded, LaTeX kept). */
export function readBibtexEntries(text: string): { entries: BibtexEntry[]; errors: ParseProblem[]; warnings: ParseProblem[] } {
  const lineAt = lineCounter(text);
  const errors: ParseProblem[] = [];
  const warnings: ParseProblem[] = [];
  const entries: BibtexEntry[] = [];
  const macros = new Map<string, string>();
  let preamble = '';
  const onUndefined = (name: string, offset: number) =>
    warnings.push({ line: lineAt(offset), message: `@string "${name}" is not defined; its name is kept as the text` });
  for (const raw of splitEntries(text, errors, lineAt)) {
    if (raw.type === 'comment') continue;
    const reader = new BodyReader(text, raw.bodyStart, raw.bodyEnd, macros, onUndefined);
    if (raw.type === 'preamble') {
      try {
        preamble += reader.value();
      } catch {
        // A preamble is LaTeX for the document: one that cannot be read defines nothing here.
      }
      continue;
    }
    let key = '';
    try {
      if (raw.type === 'string') {
        while (!reader.atEnd()) {
          const name = reader.identifier('a macro name').toLowerCase();
          reader.expect('=');
          macros.set(name, reader.value());
          reader.skipSpace();
          if (reader.text[reader.pos] === ',') reader.pos++;
        }
        continue;
      }
      reader.skipSpace();
      // The key and its comma within MAX_WORD characters (neither can run past the closing delimiter).
      KEY.lastIndex = reader.pos;
      const keyMatch = KEY.exec(text);
      if (keyMatch && KEY.lastIndex <= reader.pos + MAX_WORD) {
        key = keyMatch[1]!;
        reader.pos += keyMatch[0].length;
      } else if (!/^[^\s,={}()"]+\s*=/.test(text.slice(reader.pos, reader.pos + 500))) {
        // "@misc{key}" with no fields: nothing to import, but not a syntax error either.
        key = reader.identifier('a citation key');
      }
      const fields: Record<string, string> = {};
      while (!reader.atEnd()) {
        const name = reader.identifier('a field name').toLowerCase();
        reader.expect('=');
        const value = reader.value();
        // The first occurrence wins, as BibTeX does (it warns about the repeat).
        if (!(name in fields)) fields[name] = value;
        reader.skipSpace();
        if (reader.pos < raw.bodyEnd) {
          if (reader.text.charCodeAt(reader.pos) !== 44) throw new EntryError(`expected "," between fields, found ${reader.describeHere()}`, reader.pos);
          reader.pos++;
        }
      }
      entries.push({ type: raw.type, key, line: lineAt(raw.start), fields });
    } catch (error) {
      if (!(error instanceof EntryError)) throw error;
      errors.push({ line: lineAt(error.offset), message: `@${raw.type}${key ? ` ${key}` : ''} (line ${lineAt(raw.start)}): ${error.message}`, ...(key ? { key } : {}) });
    }
  }
  const preambleMacros = readPreambleMacros(preamble);
  if (preambleMacros.size) {
    for (const entry of entries) {
      for (const [name, value] of Object.entries(entry.fields)) entry.fields[name] = expandPreambleMacros(value, preambleMacros);
    }
  }
  resolveInheritance(entries, warnings);
  return { entries, errors, warnings };
}

/** Fields a child never takes from its crossref or xdata parent. */
const NOT_INHERITED = new Set(['crossref', 'xdata', 'xref', 'ids', 'entryset', 'key', 'label', 'shorthand', 'sortkey', 'title', 'subtitle', 'titleaddon']);

/**
 * crossref (BibTeX, biblatex) and xdata (biblatex) inheritance: a child takes each field it
 * lacks from its parent; a crossref parent's title becomes the child's booktitle (as biber
 * maps it, and what BibTeX styles print for a missing booktitle). Parents are resolved
 * before their children, so chains of any depth (an @inbook of a @book of an @mvbook, in
 * any order in the file) inherit as biber resolves them; a loop is reported, not followed.
 */
function resolveInheritance(entries: BibtexEntry[], warnings: ParseProblem[]): void {
  // Most files have no crossref or xdata: then no entry inherits, and no lookup by key is built.
  if (!entries.some((e) => e.fields.crossref !== undefined || e.fields.xdata !== undefined)) return;
  const byKey = new Map(entries.filter((e) => e.key).map((e) => [e.key.toLowerCase(), e]));
  const state = new Map<BibtexEntry, 'resolving' | 'done'>();
  const inherit = (child: BibtexEntry, parent: BibtexEntry) => {
    for (const [name, value] of Object.entries(parent.fields)) {
      if (!NOT_INHERITED.has(name) && child.fields[name] === undefined) child.fields[name] = value;
    }
  };
  const parentOf = (entry: BibtexEntry, kind: 'crossref' | 'xdata', key: string): BibtexEntry | undefined => {
    const parent = byKey.get(key.toLowerCase());
    if (!parent) {
      warnings.push({ line: entry.line, key: entry.key, message: `${entry.key}: ${kind} "${key}" is not in this file` });
      return undefined;
    }
    if (state.get(parent) === 'resolving') {
      warnings.push({ line: entry.line, key: entry.key, message: `${entry.key}: ${kind} "${key}" leads back to this entry; that link is left out` });
      return undefined;
    }
    resolve(parent);
    return parent;
  };
  function resolve(entry: BibtexEntry): void {
    if (state.has(entry)) return;
    state.set(entry, 'resolving');
    const xdata = entry.fields.xdata;
    for (const key of xdata ? xdata.split(',').map((k) => k.trim()).filter(Boolean) : []) {
      const parent = parentOf(entry, 'xdata', key);
      if (parent) inherit(entry, parent);
    }
    const crossref = entry.fields.crossref?.trim();
    const parent = crossref ? parentOf(entry, 'crossref', crossref) : undefined;
    if (parent) {
      if (entry.fields.booktitle === undefined && parent.fields.title !== undefined) entry.fields.booktitle = parent.fields.title;
      inherit(entry, parent);
    }
    state.set(entry, 'done');
  }
  for (const entry of entries) resolve(entry);
}

const TYPES: Record<string, DocumentType> = {
  article: 'journal', book: 'book', booklet: 'book', mvbook: 'book', collection: 'book', mvcollection: 'book',
  inbook: 'book_section', incollection: 'book_section', suppbook: 'book_section', suppcollection: 'book_section',
  bookinbook: 'book_section', inreference: 'encyclopedia_article',
  inproceedings: 'conference_proceedings', conference: 'conference_proceedings', proceedings: 'conference_proceedings',
  mvproceedings: 'conference_proceedings', techreport: 'report', report: 'report', phdthesis: 'thesis',
  mastersthesis: 'thesis', thesis: 'thesis', online: 'web_page', electronic: 'web_page', www: 'web_page',
  webpage: 'web_page', patent: 'patent', software: 'computer_program', manual: 'generic', misc: 'generic',
  unpublished: 'generic', periodical: 'generic', reference: 'book', jurisdiction: 'case', legislation: 'statute',
  video: 'film', movie: 'film', audio: 'generic', newsarticle: 'newspaper_article',
};

/** @misc kinds the BibTeX export writes in `type` (formatBibtex.ts MISC_KINDS), and their usual names. */
const MISC_KIND_TYPES: [RegExp, DocumentType][] = [
  [/^(?:web ?page|web ?site|online)$/i, 'web_page'], [/^(?:computer (?:software|program)|software)$/i, 'computer_program'],
  [/^(?:film|movie|motion picture)$/i, 'film'], [/^(?:television broadcast|tv broadcast)$/i, 'television_broadcast'],
];

export function miscKindOf(entryType: string, subtype: string | undefined): DocumentType | undefined {
  if (entryType.toLowerCase() !== 'misc' || !subtype) return undefined;
  return MISC_KIND_TYPES.find(([pattern]) => pattern.test(subtype.trim()))?.[1];
}

/** What a `type` field says beyond the entry type: a genre, unless it only names the entry type. */
function genreOf(entryType: string, subtype: string | undefined): string | undefined {
  const entry = entryType.toLowerCase();
  if (entry === 'mastersthesis' || (entry === 'thesis' && /^(?:mathesis|master'?s? thesis)$/i.test(subtype ?? ''))) return "Master's thesis";
  if (entry === 'phdthesis' || (entry === 'thesis' && /^phdthesis$/i.test(subtype ?? ''))) return 'PhD thesis';
  if (miscKindOf(entryType, subtype)) return undefined;
  if (/^(?:techreport|working ?paper)$/i.test(subtype ?? '') && (entry === 'report' || entry === 'techreport')) return undefined;
  return subtype;
}

export function documentTypeOfBibtex(entryType: string, subtype?: string): DocumentType {
  const kind = miscKindOf(entryType, subtype);
  if (kind) return kind;
  const type = TYPES[entryType.toLowerCase()] ?? 'generic';
  if (type === 'report' && subtype && /working\s*paper/i.test(subtype)) return 'working_paper';
  if (entryType.toLowerCase() === 'article' && subtype && /magazine/i.test(subtype)) return 'magazine_article';
  if (entryType.toLowerCase() === 'article' && subtype && /newspaper/i.test(subtype)) return 'newspaper_article';
  return type;
}

/** URLs and DOIs are verbatim in BibTeX apart from escaped specials and braces. */
function verbatim(value: string): string {
  return value.replace(/\\([_%&#$~])/g, '$1').replace(/[{}]/g, '').replace(/\\url/g, '').trim();
}

function urlsOf(value: string): string[] {
  return verbatim(value).split(/\s+|;\s*(?=https?:)/).map((u) => u.trim()).filter((u) => /^(?:https?|ftp):\/\//i.test(u));
}

/** Entries that set options of a bibliography style (@IEEEtranBSTCTL, @abnt-options), not references. */
const CONTROL_TYPE = /(?:bstctl|ctl|[-_]options|^control)$/i;

/**
 * One entry as Document fields, or a problem when it is no reference. An entry without a
 * title (physics articles, theses with an empty title) is kept with a placeholder title
 * and a warning, for the user to fill in (imports are unconfirmed until reviewed).
 */
export function bibtexEntryToDocument(entry: BibtexEntry): { document: RecordFields; openAccess: boolean; warning?: string } | { problem: string } {
  const f = entry.fields;
  const text = (name: string) => (f[name] !== undefined ? latexToUnicode(f[name]) : undefined);
  const first = (...names: string[]) => names.map(text).find((v) => v);
  const title = first('title', 'booktitle', 'maintitle');
  const named = `@${entry.type}${entry.key ? ` ${entry.key}` : ''}`;
  if (CONTROL_TYPE.test(entry.type)) return { problem: `${named} sets options of a bibliography style; it is not a reference` };
  const placeholder = title ? undefined : `Untitled ${entry.type}${entry.key ? ` (${entry.key})` : ''}`;
  const subtype = text('type') ?? text('entrysubtype');
  const type = documentTypeOfBibtex(entry.type, subtype);
  const source = ['article', 'periodical'].includes(entry.type)
    ? first('journal', 'journaltitle', 'journal-full')
    : ['inproceedings', 'incollection', 'inbook', 'conference', 'inreference', 'bookinbook', 'suppbook', 'suppcollection'].includes(entry.type) && f.title
      ? first('booktitle', 'maintitle')
      : first('howpublished', 'organization', 'eventtitle');

  const date = text('date');
  const [dateYear, dateMonth, dateDay] = date ? date.split(/[-/]/) : [];
  const eprintType = (text('archiveprefix') ?? text('eprinttype') ?? '').toLowerCase();
  const eprint = f.eprint !== undefined ? verbatim(f.eprint) : undefined;
  const arxiv = (f.arxiv !== undefined ? cleanArxiv(verbatim(f.arxiv)) : undefined)
    ?? (eprint && (eprintType === 'arxiv' || !eprintType) ? cleanArxiv(eprint) : undefined);
  const pmid = (f.pmid !== undefined ? verbatim(f.pmid) : undefined) ?? (eprint && eprintType === 'pubmed' ? eprint : undefined);
  const doiRaw = f.doi !== undefined ? verbatim(f.doi) : undefined;
  const doi = doiRaw ? cleanDoi(doiRaw.split(/\s+/)[0]!) : undefined;
  const websites = [...new Set([...(f.url ? urlsOf(f.url) : []), ...(doiRaw && !doi ? urlsOf(doiRaw) : [])])];
  const accessed = /^\d{4}-\d{2}-\d{2}/.exec(text('urldate') ?? '')?.[0];

  const document: RecordFields = {
    title: title ?? placeholder!,
    type,
    source,
    year: yearOf(text('year')) ?? yearOf(dateYear),
    month: monthOf(text('month')) ?? monthOf(dateMonth),
    day: dayOf(text('day')) ?? dayOf(dateDay),
    authors: f.author ? parseBibtexNames(f.author) : undefined,
    editors: f.editor ? parseBibtexNames(f.editor) : undefined,
    translators: f.translator ? parseBibtexNames(f.translator) : undefined,
    abstract: text('abstract'),
    keywords: f.keywords ? splitKeywords(text('keywords')!) : undefined,
    volume: text('volume'),
    issue: first('number', 'issue'),
    pages: f.pages !== undefined ? cleanPages(text('pages')!) : undefined,
    publisher: text('publisher'),
    city: first('address', 'location'),
    edition: text('edition'),
    revision: text('version'),
    institution: first('institution', 'school', 'organization'),
    series: text('series'),
    chapter: text('chapter'),
    language: first('language', 'langid'),
    genre: genreOf(entry.type, subtype),
    citation_key: entry.key || undefined,
    websites: websites.length ? websites : undefined,
    accessed,
    identifiers: {
      doi,
      isbn: f.isbn !== undefined ? firstCode(text('isbn')!) : undefined,
      issn: f.issn !== undefined ? firstCode(text('issn')!) : undefined,
      pmid,
      arxiv,
    },
  };
  const flag = (text('openaccess') ?? text('oa') ?? '').toLowerCase();
  return {
    document: fitRecord(document), openAccess: Boolean(arxiv) || flag === 'true' || flag === 'yes',
    ...(placeholder ? { warning: `${named} has no title: imported as "${placeholder}" for you to complete` } : {}),
  };
}

/** Parses a BibTeX file: every readable entry becomes a record; problems carry line numbers. */
export function parseBibtex(text: string): ParseResult {
  const { entries, errors, warnings } = readBibtexEntries(text.replace(/^\uFEFF/, ''));
  const records: ImportedRecord[] = [];
  for (const entry of entries) {
    // biblatex's @xdata entries only hold fields for others (resolved above).
    if (entry.type === 'xdata') continue;
    const converted = bibtexEntryToDocument(entry);
    if ('problem' in converted) {
      errors.push({ line: entry.line, message: converted.problem, ...(entry.key ? { key: entry.key } : {}) });
      continue;
    }
    if (converted.warning) warnings.push({ line: entry.line, message: converted.warning, ...(entry.key ? { key: entry.key } : {}) });
    records.push({
      line: entry.line, ...(entry.key ? { key: entry.key } : {}), document: converted.document,
      ...(converted.openAccess ? { openAccess: true } : {}), ...(converted.warning ? { placeholderTitle: true } : {}),
    });
  }
  errors.sort((a, b) => a.line - b.line);
  warnings.sort((a, b) => a.line - b.line);
  return { records, errors, warnings };
}
