// Author grids (ACM's conference layout and its kin): names set side by side in columns, each
// with its affiliation, address and e-mail under it, row after row. Read line by line, the
// names of a row and of the cells' second lines interleave, and the lines of a tall grid run
// past the header; read cell by cell (rows top down, cells left to right, lines top down in a
// cell) they come in the printed order.
import { isAffiliation, parsePersonName, splitAuthorLine } from './personNames.ts';
import type { TextLine } from './textLines.ts';
import type { ExtractedPerson } from './types.ts';

/** The people a line names when it names people and nothing else. */
function namesOnly(line: TextLine): ExtractedPerson[] | undefined {
  // "Departimento di Informatica" is shaped like a name.
  if (isAffiliation(line.text)) return undefined;
  const pieces = splitAuthorLine(line.textWithMarkerBreaks);
  const people = pieces.map((p) => parsePersonName(p));
  return pieces.length && people.every((p) => p) ? (people as ExtractedPerson[]) : undefined;
}

const centre = (l: TextLine) => (l.x + l.right) / 2;

/** Rows of two or more name lines on one baseline, side by side, top row first (and a lone name centred under the last). */
function nameRows(lines: TextLine[]): TextLine[][] {
  const rows: TextLine[][] = [];
  const used = new Set<TextLine>();
  for (const line of lines) {
    if (used.has(line) || !namesOnly(line)) continue;
    const row = lines
      .filter((o) => !used.has(o) && Math.abs(o.y - line.y) < line.size * 0.3 && Math.abs(o.size - line.size) < 0.5 && namesOnly(o))
      .sort((p, q) => p.x - q.x);
    if (row.length < 2 || row.some((cell, i) => i > 0 && cell.x < row[i - 1]!.right)) continue;
    for (const cell of row) used.add(cell);
    rows.push(row);
  }
  rows.sort((p, q) => q[0]!.y - p[0]!.y);
  // A last name set alone under the grid, centred between two of its columns (a third author under two), is a row
  // of its own: read by the column it is nearest, it came after that cell's affiliation and was lost.
  const last = rows[rows.length - 1];
  if (last) {
    const centres = last.map(centre);
    const spacing = Math.min(...centres.slice(1).map((c, i) => c - centres[i]!));
    const lone = lines.find((l) => !used.has(l) && l.y < last[0]!.y - last[0]!.size && Math.abs(l.size - last[0]!.size) < 0.5 && namesOnly(l)?.length === 1
      && centres.some((c, i) => i > 0 && centre(l) > centres[i - 1]! + spacing / 4 && centre(l) < c - spacing / 4));
    if (lone) rows.push([lone]);
  }
  return rows;
}

/**
 * The authors of a grid among `lines` (the page's lines between the title and the body), in
 * printed order; undefined when the lines hold no row of names set side by side.
 */
export function readAuthorGrid(lines: TextLine[]): ExtractedPerson[] | undefined {
  const rows = nameRows(lines);
  if (!rows.length) return undefined;
  const people: ExtractedPerson[] = [];
  rows.forEach((row, r) => {
    const top = row[0]!.y + row[0]!.size * 0.3;
    const next = rows[r + 1]?.[0];
    const bottom = next ? next.y + next.size * 0.3 : -Infinity;
    const cells = row.map(() => [] as TextLine[]);
    for (const line of lines) {
      if (line.y > top || line.y <= bottom) continue;
      let nearest = 0;
      row.forEach((head, i) => {
        if (Math.abs(centre(line) - centre(head)) < Math.abs(centre(line) - centre(row[nearest]!))) nearest = i;
      });
      cells[nearest]!.push(line);
    }
    for (const cell of cells) {
      // A cell prints its names first: its affiliation, address or e-mail ends them
      // ("Haidian Qu, Beijing Shi" under a university is a place, not two people).
      for (const line of cell.sort((p, q) => q.y - p.y)) {
        const names = namesOnly(line);
        if (!names) break;
        for (const p of names) if (!people.some((o) => o.last_name === p.last_name && o.first_name === p.first_name)) people.push(p);
      }
    }
  });
  return people;
}
