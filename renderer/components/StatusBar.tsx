// The bottom bar: what the list holds and what is selected, the last confirmation, and the
// sync state (online or not, last sync, changes waiting, progress, errors, conflicts).
import { useEffect, useState } from 'react';
import { formatCount, plural, relativeTime } from '../lib/format.ts';
import { displayKeys } from '../lib/shortcuts.ts';
import { useApp, useLibrary, useStores } from '../state/context.tsx';

const STATE_LABELS: Record<string, string> = {
  idle: 'Online', syncing: 'Syncing…', offline: 'Offline', error: 'Sync failed', 'waiting-confirmation': 'Waiting for you', 'signed-out': 'Signed out',
};

const NOTICE_MS = 4000;
const NOTICE_WITH_UNDO_MS = 10_000;

export function StatusBar() {
  const { app, mac } = useStores();
  const undoKeys = displayKeys('Mod+Z', mac);
  const total = useLibrary((s) => s.total);
  const selected = useLibrary((s) => s.selection.ids.size);
  const notice = useLibrary((s) => s.notice);
  const showNotice = useLibrary((s) => s.showNotice);
  const trashUndo = useLibrary((s) => s.trashUndo);
  const undoTrash = useLibrary((s) => s.undoTrash);
  const sync = useApp((s) => s.sync);
  const openDialog = useApp((s) => s.openDialog);
  const syncNow = useApp((s) => s.syncNow);
  const [, tick] = useState(0);
  const [syncError, setSyncError] = useState<string | undefined>();

  useEffect(() => {
    const timer = setInterval(() => tick((n) => n + 1), 30_000);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (!notice) return;
    // A notice that offers Undo stays long enough to reach its button.
    const timer = setTimeout(() => showNotice(null), trashUndo ? NOTICE_WITH_UNDO_MS : NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice, trashUndo, showNotice]);

  const state = sync?.state ?? 'offline';
  const progress = sync?.progress;
  const percent = progress?.total ? Math.round((progress.done / progress.total) * 100) : undefined;
  const indexing = sync?.searchIndex;

  return (
    <footer className="status-bar" aria-label="Status">
      <span className="status-count">{plural(total, 'document')}{selected > 1 ? ` · ${formatCount(selected)} selected` : ''}</span>
      <span className="status-notice" role="status" aria-live="polite">
        {notice ?? ''}
        {notice && trashUndo ? (
          <button type="button" className="link-button" title={`Undo (${undoKeys})`} onClick={() => void undoTrash()}>Undo</button>
        ) : null}
      </span>
      <span className="spacer" />
      {sync?.pendingDeletion ? (
        <span className="status-warning" role="alert">
          The service deleted {plural(sync.pendingDeletion.count, 'document')} of {formatCount(sync.pendingDeletion.libraryTotal)}.
          <button type="button" className="link-button" onClick={() => void app.getState().confirmDeletions(true)}>Delete them here too</button>
          <button type="button" className="link-button" onClick={() => void app.getState().confirmDeletions(false)}>Keep them</button>
        </span>
      ) : null}
      {sync?.conflicts ? (
        <button type="button" className="link-button status-conflicts" onClick={() => openDialog('conflicts')}>{plural(sync.conflicts, 'conflict')} to resolve</button>
      ) : null}
      {sync?.heldChanges ? (
        <button type="button" className="link-button status-conflicts" onClick={() => openDialog('conflicts')}>{plural(sync.heldChanges, 'change')} refused by the service</button>
      ) : null}
      {sync?.error || syncError ? <span className="status-error" title={sync?.error ?? syncError}>{sync?.error ?? syncError}</span> : null}
      {progress && state === 'syncing' ? (
        <span className="status-progress">
          {progress.phase}
          {percent !== undefined ? <progress max={100} value={percent} aria-label="Sync progress" /> : null}
        </span>
      ) : null}
      {indexing ? (
        <span className="status-progress" title="Until it is built, a search finds only the documents indexed so far">
          Building the search index
          <progress max={100} value={indexing.total ? Math.round((indexing.done / indexing.total) * 100) : 0} aria-label="Search index progress" />
        </span>
      ) : null}
      {sync && sync.pendingChanges > 0 && state !== 'offline' ? <span className="status-pending">{plural(sync.pendingChanges, 'change')} to send</span> : null}
      <span className="status-sync" data-state={state}>
        <span className="status-dot" aria-hidden="true" />
        <span>{state === 'offline' ? `Offline: ${plural(sync?.pendingChanges ?? 0, 'change')} waiting` : (STATE_LABELS[state] ?? state)}</span>
        {state !== 'signed-out' ? <span className="status-last">· synced {relativeTime(sync?.lastSyncedAt)}</span> : null}
      </span>
      <button type="button" className="link-button" disabled={state === 'syncing' || state === 'signed-out'} onClick={async () => setSyncError(await syncNow())}>Sync now</button>
    </footer>
  );
}
