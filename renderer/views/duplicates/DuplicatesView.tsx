// The Duplicates tab: the sets of documents in the library that are the same work, each
// with its members (the master chosen by a radio button, the others merged unless
// unticked) and, for every field whose values differ, the value the master keeps. The
// choices follow the members' ids when a push renames a new document.
import { useEffect, useMemo, useState } from 'react';
import type { DuplicateReason, DuplicateSetView, DuplicatesMergeResult, MergeChoosableField } from '../../../shared/bridge/duplicatesCommands.ts';
import { useIdRenames, useStores } from '../../state/context.tsx';
import { followRenames } from '../../state/idRenames.ts';
import { useLoaded } from '../groups/useRemote.ts';
import { defaultChoices, differingFields, fieldLabel, valueLabel } from './mergeChoices.ts';
import './duplicates.css';

const REASONS: Record<DuplicateReason, string> = {
  doi: 'Same DOI', pmid: 'Same PubMed id', arxiv: 'Same arXiv id', isbn: 'Same ISBN', title: 'Same title, first author and year',
};

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function mergedMessage(result: DuplicatesMergeResult, title: string): string {
  const moved = [result.filesMoved && plural(result.filesMoved, 'file'), result.annotationsMoved && plural(result.annotationsMoved, 'annotation'), result.foldersJoined && plural(result.foldersJoined, 'folder')].filter(Boolean);
  return `Merged ${plural(result.deleted.length, 'duplicate')} into “${title}”${moved.length ? `; moved ${moved.join(', ')}` : ''}.`;
}

/** The set with its members under the ids they have now (a push may have renamed them since it was listed). */
function withCurrentIds(set: DuplicateSetView, currentId: (id: string) => string): DuplicateSetView {
  return { ...set, members: set.members.map((m) => ({ ...m, document: { ...m.document, id: currentId(m.document.id) } })) };
}

function DuplicateSetCard({ set: listed, index, onMerged }: { set: DuplicateSetView; index: number; onMerged(message: string): void }) {
  const { bridge, renames } = useStores();
  const renamed = useIdRenames((s) => s.renames);
  const set = useMemo(() => withCurrentIds(listed, renames.getState().currentId), [listed, renamed, renames]);
  const [masterId, setMasterId] = useState(set.members[0]!.document.id);
  const [excluded, setExcluded] = useState<Set<string>>(new Set());
  const fields = useMemo(() => differingFields(set), [set]);
  const [choices, setChoices] = useState<Partial<Record<MergeChoosableField, string>>>(() => defaultChoices(fields, set, masterId));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const duplicateIds = set.members.map((m) => m.document.id).filter((id) => id !== masterId && !excluded.has(id));
  const heading = `set-${index}-heading`;
  useEffect(() => followRenames(renames, (current) => {
    setMasterId(current);
    setExcluded((prev) => new Set([...prev].map(current)));
    setChoices((prev) => Object.fromEntries(Object.entries(prev).map(([field, id]) => [field, id && current(id)])));
  }), [renames]);

  const chooseMaster = (id: string) => {
    setMasterId(id);
    setChoices(defaultChoices(fields, set, id));
  };

  const merge = async () => {
    setBusy(true);
    setError(null);
    try {
      const result = await bridge.call('duplicates.merge', { masterId, duplicateIds, choices });
      const title = choices.title ? set.members.find((m) => m.document.id === choices.title)!.document.title : set.members.find((m) => m.document.id === masterId)!.document.title;
      onMerged(mergedMessage(result, title));
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="duplicate-set" aria-labelledby={heading}>
      <h3 id={heading} className="duplicate-set-title">{set.members[0]!.document.title} <span className="muted">· {REASONS[set.reason]}</span></h3>
      <table className="duplicate-members">
        <thead>
          <tr><th scope="col">Master</th><th scope="col">Merge</th><th scope="col">Title</th><th scope="col">Authors</th><th scope="col">Year</th><th scope="col">Files</th><th scope="col">Annotations</th></tr>
        </thead>
        <tbody>
          {set.members.map(({ document, files, annotations }) => (
            <tr key={document.id}>
              <td><input type="radio" name={`master-${index}`} aria-label={`Keep “${document.title}” as the master`} checked={masterId === document.id} onChange={() => chooseMaster(document.id)} /></td>
              <td>
                <input
                  type="checkbox" aria-label={`Merge “${document.title}”`} disabled={masterId === document.id}
                  checked={masterId !== document.id && !excluded.has(document.id)}
                  onChange={(e) => setExcluded((prev) => {
                    const next = new Set(prev);
                    if (e.target.checked) next.delete(document.id);
                    else next.add(document.id);
                    return next;
                  })}
                />
              </td>
              <td>{document.title}</td>
              <td>{valueLabel(document.authors)}</td>
              <td>{document.year ?? ''}</td>
              <td>{files}</td>
              <td>{annotations}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {fields.length ? (
        <fieldset className="duplicate-fields">
          <legend>Values the master keeps</legend>
          {fields.map(({ field, options }) => (
            <label key={field} className="duplicate-field">
              <span>{fieldLabel(field)}</span>
              <select value={choices[field]} onChange={(e) => setChoices((prev) => ({ ...prev, [field]: e.target.value }))}>
                {options.map((o) => <option key={o.documentId} value={o.documentId}>{o.label}</option>)}
              </select>
            </label>
          ))}
        </fieldset>
      ) : null}
      <p className="muted">Files, annotations, notes, tags and folders of the merged documents move to the master; the merged documents are deleted.</p>
      {error ? <p className="outcome error" role="alert">{error}</p> : null}
      <button type="button" className="button primary" disabled={busy || !duplicateIds.length} onClick={() => void merge()}>
        {busy ? 'Merging…' : `Merge ${plural(duplicateIds.length + 1, 'document')}`}
      </button>
    </section>
  );
}

export function DuplicatesView() {
  const { bridge, renames } = useStores();
  const [version, setVersion] = useState(0);
  const sets = useLoaded(() => bridge.call('duplicates.list'), `duplicates|${version}`);
  const [outcome, setOutcome] = useState<string | null>(null);
  // Another window, an import or a sync may make or undo duplicates.
  useEffect(() => bridge.on('library.changed', () => setVersion((v) => v + 1)), [bridge]);

  return (
    <div className="duplicates-view">
      <header className="duplicates-header">
        <h2 className="section-title">Duplicates</h2>
        <button type="button" className="button small" onClick={() => setVersion((v) => v + 1)}>Look again</button>
      </header>
      {outcome ? <p className="outcome" role="status">{outcome}</p> : null}
      {sets.error ? <p className="outcome error" role="alert">{sets.error}</p> : null}
      {sets.value && !sets.value.length ? (
        <div className="empty-state">
          <p className="empty-title">No duplicates</p>
          <p className="empty-hint">No two documents share an identifier or a title, first author and year.</p>
        </div>
      ) : null}
      {sets.value?.map((set, i) => (
        <DuplicateSetCard key={set.members.map((m) => renames.getState().originalId(m.document.id)).join('|')} set={set} index={i} onMerged={(message) => {
          setOutcome(message);
          setVersion((v) => v + 1);
        }} />
      ))}
    </div>
  );
}
