// Files dropped anywhere on the library window are imported. Only drags that carry files
// count: dragging documents onto folders inside the window is not an import.
import { useEffect, useRef, useState } from 'react';
import { useImportActions } from './useImportActions.ts';

const carriesFiles = (e: DragEvent) => !!e.dataTransfer && [...e.dataTransfer.types].includes('Files');

export function DropZone() {
  const { importDropped, desktop } = useImportActions();
  const [over, setOver] = useState(false);
  const latest = useRef(importDropped);
  latest.current = importDropped;

  useEffect(() => {
    let depth = 0;
    const enter = (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      e.preventDefault();
      depth++;
      setOver(true);
    };
    const overHandler = (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      e.preventDefault();
      e.dataTransfer!.dropEffect = 'copy';
    };
    const leave = (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setOver(false);
    };
    const drop = (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      e.preventDefault();
      depth = 0;
      setOver(false);
      latest.current([...(e.dataTransfer?.files ?? [])]);
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragover', overHandler);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragover', overHandler);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', drop);
    };
  }, []);

  if (!over) return null;
  return (
    <div className="drop-zone" aria-hidden="true" data-testid="drop-zone">
      <div className="drop-zone-card">
        <strong>Drop to import</strong>
        <span>PDFs{desktop ? ', folders' : ''}, BibTeX (.bib) or RIS (.ris) files</span>
      </div>
    </div>
  );
}
