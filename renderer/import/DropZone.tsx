// Files dropped anywhere on the library window are imported. Only drags that carry files
// count: dragging documents onto folders inside the window is not an import.
import { useEffect, useRef, useState } from 'react';
import { entriesOf, filesOfEntries } from './droppedFiles.ts';
import { useImportActions } from './useImportActions.ts';

const carriesFiles = (e: DragEvent) => !!e.dataTransfer && [...e.dataTransfer.types].includes('Files');

export function DropZone() {
  const { importDropped, desktop } = useImportActions();
  const [over, setOver] = useState(false);
  const latest = useRef(importDropped);
  latest.current = importDropped;
  const desktopRef = useRef(desktop);
  desktopRef.current = desktop;

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
      const files = [...(e.dataTransfer?.files ?? [])];
      // Browser mode: folders are walked here (the desktop hands their paths to the core).
      const entries = e.dataTransfer && !desktopRef.current ? entriesOf(e.dataTransfer) : [];
      if (entries.some((entry) => entry.isDirectory)) void filesOfEntries(entries).then((found) => latest.current(found), () => latest.current(files));
      else latest.current(files);
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
        <span>PDFs, folders of them, BibTeX (.bib) or RIS (.ris) files</span>
      </div>
    </div>
  );
}
