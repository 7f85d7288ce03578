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
    if (Math.abs(b) > 1e-3 || Math.abs(c) > 1e-3 || a <= 0 || d <= 0) {
      rotatedText += `${it.str}${it.hasEOL ? '\n' : ' '}`;
      continue;
    }
    if (!(size > 0) || !Number.isFinite(e) || !Number.isFinite(f)) continue;
    items.push({ str: it.str, x: e, y: f, size, right: e + (Number.isFinite(it.width) ? it.width : 0) });
  }
  return { items, rotatedText };
}

export function buildLines(raw: RawTextItem[], page: number): { lines: TextLine[]; rotatedText: string } {
  const { items, rotatedText } = uprightItems(raw);
  // Group by baseline: an item joins a row when its baseline is within a fraction of the size.
  const sorted = [...items].sort((p, q) => q.y - p.y || p.x - q.x);
  const rows: Item[][] = [];
  for (const item of sorted) {
    const row = rows.find((r) => {
      const main = r[0]!;
      const tol = Math.max(main.size, item.size) * 0.45;
      return Math.abs(main.y - item.y) <= tol;
    });
    if (row) row.push(item);
    else rows.push([item]);
  }
  const lines: TextLine[] = [];
  for (const row of rows) {
    row.sort((p, q) => p.x - q.x);
    // Split the row where the horizontal gap is wide: columns, or names set side by side.
    let segment: Item[] = [];
    const flush = () => {
      if (segment.length) lines.push(makeLine(segment, page));
      segment = [];
    };
    for (const item of row) {
      const prev = segment[segment.length - 1];
      if (prev && item.x - prev.right > Math.max(prev.size, item.size) * 1.4) flush();
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
  for (const it of items) {
    const gap = prev ? it.x - prev.right : 0;
    const space = prev && gap > Math.min(prev.size, it.size) * 0.15 && !text.endsWith(' ') && !it.str.startsWith(' ') ? ' ' : '';
    const isMarker = it.size < size * 0.82 && it.str.trim().length <= 4 && it.y > baseline + size * 0.15;
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
  }
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

/** Ligatures and compatibility forms to plain letters, runs of spaces to one. */
export function normalizeText(s: string): string {
  return s
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
