import { describe, expect, it } from 'vitest';
import { PANE_BOUNDS, parsePaneLayout } from './paneLayout.ts';

describe('parsePaneLayout', () => {
  it('keeps stored widths within their bounds and falls back on anything else', () => {
    expect(parsePaneLayout(null)).toEqual({ sidebar: 200, details: 350 });
    expect(parsePaneLayout('{"sidebar": 260.4, "details": 5000}')).toEqual({ sidebar: 260, details: PANE_BOUNDS.details.max });
    expect(parsePaneLayout('{"sidebar": "wide"}')).toEqual({ sidebar: 200, details: 350 });
    expect(parsePaneLayout('not json')).toEqual({ sidebar: 200, details: 350 });
  });
});
