import { describe, expect, it } from 'vitest';
import { BODY_LEVEL_VIEWER_CSS, scopedViewerCss } from './viewerStyles.ts';

describe('scopedViewerCss', () => {
  it('confines every rule to the reader and reads :root as the scope root', () => {
    const css = ':root{--page-border:9px solid transparent}\n.sidebar{position:absolute}\n@media (forced-colors: active){:root *{--x:1}}';
    expect(scopedViewerCss(css, '.reader')).toBe('@scope (.reader) {\n:scope{--page-border:9px solid transparent}\n.sidebar{position:absolute}\n@media (forced-colors: active){:scope *{--x:1}}\n}');
  });
});

describe('BODY_LEVEL_VIEWER_CSS', () => {
  // Whether the page really stays the window's height is measured in e2e/readerLayout.spec.ts.
  it('hides, out of the flow, the elements pdf.js appends to <body>', () => {
    expect(BODY_LEVEL_VIEWER_CSS).toContain('body > .hiddenCanvasElement');
    expect(BODY_LEVEL_VIEWER_CSS).toMatch(/display: none/);
    expect(BODY_LEVEL_VIEWER_CSS).toMatch(/position: absolute/);
  });
});
