import { describe, expect, it } from 'vitest';
import { DEFAULT_LAYOUT, DEFAULT_WIDTHS, gridTemplate, parseLayout, resizeColumn, toggleColumn, visibleColumns } from './columnLayout.ts';

describe('column layout', () => {
  it('resizes text columns within bounds and leaves icon columns alone', () => {
    expect(resizeColumn(DEFAULT_LAYOUT, 'authors', 333.4).widths.authors).toBe(333);
    expect(resizeColumn(DEFAULT_LAYOUT, 'authors', 5).widths.authors).toBe(40);
    expect(resizeColumn(DEFAULT_LAYOUT, 'authors', 99_999).widths.authors).toBe(1200);
    expect(resizeColumn(DEFAULT_LAYOUT, 'starred', 300)).toBe(DEFAULT_LAYOUT);
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
