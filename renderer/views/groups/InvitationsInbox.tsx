// Invitations addressed to me, to accept (the group's library then syncs here) or decline.
import type { MyInvitation } from '../../../shared/bridge/contract.ts';
import { Outcome } from './Outcome.tsx';
import { useAction, type Loaded } from './useRemote.ts';
import { useGroupsStore } from './groupsStore.ts';

export function InvitationsInbox({ invitations, onAnswered }: { invitations: Loaded<MyInvitation[]>; onAnswered(groupId: string, accepted: boolean): void }) {
  const groups = useGroupsStore();
  const action = useAction();
  const list = invitations.value ?? [];
  // Stays while it has the outcome of the last answer to show.
  if (!invitations.error && list.length === 0 && !action.notice && !action.error) return null;
  const answer = (invitation: MyInvitation, accept: boolean) => action.run(
    () => groups.answerInvitation({ groupId: invitation.group_uuid, invitationId: invitation.invitation_uuid, answer: accept ? 'accept' : 'decline' }),
    accept ? `You joined “${invitation.groupName}”. Its library appears in the sidebar after the next sync.` : `Invitation to “${invitation.groupName}” declined.`,
    async () => { await invitations.reload(); onAnswered(invitation.group_uuid, accept); },
  );
  return (
    <section className="groups-section" aria-labelledby="inbox-heading">
      <h2 id="inbox-heading" className="section-title">Invitations for you</h2>
      {invitations.error ? <p className="outcome error" role="alert">{invitations.error}</p> : null}
      <ul className="plain-list">
        {list.map((invitation) => (
          <li key={invitation.invitation_uuid} className="invitation-row" data-testid="invitation">
            <div className="row-text">
              <strong>{invitation.groupName}</strong>
              {invitation.message ? <span className="muted">“{invitation.message}”</span> : null}
            </div>
            <div className="row-actions">
              <button type="button" className="button small primary" disabled={action.busy} onClick={() => void answer(invitation, true)}>Accept</button>
              <button type="button" className="button small" disabled={action.busy} onClick={() => void answer(invitation, false)}>Decline</button>
            </div>
          </li>
        ))}
      </ul>
      <Outcome action={action} />
    </section>
  );
}
