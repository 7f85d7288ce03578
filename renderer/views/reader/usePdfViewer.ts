// One pdf.js PDFViewer (with its EventBus, link service and find controller) in a
// container, its document loaded from a URL, and the state the toolbar shows.
import { useEffect, useRef, useState } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import type { PDFViewer, EventBus, PDFLinkService } from 'pdfjs-dist/web/pdf_viewer.mjs';
import { loadPdfJs } from './pdfJs.ts';
import { readPosition, writePosition, type ReaderPosition } from './readerPositions.ts';
import { paceRendering } from './scrollPacedRendering.ts';
import { PageCanvasPool, poolPageCanvases, reclaimFarthestCanvas, type PageCanvasView, type ReclaimableView } from './pageCanvasPool.ts';
import { keepSpareCanvases, warmingStage } from './spareCanvases.ts';

export interface OutlineItem {
  title: string;
  dest: unknown;
  items: OutlineItem[];
}

export interface ViewerState {
  pdf: PDFDocumentProxy | null;
  viewer: PDFViewer | null;
  eventBus: EventBus | null;
  linkService: PDFLinkService | null;
  pageNumber: number;
  pagesCount: number;
  scale: number;
  scaleValue: string;
  rotation: number;
  outline: OutlineItem[];
  /** Bumped whenever page boxes move or resize: overlays recompute their positions. */
  layoutVersion: number;
  /** Bumped when a page's text layer is in place (text under highlights can be read then). */
  textVersion: number;
  error: string | null;
  find: { current: number; total: number; state: 'idle' | 'found' | 'not-found' | 'pending' };
}

const INITIAL: ViewerState = {
  pdf: null, viewer: null, eventBus: null, linkService: null, pageNumber: 1, pagesCount: 0, scale: 1, scaleValue: 'page-width', rotation: 0,
  outline: [], layoutVersion: 0, textVersion: 0, error: null, find: { current: 0, total: 0, state: 'idle' },
};

// pdf.js FindState: FOUND 0, NOT_FOUND 1, WRAPPED 2, PENDING 3.
const FIND_STATES = ['found', 'not-found', 'found', 'pending'] as const;

/**
 * The context pdf.js draws pages with (getDocument's enableHWA: true): as pdf.js's own viewer
 * does, a canvas the GPU may back (not willReadFrequently, which keeps a canvas in software
 * and makes painting a page cost tens of ms).
 */
const PAGE_CONTEXT = { alpha: false, willReadFrequently: false } as const;
/**
 * Page canvases kept off screen between pages, shared by every reader tab: enough for the
 * pages a reading pace brings in before pdf.js lets go of old ones (it keeps ten painted).
 */
const pageCanvases = new PageCanvasPool(4, PAGE_CONTEXT);
/**
 * Pages kept painted before a far one's canvas is taken back for the next page: those in view
 * and next to them, and a few behind. pdf.js alone keeps ten, each on a canvas of its own.
 */
const KEEP_PAINTED = 6;

/** How long scrolling must pause before the place is written (it is written on close too). */
const POSITION_SAVE_MS = 300;

/**
 * `fileHash` names the PDF whose page, zoom and scroll are kept on this device
 * (readerPositions.ts): the viewer opens where that file was left.
 */
export function usePdfViewer(url: string | null, containerRef: React.RefObject<HTMLDivElement | null>, fileHash?: string): ViewerState {
  const [state, setState] = useState<ViewerState>(INITIAL);
  const layout = useRef(0);
  const stateRef = useRef(state);
  stateRef.current = state;

  useEffect(() => {
    const container = containerRef.current;
    if (!url || !container) return;
    let cancelled = false;
    let destroy: (() => void) | undefined;
    // Kept by the resize observer, so the scroll pacing reads the height without a layout.
    let screenHeight = container.clientHeight;
    // The place is written only once the saved one is restored, so opening never overwrites it.
    let place: ReaderPosition | undefined;
    let placeTimer: ReturnType<typeof setTimeout> | undefined;
    const savePlace = () => {
      clearTimeout(placeTimer);
      if (place && fileHash) writePosition(localStorage, fileHash, place);
    };
    const bump = () => {
      layout.current += 1;
      if (!cancelled) setState((s) => ({ ...s, layoutVersion: layout.current }));
    };

    void (async () => {
      try {
        const { pdfjs, viewer: components, assetOptions } = await loadPdfJs();
        if (cancelled) return;
        const eventBus = new components.EventBus();
        const linkService = new components.PDFLinkService({ eventBus });
        const findController = new components.PDFFindController({ eventBus, linkService });
        const viewer = new components.PDFViewer({
          container, viewer: container.firstElementChild as HTMLDivElement, eventBus, linkService, findController,
          textLayerMode: 1, annotationMode: pdfjs.AnnotationMode.ENABLE, removePageBorders: false,
        });
        linkService.setViewer(viewer);
        const unpace = viewer.renderingQueue ? paceRendering(viewer.renderingQueue, container, () => screenHeight) : undefined;
        const releaseCanvases = pageCanvases.use();
        const warming = warmingStage(document);
        const spares = keepSpareCanvases(pageCanvases, container, document, warming.stage);
        const pageViews = () => Array.from({ length: viewer.pagesCount }, (_, i) => viewer.getPageView(i) as unknown as PageCanvasView | undefined);
        const task = pdfjs.getDocument({ ...assetOptions, url, enableHWA: true });
        destroy = () => {
          unpace?.();
          spares.stop();
          warming.remove();
          void task.destroy();
          viewer.cleanup();
          // The painted pages' canvases serve the next document opened.
          for (const view of pageViews()) if (view?.canvas) view._resetCanvas();
          releaseCanvases();
        };
        const pdf = await task.promise;
        if (cancelled) return;
        let restored = false;
        eventBus.on('pagesinit', () => {
          // pdf.js's own list of the pages in view (its rendering queue asks it the same).
          const reclaim = (nearId: number) => {
            const visible = (viewer as unknown as { _getVisiblePages(): { ids: Set<number> } })._getVisiblePages();
            reclaimFarthestCanvas(pageViews() as unknown as (ReclaimableView | undefined)[], visible.ids, nearId, KEEP_PAINTED);
          };
          for (const view of pageViews()) if (view) poolPageCanvases(view, pageCanvases, document, () => window.devicePixelRatio || 1, reclaim);
          const saved = fileHash ? readPosition(localStorage, fileHash) : undefined;
          viewer.currentScaleValue = 'page-width';
          if (saved) {
            viewer.pagesRotation = saved.rotation;
            linkService.setHash(saved.hash);
          }
          restored = true;
          bump();
        });
        eventBus.on('updateviewarea', (e: { location?: { pdfOpenParams: string; rotation: number } }) => {
          if (!restored || !e.location) return;
          place = { hash: e.location.pdfOpenParams.replace(/^#/, ''), rotation: e.location.rotation };
          clearTimeout(placeTimer);
          placeTimer = setTimeout(savePlace, POSITION_SAVE_MS);
        });
        eventBus.on('pagechanging', (e: { pageNumber: number }) => setState((s) => ({ ...s, pageNumber: e.pageNumber })));
        eventBus.on('scalechanging', (e: { scale: number; presetValue?: string }) => {
          setState((s) => ({ ...s, scale: e.scale, scaleValue: e.presetValue ?? String(e.scale) }));
          bump();
        });
        eventBus.on('rotationchanging', (e: { pagesRotation: number }) => {
          setState((s) => ({ ...s, rotation: e.pagesRotation }));
          bump();
        });
        eventBus.on('pagerendered', (e: { pageNumber: number }) => {
          const canvas = (viewer.getPageView(e.pageNumber - 1) as unknown as PageCanvasView | undefined)?.canvas;
          if (canvas) spares.painted(canvas.width, canvas.height);
          bump();
        });
        eventBus.on('textlayerrendered', () => setState((s) => ({ ...s, textVersion: s.textVersion + 1 })));
        eventBus.on('updatefindmatchescount', (e: { matchesCount: { current: number; total: number } }) =>
          setState((s) => ({ ...s, find: { ...s.find, current: e.matchesCount.current, total: e.matchesCount.total } })));
        eventBus.on('updatefindcontrolstate', (e: { state: number; matchesCount: { current: number; total: number } }) =>
          setState((s) => ({ ...s, find: { state: FIND_STATES[e.state] ?? 'idle', current: e.matchesCount.current, total: e.matchesCount.total } })));
        viewer.setDocument(pdf);
        linkService.setDocument(pdf, null);
        setState((s) => ({ ...s, pdf, viewer, eventBus, linkService, pagesCount: pdf.numPages }));
        const outline = (await pdf.getOutline().catch(() => null)) as OutlineItem[] | null;
        if (!cancelled) setState((s) => ({ ...s, outline: outline ?? [] }));
      } catch (error) {
        if (!cancelled) setState((s) => ({ ...s, error: (error as Error).message || 'The PDF could not be opened' }));
      }
    })();

    const resize = new ResizeObserver((entries) => {
      screenHeight = entries[entries.length - 1]?.contentRect.height ?? screenHeight;
      const viewer = stateRef.current.viewer;
      if (viewer && ['page-width', 'page-fit', 'auto'].includes(stateRef.current.scaleValue)) viewer.currentScaleValue = stateRef.current.scaleValue;
    });
    resize.observe(container);
    return () => {
      cancelled = true;
      savePlace();
      resize.disconnect();
      destroy?.();
      setState(INITIAL);
    };
  }, [url, containerRef, fileHash]);

  return state;
}
