// The annotations drawn on the pages: a layer in each page's box (pdf.js rebuilds the box's
// contents when it re-renders, so the layer is put back after every render), highlights as
// translucent rectangles, underlines as a line under the text, areas outlined, sticky notes as pins, placed from PDF units by the page's
// current viewport, so they stay on their text at every zoom and rotation.
import { memo, useMemo } from 'react';
import { createPortal } from 'react-dom';
import type { PDFViewer } from 'pdfjs-dist/web/pdf_viewer.mjs';
import type { LibraryAnnotation } from '../../../shared/bridge/contract.ts';
import { pageBox } from './pageGeometry.ts';
import { cssColor, highlightFill } from './palette.ts';
import { pdfPointToScreen, positionToScreenRect } from './pdfCoordinates.ts';

const LAYER_CLASS = 'rs-annotation-layer';

function layerOf(div: HTMLElement): HTMLElement {
  let layer = div.querySelector<HTMLElement>(`:scope > .${LAYER_CLASS}`);
  if (!layer) {
    layer = document.createElement('div');
    layer.className = LAYER_CLASS;
    div.append(layer);
  }
  return layer;
}

interface Props {
  viewer: PDFViewer;
  annotations: LibraryAnnotation[];
  layoutVersion: number;
  selectedId: string | null;
  onSelect(id: string): void;
}

export const AnnotationLayers = memo(function AnnotationLayers({ viewer, annotations, layoutVersion, selectedId, onSelect }: Props) {
  const byPage = useMemo(() => {
    const pages = new Map<number, { annotation: LibraryAnnotation; index: number }[]>();
    for (const annotation of annotations) {
      (annotation.positions ?? []).forEach((position, index) => {
        if (!pages.has(position.page)) pages.set(position.page, []);
        pages.get(position.page)!.push({ annotation, index });
      });
    }
    return pages;
  }, [annotations]);

  // Recomputed on every layout change: the page boxes and their viewports are new then.
  // Only pages pdf.js has started to render get a layer: a long document stays cheap.
  const layers = useMemo(() => {
    void layoutVersion;
    return [...byPage.keys()].flatMap((page) => {
      const view = viewer.getPageView(page - 1) as { renderingState?: number } | undefined;
      if (!view || !view.renderingState) return []; // RenderingStates.INITIAL is 0
      const box = pageBox(viewer, page);
      return box ? [{ page, box, layer: layerOf(box.div) }] : [];
    });
  }, [viewer, byPage, layoutVersion]);

  return (
    <>
      {layers.map(({ page, box, layer }) => createPortal(
        byPage.get(page)!.map(({ annotation, index }) => {
          const position = annotation.positions![index]!;
          const selected = annotation.id === selectedId;
          if (annotation.type === 'sticky_note') {
            const at = pdfPointToScreen(position.top_left, box.viewport);
            return (
              <button
                key={`${annotation.id}-${index}`}
                type="button"
                className={`rs-sticky ${selected ? 'selected' : ''}`}
                style={{ left: at.x, top: at.y }}
                data-annotation-id={annotation.id}
                aria-label={`Sticky note: ${annotation.text || 'empty'}`}
                title={annotation.text || 'Sticky note'}
                onClick={(e) => { e.stopPropagation(); onSelect(annotation.id); }}
              >
                <svg viewBox="0 0 16 16" width="18" height="18" aria-hidden="true"><path d="M2.5 2.5h11v8l-3 3h-8Z" /><path d="M10.5 13.5v-3h3" /></svg>
              </button>
            );
          }
          const rect = positionToScreenRect(position, box.viewport);
          const underline = annotation.style === 'underline';
          const area = annotation.style === 'area';
          return (
            <div
              key={`${annotation.id}-${index}`}
              className={`${underline ? 'rs-underline' : area ? 'rs-area' : 'rs-highlight'} ${selected ? 'selected' : ''}`}
              data-annotation-id={annotation.id}
              data-position-index={index}
              style={{
                left: rect.left, top: rect.top, width: rect.width, height: rect.height,
                // An underline is a line under the text (the bottom of its box as shown), in its full colour.
                ...(underline ? { borderBottomColor: cssColor(annotation.color) } : area ? { borderColor: cssColor(annotation.color) } : { background: highlightFill(annotation.color) }),
              }}
            />
          );
        }),
        layer,
        `page-${page}`,
      ))}
    </>
  );
});
