// Edits that clashed with someone else's on the same field: both values side by side, and
// the person decides which one stays.
import * as Dialog from '@radix-ui/react-dialog';
import { useCallback, useEffect, useState } from 'react';
import type { HeldChange, HeldChoice, SyncConflict } from '../../../shared/bridge/contract.ts';
import type { DocumentFieldName } from '../../../shared/schemas/document.ts';
import { fieldLabel } from '../../lib/fieldLayout.ts';
import { personName } from '../../lib/format.ts';
import { useApp, useStores } from '../../state/context.tsx';

function show(value: unknown): string {
  if (value === undefined || value === null) return '(empty)';
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'object' && v && 'last_name' in v ? personName(v as { last_name: string }) : String(v))).join('; ') || '(empty)';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export function ConflictsDialog() {
  const { app, library } = useStores();
  const open = useApp((s) => s.dialog === 'conflicts');
  const openDialog = useApp((s) => s.openDialog);
  const conflicts = useApp((s) => s.conflicts);
  const loadConflicts = useApp((s) => s.loadConflicts);
  const resolve = useApp((s) => s.resolveConflict);
  const [titles, setTitles] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | undefined>();
  const [held, setHeld] = useState<HeldChange[]>([]);
  const heldCount = useApp((s) => s.sync?.heldChanges ?? 0);

  const loadHeld = useCallback(async () => {
    const result = await app.getState().heldChanges();
    setHeld(result.ok ? result.value : []);
  }, [app]);
  useEffect(() => {
    if (open) void loadConflicts();
  }, [open, loadConflicts]);
  useEffect(() => {
    if (open) void loadHeld();
  }, [open, loadHeld, heldCount]);
  useEffect(() => {
    for (const h of held) {
      if (h.kind === 'document' && !titles[h.id]) {
        void library.getState().getDocument(h.id).then((r) => r.ok && setTitles((t) => ({ ...t, [h.id]: r.value.title })));
      }
    }
  }, [held, library, titles]);

  const decide = async (h: HeldChange, choice: HeldChoice) => {
    const result = await app.getState().resolveHeldChange(h.seq, choice);
    setFailure(result.ok ? undefined : result.error.message);
    await loadHeld();
  };
  useEffect(() => {
    for (const c of conflicts) {
      if (c.kind === 'document' && !titles[c.id]) {
        void library.getState().getDocument(c.id).then((r) => r.ok && setTitles((t) => ({ ...t, [c.id]: r.value.title })));
      }
    }
  }, [conflicts, library, titles]);

  const act = async (c: SyncConflict, keep: 'mine' | 'theirs') => setFailure(await resolve(c, keep));

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && openDialog(null)}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog dialog-wide" aria-describedby={undefined}>
          <Dialog.Title className="dialog-title">Conflicts</Dialog.Title>
          {conflicts.length === 0 ? <p className="dialog-body">{held.length ? 'No conflicts.' : 'No conflicts: every edit reached the service.'}</p> : (
            <table className="conflict-table">
              <thead><tr><th>Item</th><th>Field</th><th>Mine</th><th>Theirs</th><th><span className="sr-only">Choose</span></th></tr></thead>
              <tbody>
                {conflicts.map((c) => (
                  <tr key={`${c.kind}:${c.id}:${c.field}`}>
                    <td>{titles[c.id] ?? `${c.kind} ${c.id.slice(0, 8)}`}</td>
                    <td>{c.kind === 'document' ? fieldLabel(c.field as DocumentFieldName) ?? c.field : c.field}</td>
                    <td className="conflict-value">{show(c.local_value)}</td>
                    <td className="conflict-value">{show(c.remote_value)}</td>
                    <td className="conflict-actions">
                      <button type="button" className="button small" onClick={() => void act(c, 'mine')}>Keep mine</button>
                      <button type="button" className="button small" onClick={() => void act(c, 'theirs')}>Keep theirs</button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {held.length ? (
            <section aria-label="Changes the service refused">
              <h3 className="dialog-subtitle">Changes the service refused</h3>
              <table className="conflict-table">
                <thead><tr><th>Item</th><th>Why</th><th><span className="sr-only">Choose</span></th></tr></thead>
                <tbody>
                  {held.map((h) => (
                    <tr key={h.seq}>
                      <td>{titles[h.id] ?? `${h.kind} ${h.id.slice(0, 8)}`}</td>
                      <td className="conflict-value">{h.reason}</td>
                      <td className="conflict-actions">
                        <button type="button" className="button small" onClick={() => void decide(h, 'retry')}>Try again</button>
                        <button type="button" className="button small" onClick={() => void decide(h, 'discard')}>Discard my change</button>
                        <button type="button" className="button small" onClick={() => void decide(h, 'keep-local')}>Keep it on this device</button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          ) : null}
          {failure ? <p className="field-error" role="alert">{failure}</p> : null}
          <div className="dialog-actions"><Dialog.Close className="button">Close</Dialog.Close></div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
