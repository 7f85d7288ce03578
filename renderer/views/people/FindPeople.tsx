// Finding someone by e-mail address or profile link, seeing their profile, and asking to follow them.
import { useState } from 'react';
import type { PublicProfile } from '../../../shared/bridge/contract.ts';
import { Outcome } from '../groups/Outcome.tsx';
import { useAction } from '../groups/useRemote.ts';
import { ProfileCard } from './ProfileCard.tsx';
import { usePeopleStore } from './peopleStore.ts';

export function FindPeople({ shown, onFollowed, followingIds }: { shown: PublicProfile | null; onFollowed(): void; followingIds: ReadonlySet<string> }) {
  const profiles = usePeopleStore();
  const [text, setText] = useState('');
  const [found, setFound] = useState<PublicProfile[] | null>(null);
  const action = useAction();
  const follow = useAction();

  const find = () => action.run(async () => {
    const query = text.trim();
    const results = await profiles.find(/^https?:\/\//i.test(query) ? { link: query } : { email: query });
    setFound(results);
  });
  const people = shown ? [shown, ...(found ?? []).filter((p) => p.id !== shown.id)] : found ?? [];

  return (
    <section className="groups-section" aria-labelledby="find-heading">
      <h2 id="find-heading" className="section-title">Find people</h2>
      <form className="inline-form" onSubmit={(e) => { e.preventDefault(); if (text.trim()) void find(); }}>
        <label className="sr-only" htmlFor="find-person">E-mail address or profile link</label>
        <input id="find-person" className="input" type="search" placeholder="E-mail address or profile link" value={text} onChange={(e) => setText(e.target.value)} />
        <button type="submit" className="button" disabled={!text.trim() || action.busy}>Find</button>
      </form>
      <Outcome action={action} />
      {found && found.length === 0 ? <p className="muted">Nobody has that address or link here.</p> : null}
      {people.map((p) => (
        <div key={p.id} className="person-result">
          <ProfileCard profile={p} />
          {followingIds.has(p.id) ? <p className="muted">You follow {p.first_name} or asked to.</p> : (
            <button type="button" className="button small primary" disabled={follow.busy}
              onClick={() => void follow.run(() => profiles.requestFollow({ profileId: p.id }), `Request sent: ${p.display_name} answers it.`, onFollowed)}>
              Follow
            </button>
          )}
        </div>
      ))}
      <Outcome action={follow} />
    </section>
  );
}
