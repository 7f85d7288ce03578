// pdf.js's viewer stylesheet, confined to the reader. Loaded as is, its global rules (a
// `.sidebar`, `.dialog`, `:root` variables) would restyle the library window; wrapped in
// `@scope (.reader)`, with `:root` read as the scope's root, it styles only reader tabs.
import viewerCss from 'pdfjs-dist/web/pdf_viewer.css?inline';

let injected = false;

export function scopedViewerCss(css: string, scope: string): string {
  return `@scope (${scope}) {\n${css.replace(/:root/g, ':scope')}\n}`;
}

/**
 * The one rule of pdf.js's stylesheet that must stay global: its text layer measures glyphs on
 * a canvas it appends to <body>, outside the reader's scope. Unstyled, that canvas is an inline
 * box on a line of its own under the window, making the page 18 px taller than the window; the
 * find controller's scrolling then moved the whole window up by that much (and it stayed).
 */
export const BODY_LEVEL_VIEWER_CSS = 'body > .hiddenCanvasElement, body > #hiddenCopyElement { position: absolute; top: 0; left: 0; width: 0; height: 0; display: none; }';

export function injectViewerStyles(): void {
  if (injected) return;
  injected = true;
  const style = document.createElement('style');
  style.dataset.source = 'pdfjs-dist/web/pdf_viewer.css';
  style.textContent = `${scopedViewerCss(viewerCss, '.reader')}\n${BODY_LEVEL_VIEWER_CSS}`;
  document.head.append(style);
}
