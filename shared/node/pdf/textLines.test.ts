import { describe, expect, it } from 'vitest';
import { buildLines, normalizeText, type RawTextItem } from './textLines.ts';

const item = (str: string, x: number, y: number, size: number, width: number): RawTextItem => ({ str, transform: [size, 0, 0, size, x, y], width });

describe('normalizeText', () => {
  it("restores TeX fonts' ligatures and spacing accents", () => {
    expect(normalizeText('Using the gene\u001clter function to \u001clter genes')).toBe('Using the genefilter function to filter genes');
    expect(normalizeText('Description of a\u001by, Coe\u000ecient')).toBe('Description of affy, Coefficient');
    expect(normalizeText('Beru\u0161ka Sedmite\u02c7cn\u00e1')).toBe('Beruška Sedmitečná');
    expect(normalizeText('un art\u0131\u0301culo')).toBe('un artículo');
  });

  it('lifts math italic letters that a font mapped to their low 16 bits (Hangul) in Latin text', () => {
    expect(normalizeText('This is a specimen \ud44e\ud44f title')).toBe('This is a specimen ab title');
    expect(normalizeText('\ucef4\ud4e8\ud130 science')).toBe('\ucef4\ud4e8\ud130 science'); // Korean ("computer") stays Korean
  });
});

describe('buildLines', () => {
  it('keeps the raised A and the lowered E of the LaTeX logo in the word', () => {
    const { lines } = buildLines([
      item('L', 153.7, 615.4, 17.2, 10.1),
      item('A', 158, 619, 12, 8.8),
      item('T', 164.3, 615.4, 17.2, 10),
      item('E', 173.5, 611.4, 17.2, 10),
      item('X document class', 182.7, 615.4, 17.2, 140),
    ], 1);
    expect(lines.map((l) => l.textWithoutMarkers)).toEqual(['LATEX document class']);
  });

  it('keeps a small affiliation line set just below a large title line out of its row', () => {
    const { lines } = buildLines([item('Journal Papers', 228, 714, 24, 160), item('Department,', 79, 714, 8, 60), item('City, Country', 79, 704, 8, 50)], 1);
    expect(lines.map((l) => l.text)).toEqual(['Department,', 'Journal Papers', 'City, Country']);
  });

  it('reads a title drawn twice with a small offset (a shadow) once', () => {
    const { lines } = buildLines([item('matapli', 100.7, 687.6, 73.3, 161), item('matapli', 102.3, 690.5, 73.3, 161)], 1);
    expect(lines.map((l) => l.text)).toEqual(['matapli']);
  });

  it('takes a raised run of affiliation letters and footnote numbers after a name as one marker', () => {
    const { lines } = buildLines([item('CV Rajagopal', 100, 600, 12, 80), item('c,1,3', 181, 605, 8, 12)], 1);
    expect(lines[0]!.textWithoutMarkers).toBe('CV Rajagopal');
  });

  it('still takes raised digits after a name as markers', () => {
    const { lines } = buildLines([item('Jos Migchielsen', 100, 600, 12, 90), item('1', 190, 605, 8, 4), item(', Ann Author', 195, 600, 12, 70)], 1);
    expect(lines[0]!.markers).toBe(1);
    expect(lines[0]!.textWithoutMarkers).toBe('Jos Migchielsen, Ann Author');
  });
});
