// pdf.js's viewer stylesheet, confined to the reader. Loaded as is, its global rules (a
// `.sidebar`, `.dialog`, `:root` variables) would restyle the library window; wrapped in
// `@scope (.reader)`, with `:root` read as the scope's root, it styles only reader tabs.
import viewerCss from 'pdfjs-dist/web/pdf_viewer.css?inline';

let injected = false;

export function scopedViewerCss(css: string, scope: string): string {
  return `@scope (${scope}) {\n${css.replace(/:root/g, ':scope')}\n}`;
}

export function injectViewerStyles(): void {
  if (injected) return;
  injected = true;
  const style = document.createElement('style');
  style.dataset.source = 'pdfjs-dist/web/pdf_viewer.css';
  style.textContent = scopedViewerCss(viewerCss, '.reader');
  document.head.append(style);
}
