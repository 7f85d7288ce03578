// Settings: the theme (applies at once), when files download, citation style and live
// bibliography files (citing/CitationSettings.tsx), which service to sync with
// (takes effect after a restart), and the account.
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useState } from 'react';
import type { DownloadPolicy, Theme } from '../../shared/bridge/contract.ts';
import { CitationSettings } from '../citing/CitationSettings.tsx';
import { useApp } from '../state/context.tsx';

export function SettingsDialog() {
  const open = useApp((s) => s.dialog === 'settings');
  const openDialog = useApp((s) => s.openDialog);
  const settings = useApp((s) => s.settings);
  const account = useApp((s) => s.account);
  const info = useApp((s) => s.info);
  const restartRequired = useApp((s) => s.restartRequired);
  const update = useApp((s) => s.updateSettings);
  const signIn = useApp((s) => s.signIn);
  const signOut = useApp((s) => s.signOut);
  const [serviceUrl, setServiceUrl] = useState('');
  const [clientId, setClientId] = useState('');
  const [failure, setFailure] = useState<string | undefined>();

  useEffect(() => {
    if (open) { setServiceUrl(settings?.serviceUrl ?? ''); setClientId(settings?.clientId ?? ''); setFailure(undefined); }
  }, [open, settings?.serviceUrl, settings?.clientId]);

  const apply = async (change: Parameters<typeof update>[0]) => setFailure(await update(change));

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && openDialog(null)}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" aria-describedby={undefined}>
          <Dialog.Title className="dialog-title">Settings</Dialog.Title>
          <fieldset className="settings-group">
            <legend>Appearance</legend>
            <div role="radiogroup" aria-label="Theme" className="segmented">
              {(['light', 'dark', 'system'] as Theme[]).map((theme) => (
                <label key={theme} className={settings?.theme === theme ? 'on' : ''}>
                  <input type="radio" name="theme" value={theme} checked={settings?.theme === theme} onChange={() => void apply({ theme })} />
                  {theme === 'system' ? 'System' : theme === 'light' ? 'Light' : 'Dark'}
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset className="settings-group">
            <legend>Files</legend>
            <label className="settings-row">
              <span>Download attached files</span>
              <select className="input" value={settings?.downloadPolicy ?? 'on-open'} onChange={(e) => void apply({ downloadPolicy: e.target.value as DownloadPolicy })}>
                <option value="on-open">When I open them</option>
                <option value="eager">Right away, for offline use</option>
              </select>
            </label>
          </fieldset>
          {open ? <CitationSettings onFailure={setFailure} /> : null}
          <fieldset className="settings-group">
            <legend>Service</legend>
            <form className="settings-form" onSubmit={(e) => { e.preventDefault(); void apply({ serviceUrl: serviceUrl.trim() || null, clientId: clientId.trim() || null }); }}>
              <label className="settings-row">
                <span>Service URL</span>
                <input className="input" placeholder="Empty: the service built into this app" value={serviceUrl} onChange={(e) => setServiceUrl(e.target.value)} />
              </label>
              <label className="settings-row">
                <span>Client id</span>
                <input className="input" placeholder="Given by the service when you register the app" value={clientId} onChange={(e) => setClientId(e.target.value)} />
              </label>
              <div className="settings-actions"><button type="submit" className="button small">Save service</button></div>
            </form>
            {restartRequired ? <p className="hint" role="status">The new service is used after RefShelf restarts.</p> : null}
          </fieldset>
          <fieldset className="settings-group">
            <legend>Account</legend>
            <div className="settings-row">
              <span>
                {account?.signedIn
                  ? `Signed in${account.profile?.email ? ` as ${account.profile.email}` : account.profile?.displayName ? ` as ${account.profile.displayName}` : ''}`
                  : 'Signed out: your library stays on this computer and does not sync.'}
                {account?.embedded ? ' (built-in service)' : ''}
              </span>
              {account?.signedIn
                ? <button type="button" className="button small" onClick={async () => setFailure(await signOut())}>Sign out</button>
                : <button type="button" className="button small primary" onClick={async () => setFailure(await signIn())}>Sign in</button>}
            </div>
            {account?.pendingSignIn ? <p className="hint">Finish signing in at <a href={account.pendingSignIn.authorizationUrl} target="_blank" rel="noreferrer">the service's page</a>.</p> : null}
          </fieldset>
          {failure ? <p className="field-error" role="alert">{failure}</p> : null}
          {info?.tokenStorage === 'file'
            ? <p className="hint">No system keyring is in use: your sign-in is kept unencrypted in a file only your user account can read.</p>
            : null}
          {info ? <p className="hint about">{info.name} {info.version} · data in {info.dataDir}</p> : null}
          <div className="dialog-actions"><Dialog.Close className="button">Done</Dialog.Close></div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
