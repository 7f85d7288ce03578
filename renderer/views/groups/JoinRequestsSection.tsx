// Requests to join an invite-only group, for its owners and admins to accept or decline.
import { Outcome } from './Outcome.tsx';
import { useAction, useLoaded } from './useRemote.ts';
import { useGroupsStore } from './groupsStore.ts';

export function JoinRequestsSection({ groupId, onAnswered }: { groupId: string; onAnswered(): void }) {
  const groups = useGroupsStore();
  const requests = useLoaded(() => groups.joinRequests({ id: groupId }), groupId);
  const action = useAction();
  const list = requests.value ?? [];
  if (!requests.error && list.length === 0 && !action.notice && !action.error) return null;
  return (
    <section className="groups-section" aria-labelledby="requests-heading">
      <h3 id="requests-heading" className="section-title">Requests to join</h3>
      {requests.error ? <p className="outcome error" role="alert">{requests.error}</p> : null}
      <ul className="plain-list">
        {list.map((r) => (
          <li key={r.profileId} className="invitation-row">
            <div className="row-text"><strong>{r.name}</strong>{r.message ? <span className="muted">“{r.message}”</span> : null}</div>
            <div className="row-actions">
              {(['accept', 'decline'] as const).map((answer) => (
                <button key={answer} type="button" className={`button small ${answer === 'accept' ? 'primary' : ''}`} disabled={action.busy}
                  onClick={() => void action.run(() => groups.answerJoinRequest({ id: groupId, profileId: r.profileId, answer }),
                    answer === 'accept' ? `${r.name} is now a member.` : `${r.name}’s request was declined.`,
                    async () => { await requests.reload(); onAnswered(); })}>
                  {answer === 'accept' ? 'Accept' : 'Decline'}
                </button>
              ))}
            </div>
          </li>
        ))}
      </ul>
      <Outcome action={action} />
    </section>
  );
}
