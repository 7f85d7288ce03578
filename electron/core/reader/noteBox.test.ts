import { describe, expect, it } from 'vitest';
import { noteRect, wrapText } from './noteBox.ts';

const LETTER = [0, 0, 612, 792];

describe('a sticky note’s box', () => {
  it('breaks long lines at spaces and keeps the lines it was given', () => {
    expect(wrapText('short note')).toBe('short note');
    expect(wrapText('one two three four', 9)).toBe('one two\nthree\nfour');
    expect(wrapText('first line\r\nsecond', 40)).toBe('first line\nsecond');
    expect(wrapText('averyveryverylongword and more', 8)).toBe('averyveryverylongword\nand more');
  });

  it('hangs below and right of its point as the page is shown, turned or not', () => {
    const [x1, y1, x2, y2] = noteRect({ x: 100, y: 500 }, 'two\nlines', 0, LETTER);
    expect([x1, y2]).toEqual([100, 500]);
    expect(x2 - x1).toBeGreaterThan(20);
    expect(y2 - y1).toBeGreaterThan(20);
    const wide = x2 - x1;
    const tall = y2 - y1;
    // Turned a quarter clockwise: screen right is page up, screen down is page right.
    expect(noteRect({ x: 100, y: 500 }, 'two\nlines', 90, LETTER)).toEqual([100, 500, 100 + tall, 500 + wide]);
    expect(noteRect({ x: 300, y: 400 }, 'two\nlines', 180, LETTER)).toEqual([300 - wide, 400, 300, 400 + tall]);
    expect(noteRect({ x: 300, y: 400 }, 'two\nlines', 270, LETTER)).toEqual([300 - tall, 400 - wide, 300, 400]);
  });

  it('stays on the page near its edges', () => {
    const [x1, y1, x2, y2] = noteRect({ x: 605, y: 4 }, 'near the corner', 0, LETTER);
    expect(x2).toBe(612);
    expect(y1).toBe(0);
    expect(x1).toBeLessThan(605);
    expect(y2).toBeGreaterThan(4);
  });
});
