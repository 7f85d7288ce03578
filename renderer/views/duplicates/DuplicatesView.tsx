// The Duplicates tab: the sets of documents in the library that are the same work, each
// with its members (the master chosen by a radio button, the others merged unless
// unticked) and, for every field whose values differ, the value the master keeps. The form
// holds members by their keys, so a sync renaming a member while the set is open (the list
// reloads on every library change) keeps what the user chose.
import { useEffect, useMemo, useState } from 'react';
import type { DuplicateReason, DuplicateSetView, DuplicatesMergeResult, MergeChoosableField } from '../../../shared/bridge/duplicatesCommands.ts';
import { useLoaded } from '../groups/useRemote.ts';
import { useDuplicatesStore } from './duplicatesStore.ts';
import { defaultChoices, differingFields, fieldLabel, idsOfKeys, valueLabel } from './mergeChoices.ts';
import './duplicates.css';

const REASONS: Record<DuplicateReason, string> = {
  doi: 'Same DOI', pmid: 'Same PubMed id', arxiv: 'Same arXiv id', isbn: 'Same ISBN', title: 'Same title, first author and year',
};

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function mergedMessage(result: DuplicatesMergeResult, title: string): string {
  const moved = [result.filesMoved && plural(result.filesMoved, 'file'), result.annotationsMoved && plural(result.annotationsMoved, 'annotation'), result.foldersJoined && plural(result.foldersJoined, 'folder')].filter(Boolean);
  return `Merged ${plural(result.deleted.length, 'duplicate')} into “${title}”${moved.length ? `; moved ${moved.join(', ')}` : ''}.`;
}

function DuplicateSetCard({ set, index, onMerged }: { set: DuplicateSetView; index: number; onMerged(message: string): void }) {
  const duplicates = useDuplicatesStore();
  const [masterKey, setMasterKey] = useState(set.members[0]!.key);
  const [excluded, setExcluded] = useState<Set<string>>(new Set());
  const fields = useMemo(() => differingFields(set), [set]);
  const [choices, setChoices] = useState<Partial<Record<MergeChoosableField, string>>>(() => defaultChoices(fields, set, masterKey));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const idOf = (key: string) => set.members.find((m) => m.key === key)?.document.id;
  const duplicateKeys = set.members.map((m) => m.key).filter((key) => key !== masterKey && !excluded.has(key));
  const heading = `set-${index}-heading`;

  const chooseMaster = (key: string) => {
    setMasterKey(key);
    setChoices(defaultChoices(fields, set, key));
  };

  const merge = async () => {
    setBusy(true);
    setError(null);
    try {
      const masterId = idOf(masterKey) ?? set.members[0]!.document.id;
      const result = await duplicates.merge({ masterId, duplicateIds: duplicateKeys.map((key) => idOf(key)!), choices: idsOfKeys(set, choices) });
      const title = set.members.find((m) => m.key === (choices.title ?? masterKey))?.document.title ?? set.members[0]!.document.title;
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
          {set.members.map(({ key, document, files, annotations }) => (
            <tr key={key}>
              <td><input type="radio" name={`master-${index}`} aria-label={`Keep “${document.title}” as the master`} checked={masterKey === key} onChange={() => chooseMaster(key)} /></td>
              <td>
                <input
                  type="checkbox" aria-label={`Merge “${document.title}”`} disabled={masterKey === key}
                  checked={masterKey !== key && !excluded.has(key)}
                  onChange={(e) => setExcluded((prev) => {
                    const next = new Set(prev);
                    if (e.target.checked) next.delete(key);
                    else next.add(key);
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
                {options.map((o) => <option key={o.memberKey} value={o.memberKey}>{o.label}</option>)}
              </select>
            </label>
          ))}
        </fieldset>
      ) : null}
      <p className="muted">Files, annotations, notes, tags and folders of the merged documents move to the master; the merged documents are deleted.</p>
      {error ? <p className="outcome error" role="alert">{error}</p> : null}
      <button type="button" className="button primary" disabled={busy || !duplicateKeys.length} onClick={() => void merge()}>
        {busy ? 'Merging…' : `Merge ${plural(duplicateKeys.length + 1, 'document')}`}
      </button>
    </section>
  );
}

export function DuplicatesView() {
  const duplicates = useDuplicatesStore();
  const [version, setVersion] = useState(0);
  const sets = useLoaded(() => duplicates.list(), `duplicates|${version}`);
  const [outcome, setOutcome] = useState<string | null>(null);
  // Another window, an import or a sync may make or undo duplicates.
  useEffect(() => duplicates.onLibraryChanged(() => setVersion((v) => v + 1)), [duplicates]);

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
        <DuplicateSetCard key={set.members.map((m) => m.key).join('|')} set={set} index={i} onMerged={(message) => {
          setOutcome(message);
          setVersion((v) => v + 1);
        }} />
      ))}
    </div>
  );
}
