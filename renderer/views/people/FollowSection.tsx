// Who follows me and whom I follow: requests waiting for my answer (accept or reject),
// mine waiting for theirs (cancel), and follows to end. Choosing a person shows them.
import type { FollowOverview, FollowView } from '../../../shared/bridge/contract.ts';
import { Outcome } from '../groups/Outcome.tsx';
import { useAction, type Loaded } from '../groups/useRemote.ts';
import { usePeopleStore } from './peopleStore.ts';

interface Props {
  overview: Loaded<FollowOverview>;
  onShow(profileId: string): void;
}

export function FollowSection({ overview, onShow }: Props) {
  const people = usePeopleStore();
  const action = useAction();
  const followers = overview.value?.followers ?? [];
  const following = overview.value?.following ?? [];
  const remove = (f: FollowView, done: string) => action.run(() => people.removeFollow({ id: f.id }), done, overview.reload);

  const person = (f: FollowView) => <button type="button" className="link-button person-link" onClick={() => onShow(f.profileId)}>{f.name}</button>;
  return (
    <section className="groups-section" aria-labelledby="follow-heading">
      <h2 id="follow-heading" className="section-title">Followers and following</h2>
      {overview.error ? <p className="outcome error" role="alert">{overview.error}</p> : null}
      <h3 className="subsection-title">Followers ({followers.filter((f) => f.status === 'following').length})</h3>
      {overview.value && followers.length === 0 ? <p className="muted">Nobody follows you yet. People find you by your e-mail address or profile link.</p> : null}
      <ul className="plain-list" aria-label="Followers">
        {followers.map((f) => (
          <li key={f.id} className="invitation-row" data-testid="follower-row">
            <span className="row-text">{person(f)}{f.status === 'pending' ? <span className="pending-badge">wants to follow you</span> : null}</span>
            <span className="row-actions">
              {f.status === 'pending' ? (
                <>
                  <button type="button" className="button small primary" disabled={action.busy} onClick={() => void action.run(() => people.acceptFollower({ id: f.id }), `${f.name} now follows you.`, overview.reload)}>Accept</button>
                  <button type="button" className="button small" disabled={action.busy} onClick={() => void remove(f, `${f.name}’s request was rejected.`)}>Reject</button>
                </>
              ) : <button type="button" className="button small" disabled={action.busy} onClick={() => void remove(f, `${f.name} no longer follows you.`)}>Remove</button>}
            </span>
          </li>
        ))}
      </ul>
      <h3 className="subsection-title">Following ({following.filter((f) => f.status === 'following').length})</h3>
      {overview.value && following.length === 0 ? <p className="muted">You follow nobody yet. Find people by e-mail below.</p> : null}
      <ul className="plain-list" aria-label="Following">
        {following.map((f) => (
          <li key={f.id} className="invitation-row">
            <span className="row-text">{person(f)}{f.status === 'pending' ? <span className="pending-badge">waiting for their answer</span> : null}</span>
            <button type="button" className="button small" disabled={action.busy} onClick={() => void remove(f, f.status === 'pending' ? 'Request cancelled.' : `You no longer follow ${f.name}.`)}>
              {f.status === 'pending' ? 'Cancel request' : 'Unfollow'}
            </button>
          </li>
        ))}
      </ul>
      <Outcome action={action} />
    </section>
  );
}
