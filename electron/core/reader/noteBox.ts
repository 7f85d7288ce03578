// Where a sticky note's text goes on the page. pdf.js writes a FreeText annotation (it
// cannot write a /Text note icon): the text is drawn in a box, one line per line break,
// shrunk to fit the box. So long lines are broken at spaces here, and the box, anchored
// with its top left corner at the note's point as the page is shown (its /Rotate), is
// sized to the text and kept on the page.

export const NOTE_FONT_SIZE = 10;
/** pdf.js's line height for FreeText (its LINE_FACTOR). */
const LINE_HEIGHT = 1.35 * NOTE_FONT_SIZE;
/** Helvetica is narrower on average; a little room keeps pdf.js from shrinking the text. */
const CHAR_WIDTH = 0.56 * NOTE_FONT_SIZE;
export const NOTE_LINE_CHARS = 48;
const PADDING = 2;

/** Breaks lines longer than `width` characters at spaces (a longer word gets a line of its own). */
export function wrapText(text: string, width = NOTE_LINE_CHARS): string {
  return text.replace(/\r\n?/g, '\n').split('\n').map((line) => {
    const words = line.split(/ +/);
    const lines: string[] = [];
    let current = '';
    for (const word of words) {
      if (current && current.length + 1 + word.length > width) {
        lines.push(current);
        current = word;
      } else {
        current = current ? `${current} ${word}` : word;
      }
    }
    lines.push(current);
    return lines.join('\n');
  }).join('\n');
}

/**
 * The box in page space for text shown with its top left at `point`, on a page shown turned
 * by `rotate` degrees clockwise, moved inside `view` (the page's [x1, y1, x2, y2]).
 */
export function noteRect(point: { x: number; y: number }, text: string, rotate: number, view: readonly number[]): [number, number, number, number] {
  const lines = text.split('\n');
  const across = Math.max(...lines.map((l) => l.length), 1) * CHAR_WIDTH + 2 * PADDING;
  const down = lines.length * LINE_HEIGHT + 2 * PADDING;
  const { x, y } = point;
  // On screen: `across` to the right of the point, `down` below it; in page space that is:
  const turn = ((rotate % 360) + 360) % 360;
  let rect: [number, number, number, number];
  if (turn === 90) rect = [x, y, x + down, y + across];
  else if (turn === 180) rect = [x - across, y, x, y + down];
  else if (turn === 270) rect = [x - down, y - across, x, y];
  else rect = [x, y - down, x + across, y];
  return keepInside(rect, view);
}

/** How far to move [low, high] to lie within [min, max] (its low end wins when it cannot fit). */
function shiftInto(low: number, high: number, min: number, max: number): number {
  let by = high > max ? max - high : 0;
  if (low + by < min) by = min - low;
  return by;
}

function keepInside(rect: [number, number, number, number], view: readonly number[]): [number, number, number, number] {
  const [vx1 = 0, vy1 = 0, vx2 = 612, vy2 = 792] = view;
  const dx = shiftInto(rect[0], rect[2], vx1, vx2);
  const dy = shiftInto(rect[1], rect[3], vy1, vy2);
  return [rect[0] + dx, rect[1] + dy, rect[2] + dx, rect[3] + dy];
}
