// The import panel: one row per file with what became of it (imported, already in the
// library, held as a likely duplicate, kept with a warning, refused) and why, and the broken
// lines of .bib/.ris files.
import { useStores } from '../state/context.tsx';
import { useImport } from './importContext.tsx';
import { isFinished } from './importStore.ts';

const STATUS_LABELS = { waiting: 'Waiting', reading: 'Reading…', importing: 'Importing…', imported: 'Imported', duplicate: 'Already in library', held: 'Likely duplicate', warning: 'Imported with a warning', failed: 'Not imported' } as const;

export function ImportPanel() {
  const { library } = useStores();
  const rows = useImport((s) => s.rows);
  const open = useImport((s) => s.panelOpen);
  const busy = useImport((s) => s.busy);
  const phase = useImport((s) => s.phase);
  const pending = useImport((s) => s.pendingLookups);
  const read = useImport((s) => s.read);
  const setOpen = useImport((s) => s.setPanelOpen);
  const clearFinished = useImport((s) => s.clearFinished);
  if (!open || rows.length === 0) return null;
  const done = rows.filter(isFinished).length;
  const failed = rows.filter((r) => r.status === 'failed').length;
  const held = rows.filter((r) => r.status === 'held').length;
  const heading = busy
    ? phase === 'reading' ? `Reading files… ${read} of ${rows.length}` : `${phase === 'lookup' ? 'Looking up details' : 'Importing'}… ${done} of ${rows.length}`
    : `Import finished: ${done - failed - held} of ${rows.length} in your library${held ? `, ${held} held as likely duplicates` : ''}${failed ? `, ${failed} not imported` : ''}`;

  return (
    <section className="import-panel" aria-label="Import" data-testid="import-panel">
      <header className="import-panel-head">
        <strong role="status">{heading}</strong>
        <span className="spacer" />
        {!busy ? <button type="button" className="button small" onClick={clearFinished}>Clear</button> : null}
        <button type="button" className="button small" aria-label="Close the import panel" onClick={() => setOpen(false)}>✕</button>
      </header>
      {busy ? <progress className="import-progress" aria-label="Import progress" max={rows.length} value={phase === 'reading' ? read : done} /> : null}
      <ul className="import-rows">
        {rows.map((row) => (
          <li key={row.key} className={`import-row status-${row.status}`} data-status={row.status}>
            <span className="import-file" title={row.file}>{row.file}</span>
            <span className="import-status">{STATUS_LABELS[row.status]}</span>
            {row.documentId && row.status !== 'failed' ? (
              <button type="button" className="link-button" onClick={() => library.getState().selectIds([row.documentId!])}>Show</button>
            ) : <span />}
            {row.message ? <span className="import-message">{row.message}</span> : null}
            {row.problems?.length ? (
              <ul className="import-problems">
                {row.problems.slice(0, 20).map((p, i) => <li key={i}>Line {p.line}: {p.message}</li>)}
                {row.problems.length > 20 ? <li>…and {row.problems.length - 20} more</li> : null}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
      {!busy && pending > 0 ? <p className="hint import-pending">{pending} waiting for the catalog lookup; they are filled in when the service can be reached.</p> : null}
    </section>
  );
}
