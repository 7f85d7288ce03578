// One draft: its fields (saved with one button, or before publishing), its files with
// uploads in progress, and publishing with versions and the share link.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { DatasetVersionInfo } from '../../../shared/bridge/catalogCommands.ts';
import type { DataLicence, DraftDataset, PublishFieldError } from '../../../shared/schemas/dataset.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { onlineErrorText } from '../../state/onlineErrors.ts';
import { DraftFields } from './DraftFields.tsx';
import { FileDrop } from './FileDrop.tsx';
import { formOf, isEmptyPatch, patchOf, rebaseForm, type DraftForm } from './draftForm.ts';
import { formProblems, publishProblems } from './publishChecks.ts';
import { PublishPanel } from './PublishPanel.tsx';
import { useDatasetsStore, type UploadProgress } from './datasetsStore.ts';
import { useDatasetsViewState } from './datasetsViewState.ts';
import { standingErrors, type RefusedDraft } from './serviceErrors.ts';

interface Props {
  draft: DraftDataset;
  licences: DataLicence[];
  onChanged(draft: DraftDataset): void;
  onDeleted(): void;
}

export function DraftEditor({ draft, licences, onChanged, onDeleted }: Props) {
  const datasets = useDatasetsStore();
  const saved = useMemo(() => formOf(draft), [draft]);
  // Edits not saved yet come back after a visit to another tab.
  const keepUnsaved = useDatasetsViewState((state) => state.keepUnsaved);
  const [form, setForm] = useState<DraftForm>(() => useDatasetsViewState.getState().unsaved[draft.id] ?? saved);
  const [uploads, setUploads] = useState<UploadProgress[]>([]);
  const [versions, setVersions] = useState<DatasetVersionInfo[]>([]);
  const [refusal, setRefusal] = useState<{ errors: PublishFieldError[]; draft: RefusedDraft } | null>(null);
  const [confirmPublish, setConfirmPublish] = useState(false);
  const [busy, setBusy] = useState<'saving' | 'publishing' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [accessLink, setAccessLink] = useState<string | null>(null);

  // The draft changed on the service: untouched fields follow it, edits in progress stay.
  const lastSaved = useRef(saved);
  useEffect(() => {
    if (lastSaved.current === saved) return;
    const before = lastSaved.current;
    lastSaved.current = saved;
    setForm((current) => rebaseForm(current, before, saved));
  }, [saved]);
  useEffect(() => {
    setRefusal(null);
    setNotice(null);
    setAccessLink(null);
    setError(null);
  }, [draft.id]);
  const versionKey = (draft.versions ?? []).map((v) => v.version).join(',');
  useEffect(() => {
    let live = true;
    if (!versionKey) setVersions([]);
    else datasets.versions({ id: draft.id }).then((v) => live && setVersions(v), (e: unknown) => live && setError(onlineErrorText(e)));
    return () => { live = false; };
  }, [datasets, draft.id, versionKey]);

  const patch = patchOf(form, saved);
  const dirty = !isEmptyPatch(patch);
  const fileCount = draft.files?.length ?? 0;
  const problems = publishProblems(form, fileCount);
  const serviceErrors = refusal ? standingErrors(refusal.errors, refusal.draft, form, fileCount) : [];
  useEffect(() => keepUnsaved(draft.id, dirty ? form : null), [keepUnsaved, draft.id, dirty, form]);

  const save = async (): Promise<DraftDataset | null> => {
    if (!dirty) return draft;
    const invalid = formProblems(form);
    if (invalid.length) {
      setError(`Fix these first: ${invalid.map((p) => p.message).join('; ')}`);
      return null;
    }
    setBusy('saving');
    setError(null);
    try {
      const updated = await datasets.update({ id: draft.id, patch });
      onChanged(updated);
      return updated;
    } catch (e) {
      setError(onlineErrorText(e));
      return null;
    } finally {
      setBusy(null);
    }
  };

  const publish = async () => {
    const current = await save();
    if (!current) return;
    setBusy('publishing');
    setError(null);
    setNotice(null);
    try {
      const result = await datasets.publish({ id: draft.id });
      if (result.published) {
        setRefusal(null);
        setAccessLink(null);
        setNotice(`Published version ${result.dataset.version ?? ''}${result.dataset.doi ? ` with DOI ${result.dataset.doi.id}` : ''}`);
        onChanged(await datasets.get({ id: draft.id }));
      } else {
        setRefusal({ errors: result.fieldErrors, draft: { form, fileCount } });
      }
    } catch (e) {
      setError(onlineErrorText(e));
    } finally {
      setBusy(null);
    }
  };

  const addFiles = async (files: File[]) => {
    const progress = (p: UploadProgress) => setUploads((all) => [...all.filter((u) => u.fileName !== p.fileName), p]);
    // One at a time: each finish rewrites the draft's file list from the service's current one.
    for (const file of files) {
      try {
        onChanged(await datasets.uploadFile(draft.id, file, progress));
      } catch (e) {
        progress({ uploadId: '', fileName: file.name, received: 0, size: file.size, phase: 'failed', error: onlineErrorText(e) });
      }
    }
  };

  const removeFile = async (contentId: string) => {
    try {
      onChanged(await datasets.removeFile({ draftId: draft.id, contentId }));
    } catch (e) {
      setError(onlineErrorText(e));
    }
  };

  const share = async () => {
    const link = await datasets.accessLink({ id: draft.id });
    setAccessLink(link.url);
    return link.url;
  };

  const [confirmDelete, setConfirmDelete] = useState(false);
  const remove = async () => {
    try {
      await datasets.delete({ id: draft.id });
      onDeleted();
    } catch (e) {
      setError(onlineErrorText(e));
    }
  };

  return (
    <article className="draft-editor" aria-label="Dataset draft">
      <header className="draft-header">
        <div>
          <h2>{draft.name}</h2>
          <p className="hint">Draft of version {draft.version ?? 1}{draft.doi ? ` · DOI reserved: ${draft.doi.id}` : ''}</p>
        </div>
        <div className="draft-actions">
          <button type="button" className="button primary" disabled={!dirty || busy !== null} onClick={() => void save()}>
            {busy === 'saving' ? 'Saving…' : dirty ? 'Save changes' : 'Saved'}
          </button>
          <button type="button" className="button" onClick={() => setForm(saved)} disabled={!dirty}>Discard</button>
          <button type="button" className="link-button danger-link" onClick={() => setConfirmDelete(true)}>Delete draft</button>
        </div>
      </header>
      {error ? <div className="error-banner" role="alert"><span>{error}</span><button type="button" className="link-button" onClick={() => setError(null)}>Dismiss</button></div> : null}
      {notice ? <p className="publish-notice" role="status">{notice}</p> : null}
      <DraftFields form={form} licences={licences} errors={[...formProblems(form), ...serviceErrors]} onChange={setForm} />
      <h3 className="details-section">Files</h3>
      <FileDrop files={draft.files ?? []} uploads={uploads} onFiles={(files) => void addFiles(files)} onRemove={(id) => void removeFile(id)} />
      <PublishPanel
        nextVersion={draft.version ?? 1}
        problems={problems}
        serviceErrors={serviceErrors}
        versions={versions}
        busy={busy === 'publishing'}
        onPublish={() => setConfirmPublish(true)}
        accessLink={accessLink}
        onShare={share}
      />
      <ConfirmDialog
        open={confirmPublish}
        title={`Publish version ${draft.version ?? 1}?`}
        body={`Version ${draft.version ?? 1} of “${draft.name}” is published for good${draft.doi ? ` with the DOI ${draft.doi.id}` : " with a new DOI"}. A published version cannot be changed or withdrawn.`}
        confirmLabel={`Publish version ${draft.version ?? 1}`}
        onConfirm={() => void publish()}
        onClose={() => setConfirmPublish(false)}
      />
      <ConfirmDialog
        open={confirmDelete}
        title="Delete this draft?"
        body={`The draft “${draft.name}” and its unpublished changes are deleted. Published versions stay, with their DOIs.`}
        confirmLabel="Delete draft"
        onConfirm={() => void remove()}
        onClose={() => setConfirmDelete(false)}
      />
    </article>
  );
}
