// Publishing: what still needs fixing (checked here first, then what the service says),
// the publish button, the published versions with their DOIs, and the link to share the
// draft with its access code.
import { useState } from 'react';
import type { DatasetVersionInfo } from '../../../shared/bridge/catalogCommands.ts';
import type { PublishFieldError } from '../../../shared/schemas/dataset.ts';
import { shortDate } from '../../lib/format.ts';

interface Props {
  nextVersion: number;
  problems: PublishFieldError[];
  serviceErrors: PublishFieldError[];
  versions: DatasetVersionInfo[];
  busy: boolean;
  onPublish(): void;
  accessLink: string | null;
  onShare(): Promise<string>;
}

export function PublishPanel({ nextVersion, problems, serviceErrors, versions, busy, onPublish, accessLink, onShare }: Props) {
  const [copied, setCopied] = useState<'copied' | 'select' | null>(null);
  const share = async () => {
    const url = await onShare();
    try {
      await navigator.clipboard.writeText(url);
      setCopied('copied');
    } catch {
      // No clipboard permission (browser mode): the link is shown selected for copying by hand.
      setCopied('select');
    }
  };
  return (
    <section className="publish-panel" aria-label="Publishing">
      <h3 className="details-section">Publish</h3>
      {problems.length ? (
        <div className="problems" role="status" aria-label="Before publishing">
          <p>Before you can publish:</p>
          <ul>{problems.map((p) => <li key={`${p.field}:${p.message}`}>{p.message}</li>)}</ul>
        </div>
      ) : (
        <p className="ready-note">Ready to publish. Published versions are permanent and cannot be changed.</p>
      )}
      {serviceErrors.length ? (
        <div className="service-errors" role="alert" aria-label="The service refused to publish">
          <p>The service refused to publish:</p>
          <ul>{serviceErrors.map((e) => <li key={`${e.field}:${e.message}`}><strong>{e.field}</strong>: {e.message}</li>)}</ul>
        </div>
      ) : null}
      <button type="button" className="button primary" disabled={busy} onClick={onPublish}>
        {busy ? 'Publishing…' : `Publish version ${nextVersion}`}
      </button>

      <h3 className="details-section">Versions</h3>
      {versions.length ? (
        <table className="version-table" aria-label="Versions">
          <thead><tr><th>Version</th><th>Published</th><th>DOI</th></tr></thead>
          <tbody>
            {versions.map((v) => (
              <tr key={v.version}>
                <td>Version {v.version}</td>
                <td>{shortDate(v.publishDate)}{v.available ? '' : ' (under embargo)'}</td>
                <td className="doi">{v.doi}{v.doiStatus ? <span className="doi-status"> {v.doiStatus}</span> : null}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="hint">Not published yet. Each publish adds the next version with its own DOI.</p>
      )}

      <h3 className="details-section">Share the draft</h3>
      <p className="hint">Anyone with this link can read the draft (not change it). Publishing makes a new link.</p>
      <div className="share-row">
        <button type="button" className="button" onClick={() => void share()}>Copy access link</button>
        {copied === 'copied' ? <span className="added-note" role="status">Link copied</span> : null}
      </div>
      {accessLink ? (
        <input
          className="input access-link" readOnly value={accessLink} aria-label="Access link"
          ref={(el) => { if (el && copied === 'select') el.select(); }}
        />
      ) : null}
    </section>
  );
}
