// Research datasets: the caller's drafts (with what each has published) on the left, a new
// draft from a name, and the open draft's editor on the right.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { DataLicence, DraftDataset } from '../../../shared/schemas/dataset.ts';
import { useDatasetsStore } from './datasetsStore.ts';
import { onlineErrorText } from '../../state/onlineErrors.ts';
import { DraftEditor } from './DraftEditor.tsx';
import { useDatasetsViewState } from './datasetsViewState.ts';
import './datasets.css';

function publishedCount(draft: DraftDataset): number {
  return draft.versions?.length ?? 0;
}

export function DatasetsView() {
  const datasets = useDatasetsStore();
  const [drafts, setDrafts] = useState<DraftDataset[] | null>(null);
  const [licences, setLicences] = useState<DataLicence[]>([]);
  // Kept outside the view, so the open draft is still open after a visit to another tab.
  const openId = useDatasetsViewState((state) => state.openId);
  const setOpenId = useDatasetsViewState((state) => state.open);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setDrafts(await datasets.list());
      setError(null);
    } catch (e) {
      setError(onlineErrorText(e));
    }
  }, [datasets]);

  useEffect(() => {
    void load();
    datasets.licences().then(setLicences, (e: unknown) => setError(onlineErrorText(e)));
  }, [datasets, load]);

  const create = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) {
      setError('Give the new dataset a name first');
      return;
    }
    try {
      const draft = await datasets.create({ name: name.trim() });
      setName('');
      setDrafts((all) => [draft, ...(all ?? [])]);
      setOpenId(draft.id);
      setError(null);
    } catch (err) {
      setError(onlineErrorText(err));
    }
  };

  const changed = (draft: DraftDataset) => setDrafts((all) => (all ?? []).map((d) => (d.id === draft.id ? draft : d)));
  const open = drafts?.find((d) => d.id === openId) ?? null;
  const inProgress = (drafts ?? []).filter((d) => publishedCount(d) === 0);
  const published = (drafts ?? []).filter((d) => publishedCount(d) > 0);

  const item = (d: DraftDataset) => (
    <li key={d.id}>
      <button type="button" className="dataset-item" aria-current={d.id === openId ? 'true' : undefined} onClick={() => setOpenId(d.id)}>
        <span className="dataset-name">{d.name}</span>
        <span className="dataset-meta">
          {publishedCount(d) ? `Version ${publishedCount(d)} published · editing version ${d.version}` : `Draft · ${d.files?.length ?? 0} files`}
        </span>
      </button>
    </li>
  );

  return (
    <div className="datasets-view">
      <aside className="datasets-list" aria-label="Datasets">
        <form className="new-dataset" onSubmit={(e) => void create(e)}>
          <input className="input" aria-label="New dataset name" placeholder="Name of a new dataset" value={name} onChange={(e) => setName(e.target.value)} />
          <button type="submit" className="button primary">Create</button>
        </form>
        {error ? <div className="error-banner" role="alert"><span>{error}</span><button type="button" className="link-button" onClick={() => void load()}>Retry</button></div> : null}
        {drafts === null ? null : drafts.length === 0 ? (
          <div className="empty-state">
            <p className="empty-title">No datasets yet</p>
            <p className="empty-hint">Type a name above and press Create to start a draft. Add a description, categories and files, then publish it with a DOI.</p>
          </div>
        ) : (
          <>
            <h3 className="details-section list-heading">Drafts</h3>
            {inProgress.length ? <ul className="dataset-items" aria-label="Drafts">{inProgress.map(item)}</ul> : <p className="hint list-hint">No unpublished drafts.</p>}
            <h3 className="details-section list-heading">Published</h3>
            {published.length ? <ul className="dataset-items" aria-label="Published datasets">{published.map(item)}</ul> : <p className="hint list-hint">Nothing published yet.</p>}
          </>
        )}
      </aside>
      <section className="datasets-main" aria-label="Dataset">
        {open ? (
          <DraftEditor key={open.id} draft={open} licences={licences} onChanged={changed} onDeleted={() => { setOpenId(null); void load(); }} />
        ) : (
          <div className="empty-state"><p className="empty-hint">Open a dataset on the left, or create one, to edit it.</p></div>
        )}
      </section>
    </div>
  );
}
