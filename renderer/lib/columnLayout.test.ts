import { describe, expect, it } from 'vitest';
import { DEFAULT_LAYOUT, DEFAULT_WIDTHS, fitColumnsToWidth, gridTemplate, moveColumnEdge, parseLayout, resizeColumn, TITLE_READABLE, toggleColumn, visibleColumns } from './columnLayout.ts';

describe('column layout', () => {
  it('resizes text columns within bounds and leaves icon columns alone', () => {
    expect(resizeColumn(DEFAULT_LAYOUT, 'authors', 333.4).widths.authors).toBe(333);
    expect(resizeColumn(DEFAULT_LAYOUT, 'authors', 5).widths.authors).toBe(40);
    expect(resizeColumn(DEFAULT_LAYOUT, 'authors', 99_999).widths.authors).toBe(1200);
    expect(resizeColumn(DEFAULT_LAYOUT, 'starred', 300)).toBe(DEFAULT_LAYOUT);
  });

  it('moves a text column\'s edge by resizing it', () => {
    expect(moveColumnEdge(DEFAULT_LAYOUT, 'year', 16).widths.year).toBe(DEFAULT_WIDTHS.year + 16);
    expect(moveColumnEdge(DEFAULT_LAYOUT, 'year', -500).widths.year).toBe(40);
  });

  it('moves the title\'s edge by the columns on its right giving up or taking back room', () => {
    // Wider title: authors (the next) gives room first, down to its minimum, then source (year is at 46).
    const wider = moveColumnEdge(DEFAULT_LAYOUT, 'title', 30);
    expect(wider.widths.authors).toBe(DEFAULT_WIDTHS.authors - 30);
    const much = moveColumnEdge(DEFAULT_LAYOUT, 'title', 150);
    expect(much.widths.authors).toBe(40);
    expect(much.widths.year).toBe(40);
    expect(much.widths.source).toBe(DEFAULT_WIDTHS.source - (150 - 90 - 6));
    // Narrower title: the next column takes the room.
    expect(moveColumnEdge(DEFAULT_LAYOUT, 'title', -20).widths.authors).toBe(DEFAULT_WIDTHS.authors + 20);
    // With authors hidden, the next shown column is the one that changes.
    const noAuthors = toggleColumn(DEFAULT_LAYOUT, 'authors');
    expect(moveColumnEdge(noAuthors, 'title', 6).widths.year).toBe(DEFAULT_WIDTHS.year - 6);
  });

  it('hides and shows columns but never the title', () => {
    expect(visibleColumns(DEFAULT_LAYOUT)).not.toContain('modified');
    const hidden = toggleColumn(DEFAULT_LAYOUT, 'source');
    expect(visibleColumns(hidden)).not.toContain('source');
    expect(visibleColumns(toggleColumn(hidden, 'source'))).toContain('source');
    expect(toggleColumn(DEFAULT_LAYOUT, 'title')).toBe(DEFAULT_LAYOUT);
  });

  it('builds the grid template from what is shown, the title taking the room left', () => {
    const layout = toggleColumn(DEFAULT_LAYOUT, 'added');
    expect(gridTemplate(layout)).toBe('26px 20px 22px minmax(120px, 1fr) minmax(40px, 130px) minmax(40px, 46px) minmax(40px, 130px) minmax(40px, 80px)');
  });

  it('reads a stored layout and survives anything unreadable', () => {
    expect(parseLayout(null)).toEqual(DEFAULT_LAYOUT);
    expect(parseLayout('{not json')).toEqual(DEFAULT_LAYOUT);
    const stored = parseLayout(JSON.stringify({ hidden: ['year', 'title', 'nope', 'year'], widths: { authors: 210, starred: 400, title: 'wide' } }));
    expect(stored.hidden).toEqual(['year']);
    expect(stored.widths).toEqual({ ...DEFAULT_WIDTHS, authors: 210 });
  });
});

describe('fitColumnsToWidth', () => {
  it('leaves the layout as it is when the title has its room', () => {
    expect(fitColumnsToWidth(DEFAULT_LAYOUT, 900)).toBe(DEFAULT_LAYOUT);
  });

  it('at 1024x700 (a list about 474 px wide) drops Added, Type and Source so the title keeps 200 px or more', () => {
    const fitted = fitColumnsToWidth(DEFAULT_LAYOUT, 474);
    expect(visibleColumns(fitted)).toEqual(['starred', 'read', 'file', 'title', 'authors', 'year']);
    const others = visibleColumns(fitted).filter((id) => id !== 'title').reduce((sum, id) => sum + fitted.widths[id], 0);
    expect(474 - others).toBeGreaterThanOrEqual(TITLE_READABLE);
    // The user's own layout keeps those columns for a wider window.
    expect(DEFAULT_LAYOUT.hidden).toEqual(['modified']);
  });

  it('gives way in order, and never drops the title, the authors or the icon columns', () => {
    expect(visibleColumns(fitColumnsToWidth(DEFAULT_LAYOUT, 600))).toEqual(['starred', 'read', 'file', 'title', 'authors', 'year', 'source']);
    expect(visibleColumns(fitColumnsToWidth(DEFAULT_LAYOUT, 100))).toEqual(['starred', 'read', 'file', 'title', 'authors']);
  });

  it('a title the user made narrower than 200 px only needs its own width', () => {
    const narrowTitle = resizeColumn(DEFAULT_LAYOUT, 'title', 150);
    expect(fitColumnsToWidth(narrowTitle, 150 + 68 + 130 + 46 + 130 + 80 + 70)).toBe(narrowTitle);
  });
});
