// The lines of the first pages with what the heuristics need to know about them: the body
// font size, the page size, and which lines are running heads repeated on other pages.
import type { TextLine } from './textLines.ts';

export interface PageText {
  page: number;
  width: number;
  height: number;
  lines: TextLine[];
  rotatedText: string;
}

export interface Layout {
  pages: PageText[];
  /** Font size carrying most of the characters on the first page with text. */
  bodySize: number;
  /** Lines of the first page that repeat, at the same place and about the same size, on another page. */
  runningHeads: Set<TextLine>;
  /** Pages in the whole document, when known (a book has many). */
  pageCount?: number;
}

export function analyseLayout(pages: PageText[], pageCount?: number): Layout {
  const first = pages[0];
  const weights = new Map<number, number>();
  for (const line of first?.lines ?? []) {
    const key = Math.round(line.size * 2) / 2;
    weights.set(key, (weights.get(key) ?? 0) + line.text.length);
  }
  const bodySize = [...weights.entries()].sort((p, q) => q[1] - p[1])[0]?.[0] ?? 10;
  const runningHeads = new Set<TextLine>();
  const shape = (s: string) => s.toLowerCase().replace(/[\d\s]+/g, ' ').replace(/[^\p{L} ]/gu, '').trim();
  const elsewhere = pages.slice(1).flatMap((p) => p.lines.map((l) => ({ key: shape(l.text), y: l.y, size: l.size })));
  for (const line of first?.lines ?? []) {
    const key = shape(line.text);
    if (!key) continue;
    // A first page may set its head a little larger ("EDF R&D" at 12 points over 9); a cover's title repeated in the
    // next page's head at well under two thirds of its size ("igraph Reference Manual", 24.9 over 14.4) is a title.
    if (elsewhere.some((o) => o.key === key && Math.abs(o.y - line.y) < 12 && line.size < o.size * 1.5)) runningHeads.add(line);
  }
  // A running head is a line or two; a block of three or more repeated lines is a title
  // repeated on the next page (a thesis's abstract page), not a running head.
  const lines = first?.lines ?? [];
  for (let i = 0; i < lines.length; ) {
    let j = i;
    while (j < lines.length && runningHeads.has(lines[j]!)) j++;
    if (j - i >= 3) for (let k = i; k < j; k++) runningHeads.delete(lines[k]!);
    i = Math.max(j, i + 1);
  }
  return { pages, bodySize, runningHeads, pageCount };
}
