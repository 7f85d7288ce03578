// "Retrieve metadata": the PDF read again and the catalog asked for the selected documents,
// and what that would change shown field by field (current, new) with a box per change;
// Apply writes only the ticked changes.
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useState } from 'react';
import type { MetadataPreview } from '../../shared/bridge/retrieveCommands.ts';
import { fieldLabel, valueLabel } from '../views/duplicates/mergeChoices.ts';
import type { MergeChoosableField } from '../../shared/bridge/duplicatesCommands.ts';
import { useRetrieve, useRetrieveCommands } from './retrieveStore.ts';
import './retrieve.css';

const key = (documentId: string, field: string) => `${documentId}\u0000${field}`;

export function RetrieveMetadataDialog() {
  const retrieve = useRetrieveCommands();
  const documentIds = useRetrieve((s) => s.documentIds);
  const close = useRetrieve((s) => s.close);
  const [previews, setPreviews] = useState<MetadataPreview[] | null>(null);
  const [unticked, setUnticked] = useState<Set<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!documentIds) return;
    let current = true;
    setPreviews(null);
    setUnticked(new Set());
    setError(null);
    setOutcome(null);
    retrieve.preview({ documentIds }).then(
      (answer) => current && setPreviews(answer),
      (failure: unknown) => current && setError((failure as Error).message),
    );
    return () => {
      current = false;
    };
  }, [retrieve, documentIds]);

  const ticked = (previews ?? []).map((p) => ({
    documentId: p.documentId,
    fields: Object.fromEntries(p.changes.filter((c) => !unticked.has(key(p.documentId, c.field))).map((c) => [c.field, c.new])),
  })).filter((c) => Object.keys(c.fields).length);

  const apply = async () => {
    setBusy(true);
    try {
      const { updated } = await retrieve.apply({ changes: ticked });
      setOutcome(`Updated ${updated.length} document${updated.length === 1 ? '' : 's'}.`);
      setPreviews([]);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root open={documentIds !== null} onOpenChange={(next) => !next && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog retrieve-dialog" aria-describedby={undefined}>
          <Dialog.Title className="dialog-title">Retrieve metadata</Dialog.Title>
          {!previews && !error ? <p className="muted" role="status">Reading the PDFs and asking the catalog…</p> : null}
          {error ? <p className="outcome error" role="alert">{error}</p> : null}
          {outcome ? <p className="outcome" role="status">{outcome}</p> : null}
          <div className="retrieve-previews">
            {previews?.map((preview) => (
              <section key={preview.documentId} className="retrieve-preview" aria-label={preview.title}>
                <h3 className="retrieve-title">{preview.title}</h3>
                {preview.message ? <p className="muted">{preview.message}</p> : null}
                {preview.status === 'unchanged' ? <p className="muted">Nothing new was found.</p> : null}
                {preview.changes.length ? (
                  <table className="retrieve-changes">
                    <thead><tr><th scope="col">Apply</th><th scope="col">Field</th><th scope="col">Current</th><th scope="col">New</th></tr></thead>
                    <tbody>
                      {preview.changes.map((change) => {
                        const k = key(preview.documentId, change.field);
                        const label = fieldLabel(change.field as MergeChoosableField);
                        return (
                          <tr key={change.field}>
                            <td>
                              <input type="checkbox" aria-label={`Apply the new ${label.toLowerCase()}`} checked={!unticked.has(k)} onChange={(e) => setUnticked((prev) => {
                                const next = new Set(prev);
                                if (e.target.checked) next.delete(k);
                                else next.add(k);
                                return next;
                              })} />
                            </td>
                            <td>{label}</td>
                            <td>{valueLabel(change.old)}</td>
                            <td>{valueLabel(change.new)}</td>
                          </tr>
                        );
                      })}
                    </tbody>
                  </table>
                ) : null}
              </section>
            ))}
          </div>
          <div className="dialog-actions">
            <button type="button" className="button" onClick={close}>{outcome ? 'Close' : 'Cancel'}</button>
            {!outcome ? (
              <button type="button" className="button primary" disabled={busy || !ticked.length} onClick={() => void apply()}>
                {busy ? 'Applying…' : 'Apply'}
              </button>
            ) : null}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
