// Owners and admins invite people by e-mail address; each address gets its own result
// (invited, invited with a warning, or refused with the reason), and pending invitations
// can be revoked.
import { useState } from 'react';
import type { GroupInvitationResult } from '../../../shared/bridge/contract.ts';
import { Outcome } from './Outcome.tsx';
import { useAction, useLoaded } from './useRemote.ts';
import { useGroupsStore } from './groupsStore.ts';

/** Addresses separated by commas, semicolons, spaces or lines. */
export function splitAddresses(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).map((a) => a.trim()).filter(Boolean))];
}

export function InviteSection({ groupId }: { groupId: string }) {
  const groups = useGroupsStore();
  const [addresses, setAddresses] = useState('');
  const [message, setMessage] = useState('');
  const [results, setResults] = useState<GroupInvitationResult[] | null>(null);
  const action = useAction();
  const pending = useLoaded(() => groups.invitations({ id: groupId }), `${groupId}|${results?.length ?? 0}`);
  const waiting = (pending.value ?? []).filter((i) => i.status === 'SENT' || i.status === 'CREATED');

  const send = async () => {
    const emails = splitAddresses(addresses);
    if (emails.length === 0) { action.clear(); setResults(null); return; }
    await action.run(async () => {
      setResults(await groups.invite({ id: groupId, emails, ...(message.trim() ? { message: message.trim() } : {}) }));
      setAddresses('');
    });
    await pending.reload();
  };

  return (
    <section className="groups-section" aria-labelledby="invite-heading">
      <h3 id="invite-heading" className="section-title">Invite people</h3>
      <form className="invite-form" onSubmit={(e) => { e.preventDefault(); void send(); }}>
        <label className="field-label" htmlFor="invite-emails">E-mail addresses (separate them with commas or new lines)</label>
        <textarea id="invite-emails" className="input" rows={2} value={addresses} onChange={(e) => setAddresses(e.target.value)} placeholder="ada@example.org, alan@example.org" />
        <label className="field-label" htmlFor="invite-message">Message (optional)</label>
        <input id="invite-message" className="input" maxLength={2000} value={message} onChange={(e) => setMessage(e.target.value)} />
        <div className="form-actions">
          <button type="submit" className="button primary" disabled={action.busy || splitAddresses(addresses).length === 0}>{action.busy ? 'Inviting…' : 'Send invitations'}</button>
        </div>
      </form>
      <Outcome action={action} />
      {results ? (
        <ul className="plain-list invite-results" aria-label="Invitation results">
          {results.map((r) => (
            <li key={r.email} className={`invite-result ${r.error_message ? 'error' : r.warning_message ? 'warning' : 'ok'}`} data-testid="invite-result">
              <strong>{r.email}</strong>: {r.error_message ? `not invited — ${r.error_message}` : 'invited'}
              {r.warning_message && !r.error_message ? <span className="muted"> ({r.warning_message})</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {waiting.length ? (
        <>
          <h4 className="subsection-title">Waiting for an answer</h4>
          <ul className="plain-list">
            {waiting.map((i) => (
              <li key={i.invitation_uuid} className="invitation-row">
                <span className="row-text">{i.invitee_name ? `${i.invitee_name} <${i.invitee_email ?? ''}>` : i.invitee_email}</span>
                <button type="button" className="button small" disabled={action.busy} onClick={() => void action.run(() => groups.revokeInvitation({ groupId, invitationId: i.invitation_uuid }), 'Invitation revoked.', pending.reload)}>Revoke</button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
