// The reader's toolbar: panes, page navigation, zoom, rotation, find, annotation tools, export.
import { useEffect, useState } from 'react';
import type { ViewerState } from './usePdfViewer.ts';

export const ZOOM_CHOICES = [
  { value: 'page-width', label: 'Fit width' },
  { value: 'page-fit', label: 'Fit page' },
  ...[0.5, 0.75, 1, 1.25, 1.5, 2, 3].map((z) => ({ value: String(z), label: `${Math.round(z * 100)}%` })),
];

interface Props {
  state: ViewerState;
  sidebar: 'thumbnails' | 'outline' | null;
  placingSticky: boolean;
  drawingArea: boolean;
  canUndo: string | null;
  onSidebar(mode: 'thumbnails' | 'outline' | null): void;
  onPage(page: number): void;
  onZoom(value: string): void;
  onZoomStep(direction: 1 | -1): void;
  onRotate(): void;
  onFind(): void;
  onHighlight(): void;
  onUnderline(): void;
  onArea(): void;
  onSticky(): void;
  onUndo(): void;
  onExport(): void;
  onExportPdf(): void;
  exportingPdf: boolean;
}

export function ReaderToolbar(p: Props) {
  const { state } = p;
  const [pageText, setPageText] = useState(String(state.pageNumber));
  useEffect(() => setPageText(String(state.pageNumber)), [state.pageNumber]);
  const zoomValue = ZOOM_CHOICES.some((z) => z.value === state.scaleValue) ? state.scaleValue : 'custom';
  return (
    <div className="rs-toolbar" role="toolbar" aria-label="Reader">
      <div className="rs-group">
        <button type="button" className={`tool ${p.sidebar === 'thumbnails' ? 'on' : ''}`} aria-pressed={p.sidebar === 'thumbnails'} onClick={() => p.onSidebar(p.sidebar === 'thumbnails' ? null : 'thumbnails')}>Pages</button>
        <button type="button" className={`tool ${p.sidebar === 'outline' ? 'on' : ''}`} aria-pressed={p.sidebar === 'outline'} onClick={() => p.onSidebar(p.sidebar === 'outline' ? null : 'outline')}>Outline</button>
      </div>
      <div className="rs-group">
        <button type="button" className="tool" aria-label="Previous page" disabled={state.pageNumber <= 1} onClick={() => p.onPage(state.pageNumber - 1)}>‹</button>
        <form onSubmit={(e) => { e.preventDefault(); const n = Number(pageText); if (n >= 1 && n <= state.pagesCount) p.onPage(n); else setPageText(String(state.pageNumber)); }}>
          <input className="rs-page-input" aria-label="Page number" inputMode="numeric" value={pageText} onChange={(e) => setPageText(e.target.value)} />
        </form>
        <span className="rs-muted">of {state.pagesCount || '…'}</span>
        <button type="button" className="tool" aria-label="Next page" disabled={state.pageNumber >= state.pagesCount} onClick={() => p.onPage(state.pageNumber + 1)}>›</button>
      </div>
      <div className="rs-group">
        <button type="button" className="tool" aria-label="Zoom out" onClick={() => p.onZoomStep(-1)}>−</button>
        <select aria-label="Zoom" value={zoomValue} onChange={(e) => p.onZoom(e.target.value)}>
          {zoomValue === 'custom' ? <option value="custom">{Math.round(state.scale * 100)}%</option> : null}
          {ZOOM_CHOICES.map((z) => <option key={z.value} value={z.value}>{z.label}</option>)}
        </select>
        <button type="button" className="tool" aria-label="Zoom in" onClick={() => p.onZoomStep(1)}>+</button>
        <button type="button" className="tool" aria-label="Rotate clockwise" onClick={p.onRotate}>⟳</button>
      </div>
      <div className="rs-group">
        <button type="button" className="tool" onClick={p.onFind} title="Find in the PDF (Ctrl+F)">Find</button>
        <button type="button" className="tool" onClick={p.onHighlight} title="Highlight the selected text (H)">Highlight</button>
        <button type="button" className="tool" onClick={p.onUnderline} title="Underline the selected text (U)">Underline</button>
        <button type="button" className={`tool ${p.drawingArea ? 'on' : ''}`} aria-pressed={p.drawingArea} onClick={p.onArea} title="Mark an area, such as a figure: drag a rectangle over it (A)">Area</button>
        <button type="button" className={`tool ${p.placingSticky ? 'on' : ''}`} aria-pressed={p.placingSticky} onClick={p.onSticky} title="Place a sticky note (N)">Sticky note</button>
        <button type="button" className="tool" disabled={!p.canUndo} onClick={p.onUndo} title={p.canUndo ?? 'Nothing to undo'}>Undo</button>
        <button type="button" className="tool" onClick={p.onExport} title="Save the annotations as Markdown">Export Markdown</button>
        <button type="button" className="tool" onClick={p.onExportPdf} disabled={p.exportingPdf} aria-busy={p.exportingPdf}
          title="Export PDF with annotations: a copy of the PDF with the highlights and sticky notes in it, for any PDF reader">Export PDF</button>
      </div>
    </div>
  );
}
