// One reader tab: the document's PDF in pdf.js's viewer, the annotations drawn on its
// pages, the toolbar, the thumbnails/outline pane and the annotations panel.
import './reader.css';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { LibraryAnnotation, LibraryDocument, ReaderFile } from '../../../shared/bridge/contract.ts';
import { DEFAULT_HIGHLIGHT_COLOR, DEFAULT_PRIVACY_LEVEL } from '../../../shared/schemas/annotation.ts';
import { saveText } from '../../lib/download.ts';
import { useApp } from '../../state/context.tsx';
import { otherAuthors, useAuthorNames } from '../../state/useAuthorNames.ts';
import { AnnotationLayers } from './AnnotationLayers.tsx';
import { AnnotationPanel, authorLabel } from './AnnotationPanel.tsx';
import { annotationsMarkdown } from './annotationsMarkdown.ts';
import { useReaderStore } from './readerStore.ts';
import { FindBar } from './FindBar.tsx';
import { areaImages } from './areaImages.ts';
import { clientDragToPosition, clientPointToPdf, selectionToPositions, textLayerOf, textUnder } from './pageGeometry.ts';
import { createQuoteCache } from './quoteCache.ts';
import { ReaderSidebar } from './ReaderSidebar.tsx';
import { ReaderToolbar } from './ReaderToolbar.tsx';
import { runsOfTextItems, snapToText, type TextRun } from './snapToText.ts';
import { undoLabel } from './undoChange.ts';
import { useAnnotations } from './useAnnotations.ts';
import { usePdfViewer } from './usePdfViewer.ts';
import { useScrollingFlag } from './useScrollingFlag.ts';
import { useStillValue } from './useStillValue.ts';
import { injectViewerStyles } from './viewerStyles.ts';
import { AREA_COLOR, UNDERLINE_COLOR } from './palette.ts';

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));
}

/** Inside the editor of the annotation selected in the panel (not the document note's). */
function inAnnotationEditor(target: EventTarget | null): boolean {
  return target instanceof Element && !!target.closest('.rs-item .rs-editor');
}

export function ReaderView({ documentId, active }: { documentId: string; active: boolean }) {
  const reader = useReaderStore();
  const myProfileId = useApp((s) => s.account?.profile?.id);
  const containerRef = useRef<HTMLDivElement>(null);
  const [file, setFile] = useState<ReaderFile | null>(null);
  const [doc, setDoc] = useState<LibraryDocument | null>(null);
  const [openError, setOpenError] = useState<string | null>(null);
  const [sidebar, setSidebar] = useState<'thumbnails' | 'outline' | null>(null);
  const [findOpen, setFindOpen] = useState(false);
  const [placingSticky, setPlacingSticky] = useState(false);
  const [drawingArea, setDrawingArea] = useState(false);
  /** The rectangle being dragged, in client coordinates (from the drag's start to the pointer). */
  const [areaDrag, setAreaDrag] = useState<{ from: { x: number; y: number }; to: { x: number; y: number } } | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [hint, setHint] = useState<string | null>(null);
  const [exportingPdf, setExportingPdf] = useState(false);
  injectViewerStyles();
  const state = usePdfViewer(file?.url ?? null, containerRef, file?.filehash);
  useScrollingFlag(containerRef);
  // The panel's quotes and pictures follow the pages drawn once scrolling settles, not page by page during it.
  const panelTextVersion = useStillValue(containerRef, state.textVersion);
  const panelLayoutVersion = useStillValue(containerRef, state.layoutVersion);
  const api = useAnnotations(documentId, (renames) => setSelectedId((id) => (id && renames.get(id)) || id));
  const { viewer } = state;
  const authorIds = useMemo(() => otherAuthors(api.annotations, myProfileId), [api.annotations, myProfileId]);
  const authorNames = useAuthorNames(authorIds);

  useEffect(() => {
    let cancelled = false;
    setOpenError(null);
    reader.document({ id: documentId }).then((d) => { if (!cancelled) setDoc(d); }, () => undefined);
    reader.openFile({ documentId }).then(
      (f) => { if (!cancelled) setFile(f); },
      (e: Error) => { if (!cancelled) setOpenError(e.message); },
    );
    return () => { cancelled = true; };
  }, [reader, documentId]);

  // A hidden tab's viewer has no size; it lays out again when shown.
  useEffect(() => {
    if (active && viewer && ['page-width', 'page-fit', 'auto'].includes(state.scaleValue)) viewer.currentScaleValue = state.scaleValue;
  }, [active]);

  // Those on this file (by its SHA-1); one array per change, so the page layers skip renders while scrolling.
  const filehash = file?.filehash;
  const drawn = useMemo(() => api.annotations.filter((a) => a.type !== 'note' && (!a.filehash || !filehash || a.filehash === filehash)), [api.annotations, filehash]);

  // One cache per opened file: a quote is read from the text layer once, not on every page render,
  // and only from pages whose text layer pdf.js has finished (a half-drawn one would cut it short).
  const textPages = useRef(new Set<number>());
  useEffect(() => {
    const pages = new Set<number>();
    textPages.current = pages;
    const onText = (e: { pageNumber: number }) => pages.add(e.pageNumber);
    state.eventBus?.on('textlayerrendered', onText);
    return () => state.eventBus?.off('textlayerrendered', onText);
  }, [state.eventBus]);
  const quoteOf = useMemo(() => {
    const cache = createQuoteCache((a) => {
      const pages = new Set((a.positions ?? []).map((p) => p.page));
      if (!viewer || ![...pages].every((page) => textPages.current.has(page) && textLayerOf(viewer, page))) return undefined;
      return textUnder(viewer, a.positions ?? []);
    });
    return (a: LibraryAnnotation) => cache.quoteOf(a);
  }, [viewer]);

  /** Marks the selected text: highlighted, or underlined (`style`). */
  const highlightSelection = useCallback(async (style?: 'underline') => {
    const selection = window.getSelection();
    if (!viewer || !file || !selection || selection.isCollapsed || !selection.rangeCount) {
      setHint(style ? 'Select some text on the page first, then press U or Underline.' : 'Select some text on the page first, then press H or Highlight.');
      return;
    }
    const range = selection.getRangeAt(0);
    if (!containerRef.current?.contains(range.commonAncestorContainer)) return;
    const lines = selectionToPositions(viewer, range);
    if (!lines.length) return;
    const runs = new Map<number, TextRun[]>();
    for (const page of new Set(lines.map((l) => l.page))) {
      const pdfPage = (viewer.getPageView(page - 1) as { pdfPage?: { getTextContent(): Promise<{ items: unknown[] }> } } | undefined)?.pdfPage;
      const content = await pdfPage?.getTextContent().catch(() => undefined);
      runs.set(page, runsOfTextItems((content?.items ?? []) as { str?: string; transform?: number[]; width?: number }[]));
    }
    const positions = snapToText(lines, (page) => runs.get(page) ?? []);
    selection.removeAllRanges();
    const created = await api.create({ document_id: documentId, type: 'highlight', filehash: file.filehash, positions, color: style ? UNDERLINE_COLOR : DEFAULT_HIGHLIGHT_COLOR, ...(style ? { style } : {}), privacy_level: DEFAULT_PRIVACY_LEVEL });
    if (created) setSelectedId(created.id);
    setHint(null);
  }, [viewer, file, api, documentId]);

  // Pictures of areas: a new function when the viewer changes; the panel asks again on every paint.
  const imageOf = useMemo(() => areaImages(viewer, localStorage), [viewer]);

  const finishArea = useCallback(async (from: { x: number; y: number }, to: { x: number; y: number }) => {
    setAreaDrag(null);
    setDrawingArea(false);
    if (!viewer || !file) return;
    const position = clientDragToPosition(viewer, from, to);
    if (!position) {
      setHint('Drag a rectangle over the figure to mark it as an area.');
      return;
    }
    const created = await api.create({ document_id: documentId, type: 'highlight', style: 'area', filehash: file.filehash, positions: [position], color: AREA_COLOR, privacy_level: DEFAULT_PRIVACY_LEVEL });
    if (created) setSelectedId(created.id);
    setHint(null);
  }, [viewer, file, api, documentId]);

  const goTo = useCallback((a: LibraryAnnotation) => {
    setSelectedId(a.id);
    const p = a.positions?.[0];
    if (!viewer || !p) return;
    viewer.scrollPageIntoView({ pageNumber: p.page, destArray: [null, { name: 'XYZ' }, p.top_left.x - 24, p.top_left.y + 48, null] });
  }, [viewer]);

  const zoomStep = (direction: 1 | -1) => {
    if (!viewer) return;
    if (direction > 0) viewer.increaseScale();
    else viewer.decreaseScale();
  };

  const exportMarkdown = () => {
    if (!doc) return;
    const authors = (doc.authors ?? []).map((p) => [p.last_name, p.first_name].filter(Boolean).join(', ')).join('; ');
    const text = annotationsMarkdown({ title: doc.title, authors, fileName: file?.fileName, quoteOf, imageOf, authorName: (a) => (a.profile_id && a.profile_id !== myProfileId ? authorLabel(a, myProfileId, authorNames) : undefined) }, api.annotations);
    saveText(text, `${doc.title.replace(/[\\/:*?"<>|]+/g, ' ').slice(0, 80).trim() || 'annotations'} - annotations.md`, 'text/markdown;charset=utf-8');
  };

  const exportPdf = async () => {
    if (!file || exportingPdf) return;
    setExportingPdf(true);
    try {
      await api.saver.flush(); // text typed a moment ago goes into the copy too
      const summary = await reader.exportAnnotatedPdf(documentId, file);
      if (summary) setHint(summary);
    } catch (error) {
      setHint(`The PDF could not be exported: ${(error as Error).message}`);
    } finally {
      setExportingPdf(false);
    }
  };

  useEffect(() => {
    if (!active) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      const mod = e.ctrlKey || e.metaKey;
      const typing = isTyping(e.target);
      if (mod && e.key.toLowerCase() === 'f') { e.preventDefault(); setFindOpen(true); return; }
      if (mod && (e.key === '+' || e.key === '=')) { e.preventDefault(); zoomStep(1); return; }
      if (mod && e.key === '-') { e.preventDefault(); zoomStep(-1); return; }
      if (mod && e.key === '0') { e.preventDefault(); if (viewer) viewer.currentScaleValue = 'page-width'; return; }
      // Escape closes the annotation being edited even while its text box has the focus
      // (what is typed is saved first); elsewhere, typing keeps its keys.
      if (e.key === 'Escape' && inAnnotationEditor(e.target)) {
        void api.saver.flush();
        (e.target as HTMLElement).blur();
        setPlacingSticky(false);
        setDrawingArea(false);
        setSelectedId(null);
        return;
      }
      if (typing || mod || e.altKey) return;
      if (e.key === 'h' || e.key === 'H') { e.preventDefault(); void highlightSelection(); }
      if (e.key === 'u' || e.key === 'U') { e.preventDefault(); void highlightSelection('underline'); }
      if (e.key === 'n' || e.key === 'N') { e.preventDefault(); setPlacingSticky((v) => !v); }
      if (e.key === 'a' || e.key === 'A') { e.preventDefault(); setDrawingArea((v) => !v); }
      if (e.key === 'Escape') { setPlacingSticky(false); setDrawingArea(false); setAreaDrag(null); setSelectedId(null); }
      if ((e.key === 'Delete' || e.key === 'Backspace') && selectedId) { e.preventDefault(); void api.remove(selectedId); setSelectedId(null); }
    };
    const onUndo = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'z' && !e.shiftKey && !isTyping(e.target) && api.lastChange) {
        e.preventDefault();
        void api.undo();
      }
    };
    // Capture: the reader's keys win over the library window's (Ctrl+F finds in the PDF here).
    window.addEventListener('keydown', onKey, true);
    window.addEventListener('keydown', onUndo, true);
    return () => { window.removeEventListener('keydown', onKey, true); window.removeEventListener('keydown', onUndo, true); };
  });

  const onViewerClick = async (e: React.MouseEvent) => {
    if (!viewer || !file) return;
    const hit = clientPointToPdf(viewer, e.clientX, e.clientY);
    if (placingSticky) {
      setPlacingSticky(false);
      if (!hit) return;
      const created = await api.create({ document_id: documentId, type: 'sticky_note', filehash: file.filehash, positions: [{ top_left: hit.point, bottom_right: hit.point, page: hit.page }], text: '', privacy_level: DEFAULT_PRIVACY_LEVEL });
      if (created) setSelectedId(created.id);
      return;
    }
    if (!window.getSelection()?.isCollapsed || !hit) return;
    const under = drawn.find((a) => a.type === 'highlight' && a.positions?.some((p) => p.page === hit.page
      && hit.point.x >= p.top_left.x && hit.point.x <= p.bottom_right.x && hit.point.y <= p.top_left.y && hit.point.y >= p.bottom_right.y));
    if (under) setSelectedId(under.id);
  };

  const error = openError ?? state.error;
  return (
    <div className="reader" data-document-id={documentId} aria-label={`Reader: ${doc?.title ?? ''}`}>
      <ReaderToolbar
        state={state} sidebar={sidebar} placingSticky={placingSticky} drawingArea={drawingArea} canUndo={api.lastChange ? undoLabel(api.lastChange) : null}
        onSidebar={setSidebar} onPage={(n) => { if (viewer) viewer.currentPageNumber = n; }}
        onZoom={(v) => { if (viewer) viewer.currentScaleValue = v; }} onZoomStep={zoomStep}
        onRotate={() => { if (viewer) viewer.pagesRotation = (viewer.pagesRotation + 90) % 360; }}
        onFind={() => setFindOpen(true)} onHighlight={() => void highlightSelection()} onUnderline={() => void highlightSelection('underline')} onArea={() => setDrawingArea((v) => !v)} onSticky={() => setPlacingSticky((v) => !v)}
        onUndo={() => void api.undo()} onExport={exportMarkdown} onExportPdf={() => void exportPdf()} exportingPdf={exportingPdf}
      />
      {findOpen && state.eventBus ? <FindBar eventBus={state.eventBus} find={state.find} onClose={() => setFindOpen(false)} /> : null}
      {api.error ? <div className="error-banner" role="alert"><span>{api.error}</span><button type="button" className="link-button" onClick={api.clearError}>Dismiss</button></div> : null}
      {hint ? <div className="rs-hint" role="status"><span>{hint}</span><button type="button" className="link-button" onClick={() => setHint(null)}>OK</button></div> : null}
      {placingSticky ? <div className="rs-hint" role="status">Click on a page to place the sticky note (Esc cancels).</div> : null}
      {drawingArea ? <div className="rs-hint" role="status">Drag a rectangle over a figure to mark it (Esc cancels).</div> : null}
      {areaDrag ? (
        <div className="rs-area-draft" style={{
          left: Math.min(areaDrag.from.x, areaDrag.to.x), top: Math.min(areaDrag.from.y, areaDrag.to.y),
          width: Math.abs(areaDrag.to.x - areaDrag.from.x), height: Math.abs(areaDrag.to.y - areaDrag.from.y),
        }} />
      ) : null}
      <div className="reader-body">
        {sidebar && state.pdf && state.linkService ? (
          <ReaderSidebar mode={sidebar} pdf={state.pdf} pageNumber={state.pageNumber} outline={state.outline} linkService={state.linkService}
            onGo={(n) => { if (viewer) viewer.currentPageNumber = n; }} />
        ) : null}
        <div className="reader-main">
          {error ? (
            <div className="rs-error" role="alert"><h2>This PDF cannot be shown</h2><p>{error}</p></div>
          ) : null}
          <div ref={containerRef} className={`rs-viewer-container ${placingSticky ? 'placing' : ''} ${drawingArea ? 'drawing-area' : ''}`} data-testid="pdf-viewer" onClick={(e) => void onViewerClick(e)}
            onPointerDown={(e) => {
              if (!drawingArea || e.button !== 0) return;
              e.preventDefault(); // no text selection while dragging
              e.currentTarget.setPointerCapture(e.pointerId);
              setAreaDrag({ from: { x: e.clientX, y: e.clientY }, to: { x: e.clientX, y: e.clientY } });
            }}
            onPointerMove={(e) => { if (areaDrag) setAreaDrag({ ...areaDrag, to: { x: e.clientX, y: e.clientY } }); }}
            onPointerUp={(e) => { if (areaDrag) void finishArea(areaDrag.from, { x: e.clientX, y: e.clientY }); }} tabIndex={0} aria-label="PDF pages">
            <div className="pdfViewer" />
          </div>
          {!file && !error ? <div className="rs-loading" role="status">Opening the PDF…</div> : null}
        </div>
        {viewer ? <AnnotationLayers viewer={viewer} annotations={drawn} layoutVersion={state.layoutVersion} selectedId={selectedId} onSelect={setSelectedId} /> : null}
        <AnnotationPanel api={api} documentId={documentId} selectedId={selectedId} myProfileId={myProfileId} authorNames={authorNames} quoteOf={quoteOf} textVersion={panelTextVersion} imageOf={imageOf} layoutVersion={panelLayoutVersion} onSelect={goTo} />
      </div>
    </div>
  );
}
