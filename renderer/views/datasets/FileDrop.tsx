// The draft's files: a button that opens the file picker, which becomes a drop zone while
// files are dragged over the window, the files on their way with a progress bar each, and
// the files of the draft with a remove button.
import { useRef, useState, type DragEvent } from 'react';
import { useFilesDraggedOverWindow } from './useFilesDraggedOverWindow.ts';
import type { DatasetFile } from '../../../shared/schemas/dataset.ts';
import type { UploadProgress } from './datasetsStore.ts';

interface Props {
  files: DatasetFile[];
  uploads: UploadProgress[];
  onFiles(files: File[]): void;
  onRemove(contentId: string): void;
}

function size(bytes: number | undefined): string {
  if (bytes === undefined) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 2 ** 20) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 2 ** 20).toFixed(1)} MB`;
}

export function FileDrop({ files, uploads, onFiles, onRemove }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const dragging = useFilesDraggedOverWindow();
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const dropped = [...(e.dataTransfer?.files ?? [])];
    if (dropped.length) onFiles(dropped);
  };
  const active = uploads.filter((u) => u.phase !== 'attached');
  return (
    <div className="dataset-files">
      {/* Its own class names: .drop-zone is the library's whole-window import overlay. */}
      <div
        className={`dataset-drop${dragging ? ' dragging' : ''}${over ? ' over' : ''}`}
        data-testid="dataset-drop-zone"
        onDragOver={(e) => { e.preventDefault(); setOver(true); }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
      >
        {dragging ? (
          <strong>Drop the files here to add them to the draft</strong>
        ) : (
          <>
            <button type="button" className="button" onClick={() => input.current?.click()}>Add files…</button>
            <span className="hint">or drag them here</span>
          </>
        )}
      </div>
      <input
        ref={input} type="file" multiple className="sr-only" aria-label="Choose files to upload" tabIndex={-1}
        onChange={(e) => { onFiles([...(e.target.files ?? [])]); e.target.value = ''; }}
      />
      {active.length ? (
        <ul className="upload-list" aria-label="Uploads">
          {active.map((u) => (
            <li key={u.fileName}>
              <span className="upload-name">{u.fileName}</span>
              {u.phase === 'failed' ? (
                <span className="field-error" role="alert">{u.error}</span>
              ) : (
                <>
                  <progress max={u.size || 1} value={u.phase === 'sending' ? u.size || 1 : u.received} aria-label={`Uploading ${u.fileName}`} />
                  <span className="upload-phase">{u.phase === 'sending' ? 'Sending to the service…' : `${size(u.received)} of ${size(u.size)}`}</span>
                </>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {files.length ? (
        <ul className="file-list" aria-label="Files">
          {files.map((f) => (
            <li key={f.content_details.id}>
              <span className="file-name">{f.filename}</span>
              <span className="file-size">{size(f.content_details.size)}</span>
              <button type="button" className="link-button" aria-label={`Remove ${f.filename}`} onClick={() => onRemove(f.content_details.id)}>Remove</button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="hint">No files yet. A dataset needs at least one file to be published.</p>
      )}
    </div>
  );
}
