// Turns pdf.js text items into lines (same baseline, no wide gap) with a font size, a
// position and the page they are on. Everything the layout heuristics read comes from here.

export interface RawTextItem {
  str: string;
  transform: number[];
  width: number;
  hasEOL?: boolean;
}

export interface TextLine {
  text: string;
  /** Dominant font size of the line (by characters). */
  size: number;
  x: number;
  /** Baseline, in PDF units from the bottom of the page. */
  y: number;
  right: number;
  page: number;
  /** Short items set in a clearly smaller size and raised: footnote/affiliation markers. */
  markers: number;
  /** Text with markers replaced by commas and wide gaps by " | " (names split there). */
  textWithMarkerBreaks: string;
  /** Text without the markers (titles read this). */
  textWithoutMarkers: string;
}

interface Item {
  str: string;
  x: number;
  y: number;
  size: number;
  right: number;
}

/** Text items that are upright (not rotated banners) and not empty, with their geometry. */
export function uprightItems(raw: RawTextItem[]): { items: Item[]; rotatedText: string } {
  const items: Item[] = [];
  let rotatedText = '';
  for (const it of raw) {
    if (typeof it.str !== 'string' || !Array.isArray(it.transform)) continue;
    const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = it.transform;
    const size = Math.hypot(c, d);
    if (!it.str.trim()) continue;
    // A glyph whose matrix flips it upside down but not left to right is drawn upright by its font's own flipped matrix
    // (dvips's bitmap Type 3 fonts: "The FTP-Proxy White Paper" with d < 0): it sits on its line like any other.
    const upright = Math.abs(b) <= 1e-3 && Math.abs(c) <= 1e-3 && (d > 0 || d < 0 && a > 0);
    // A glyph mirrored left to right is a logo's letter (the reversed E of XeTeX, which pdf.js hands over with the letters
    // after it): drawn leftwards from its origin, it is read as starting half an em before it, on the line.
    const mirrored = upright && a < 0;
    if (!upright || a === 0) {
      rotatedText += `${it.str}${it.hasEOL ? '\n' : ' '}`;
      continue;
    }
    if (!(size > 0) || !Number.isFinite(e) || !Number.isFinite(f)) continue;
    const x = mirrored ? e - size * 0.5 : e;
    items.push({ str: it.str, x, y: f, size, right: x + (Number.isFinite(it.width) ? Math.abs(it.width) : 0) });
  }
  return { items, rotatedText };
}

/** Text drawn twice at (nearly) the same place (a fake bold, a shadow) read once. */
function withoutOverprint(items: Item[]): Item[] {
  const seen = new Map<string, Item[]>();
  return items.filter((it) => {
    if (it.str.trim().length < 2) return true;
    const same = seen.get(it.str);
    if (!same) {
      seen.set(it.str, [it]);
      return true;
    }
    if (same.some((o) => Math.abs(o.x - it.x) < it.size * 0.1 && Math.abs(o.y - it.y) < it.size * 0.1)) return false;
    same.push(it);
    return true;
  });
}

export function buildLines(raw: RawTextItem[], page: number): { lines: TextLine[]; rotatedText: string } {
  const upright = uprightItems(raw);
  const items = withoutOverprint(upright.items);
  const { rotatedText } = upright;
  // Group by baseline: an item joins a row when its baseline is within a fraction of the size.
  // Rows are anchored on their largest item, so a raised small letter (the A of the LaTeX
  // logo) met first does not push the lowered E of the same logo into a row of its own.
  const sorted = [...items].sort((p, q) => q.y - p.y || p.x - q.x);
  const rows: { anchor: Item; items: Item[] }[] = [];
  for (const item of sorted) {
    // A raised marker joins its row; a small line set just below a large one (an affiliation
    // column beside a title) does not.
    const row = rows.find(({ anchor }) => {
      const lowerIsSmaller = item.y < anchor.y ? item.size * 1.3 < anchor.size : anchor.size * 1.3 < item.size;
      return Math.abs(anchor.y - item.y) <= (lowerIsSmaller ? Math.min(anchor.size, item.size) : Math.max(anchor.size, item.size)) * 0.45;
    });
    if (!row) {
      rows.push({ anchor: item, items: [item] });
      continue;
    }
    row.items.push(item);
    if (item.size > row.anchor.size * 1.05) row.anchor = item;
  }
  const lines: TextLine[] = [];
  for (const { items: row } of rows) {
    row.sort((p, q) => p.x - q.x);
    // Split the row where the horizontal gap is wide: columns, or names set side by side.
    let segment: Item[] = [];
    const flush = () => {
      if (segment.length) lines.push(makeLine(segment, page));
      segment = [];
    };
    for (const item of row) {
      const prev = segment[segment.length - 1];
      const gap = prev ? item.x - prev.right : 0;
      // A title beside an affiliation column: very different sizes with a gap are two lines.
      const otherSize = prev && Math.max(prev.size, item.size) > Math.min(prev.size, item.size) * 1.6 && gap > Math.min(prev.size, item.size);
      if (prev && (gap > Math.max(prev.size, item.size) * 1.4 || otherSize)) flush();
      segment.push(item);
    }
    flush();
  }
  lines.sort((p, q) => q.y - p.y || p.x - q.x);
  return { lines, rotatedText };
}

function makeLine(items: Item[], page: number): TextLine {
  const weights = new Map<number, number>();
  for (const it of items) {
    const key = Math.round(it.size * 10) / 10;
    weights.set(key, (weights.get(key) ?? 0) + it.str.trim().length);
  }
  const size = [...weights.entries()].sort((p, q) => q[1] - p[1] || q[0] - p[0])[0]![0];
  const baseline = items.filter((it) => Math.abs(it.size - size) < 0.5).map((it) => it.y)[0] ?? items[0]!.y;
  let text = '';
  let withBreaks = '';
  let withoutMarkers = '';
  let markers = 0;
  let prev: Item | undefined;
  items.forEach((it, i) => {
    const gap = prev ? it.x - prev.right : 0;
    const space = prev && gap > Math.min(prev.size, it.size) * 0.15 && !text.endsWith(' ') && !it.str.startsWith(' ') ? ' ' : '';
    // Up to four characters, or a run of marks without spaces ("c,1,3" after a name).
    const short = it.str.trim().length <= 4 || /^[\p{L}\d,∗*†‡§¶]{1,10}$/u.test(it.str.trim());
    const isMarker = it.size < size * 0.82 && short && it.y > baseline + size * 0.15 && !insideWord(prev, it, items[i + 1]);
    text += space + it.str;
    if (isMarker) {
      markers++;
      withBreaks += ', ';
    } else {
      // A gap of about an em between words on one line separates names set side by side.
      withBreaks += (prev && gap > Math.min(prev.size, it.size) * 0.9 ? ' | ' : space) + it.str;
      withoutMarkers += space + it.str;
    }
    prev = it;
  });
  return {
    text: normalizeText(text),
    size,
    x: items[0]!.x,
    y: baseline,
    right: Math.max(...items.map((it) => it.right)),
    page,
    markers,
    textWithMarkerBreaks: normalizeText(withBreaks),
    textWithoutMarkers: normalizeText(withoutMarkers),
  };
}

/**
 * A raised capital set tight between two letters is part of the word (the A of LaTeX), not
 * a footnote or affiliation marker, which are digits, symbols or lower-case letters.
 */
function insideWord(prev: Item | undefined, it: Item, next: Item | undefined): boolean {
  if (!prev || !next || !/^\p{Lu}+$/u.test(it.str.trim())) return false;
  const tight = (a: Item, b: Item) => b.x - a.right < Math.max(a.size, b.size) * 0.1;
  return /\p{L}$/u.test(prev.str) && /^\p{L}/u.test(next.str) && tight(prev, it) && tight(it, next);
}

// TeX fonts without a Unicode map give their ligature glyphs as the font's code points:
// 0x0B-0x0F in OT1 (ff, fi, fl, ffi, ffl) and 0x1B-0x1F in T1.
const TEX_LIGATURES: Record<string, string> = {
  '\u000b': 'ff', '\u000c': 'fi', '\u000d': 'fl', '\u000e': 'ffi', '\u000f': 'ffl',
  '\u001b': 'ff', '\u001c': 'fi', '\u001d': 'fl', '\u001e': 'ffi', '\u001f': 'ffl',
};

// Built from a string: a regex literal with control characters is easy to misread.
const TEX_LIGATURE_GLYPH = new RegExp(`(?<=\\p{L}|^|\\s)[${Object.keys(TEX_LIGATURES).join('')}](?=\\p{L}|$|\\s|[.,;:)])`, 'gu');

// Spacing accents TeX sets before (or after) a letter ("Sedmite\u02c7cn\u00e1") to combining marks.
const SPACING_ACCENTS: Record<string, string> = {
  '\u02c7': '\u030c', '\u00b4': '\u0301', '`': '\u0300', '\u00a8': '\u0308', '\u02dc': '\u0303', '\u02c6': '\u0302', '\u02da': '\u030a', '\u00b8': '\u0327', '\u02d8': '\u0306', '\u02dd': '\u030b',
};

/**
 * Some fonts map mathematical italic letters (U+1D400-1D7FF) to their low 16 bits, which
 * are Hangul syllables (U+D400-D7FF): in Latin text those are the math letters, lifted back.
 */
function liftMathLetters(s: string): string {
  if (!/[\uD400-\uD7A3]/u.test(s) || /[\uAC00-\uD3FF]/u.test(s) || !/\p{Script=Latin}/u.test(s)) return s;
  return s.replace(/[\uD400-\uD7A3]/gu, (c) => String.fromCodePoint(0x10000 + c.codePointAt(0)!));
}

/** Ligatures and compatibility forms to plain letters, runs of spaces to one. */
export function normalizeText(s: string): string {
  return liftMathLetters(s)
    .replace(TEX_LIGATURE_GLYPH, (c) => TEX_LIGATURES[c] ?? c)
    .replace(/[\u02c7\u00b4\u00a8\u02dc\u02c6\u02da\u00b8\u02d8\u02dd](?=\p{L})/gu, (c) => `\u200b${SPACING_ACCENTS[c]}`)
    .replace(/\u200b([\u0300-\u036f])(\p{L})/gu, '$2$1')
    // A dotless i under an accent is an accented i ("art\u0131\u0301culo").
    .replace(/\u0131(?=[\u0300-\u036f])/g, 'i')
    // The maths increment sign before Greek letters is the capital Delta ("\u2206ημήτριος"); NFKC below makes the ohm
    // sign an Omega, but leaves the increment as it is.
    .replace(/\u2206(?=\p{Script=Greek})/gu, '\u0394')
    .normalize('NFKC')
    // TeX sets an accent as its own glyph before the letter ("M ̈achler"): put it back on it.
    .replace(/\s?([\u0300-\u036f]+)(\p{L})/gu, '$2$1')
    .normalize('NFC')
    // Unmapped glyphs (often ligatures) come through as control characters: drop them.
    .replace(/\p{Cc}/gu, '')
    .replace(/[\u00ad\u200b-\u200d\ufeff]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
