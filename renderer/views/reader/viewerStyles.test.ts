import { describe, expect, it } from 'vitest';
import { scopedViewerCss } from './viewerStyles.ts';

describe('scopedViewerCss', () => {
  it('confines every rule to the reader and reads :root as the scope root', () => {
    const css = ':root{--page-border:9px solid transparent}\n.sidebar{position:absolute}\n@media (forced-colors: active){:root *{--x:1}}';
    expect(scopedViewerCss(css, '.reader')).toBe('@scope (.reader) {\n:scope{--page-border:9px solid transparent}\n.sidebar{position:absolute}\n@media (forced-colors: active){:scope *{--x:1}}\n}');
  });
});
