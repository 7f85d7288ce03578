// The left pane: page thumbnails (rendered when scrolled into view) or the PDF's outline.
import { useEffect, useRef, useState } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import type { PDFLinkService } from 'pdfjs-dist/web/pdf_viewer.mjs';
import type { OutlineItem } from './usePdfViewer.ts';

const THUMB_WIDTH = 112;

function Thumbnail({ pdf, page, current, onGo }: { pdf: PDFDocumentProxy; page: number; current: boolean; onGo(page: number): void }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const observer = new IntersectionObserver(([entry]) => { if (entry?.isIntersecting) setVisible(true); }, { rootMargin: '200px' });
    observer.observe(canvas);
    return () => observer.disconnect();
  }, []);
  useEffect(() => {
    if (!visible) return;
    let task: { cancel(): void } | undefined;
    let cancelled = false;
    void pdf.getPage(page).then((p) => {
      if (cancelled || !canvasRef.current) return;
      const base = p.getViewport({ scale: 1 });
      const viewport = p.getViewport({ scale: (THUMB_WIDTH / base.width) * (window.devicePixelRatio || 1) });
      const canvas = canvasRef.current;
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      const render = p.render({ canvas, viewport });
      task = render;
      render.promise.catch(() => undefined);
    });
    return () => { cancelled = true; task?.cancel(); };
  }, [visible, pdf, page]);
  return (
    <li>
      <button type="button" className={`rs-thumb ${current ? 'current' : ''}`} aria-label={`Page ${page}`} aria-current={current ? 'page' : undefined} onClick={() => onGo(page)}>
        <canvas ref={canvasRef} style={{ width: THUMB_WIDTH, aspectRatio: '0.77' }} />
        <span>{page}</span>
      </button>
    </li>
  );
}

function Outline({ items, linkService }: { items: OutlineItem[]; linkService: PDFLinkService }) {
  return (
    <ul className="rs-outline" role="group">
      {items.map((item, i) => (
        <li key={i} role="treeitem" aria-selected={false}>
          <button type="button" className="link-button" onClick={() => void linkService.goToDestination(item.dest as string)}>{item.title}</button>
          {item.items.length ? <Outline items={item.items} linkService={linkService} /> : null}
        </li>
      ))}
    </ul>
  );
}

export function ReaderSidebar({ mode, pdf, pageNumber, outline, linkService, onGo }: {
  mode: 'thumbnails' | 'outline';
  pdf: PDFDocumentProxy;
  pageNumber: number;
  outline: OutlineItem[];
  linkService: PDFLinkService;
  onGo(page: number): void;
}) {
  if (mode === 'outline') {
    return (
      <nav className="rs-sidebar" aria-label="Outline">
        {outline.length ? <div role="tree"><Outline items={outline} linkService={linkService} /></div> : <p className="empty-hint">This PDF has no outline.</p>}
      </nav>
    );
  }
  return (
    <nav className="rs-sidebar" aria-label="Pages">
      <ol className="rs-thumbs">
        {Array.from({ length: pdf.numPages }, (_, i) => <Thumbnail key={i} pdf={pdf} page={i + 1} current={pageNumber === i + 1} onGo={onGo} />)}
      </ol>
    </nav>
  );
}
