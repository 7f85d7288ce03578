// The People tab: my profile to edit on the left; followers, following and finding people
// on the right.
import { useMemo, useState } from 'react';
import type { OwnProfile, PublicProfile } from '../../../shared/bridge/contract.ts';
import { useLoaded } from '../groups/useRemote.ts';
import { FindPeople } from './FindPeople.tsx';
import { FollowSection } from './FollowSection.tsx';
import { ProfileEditor } from './ProfileEditor.tsx';
import { usePeopleStore } from './peopleStore.ts';

export function PeopleView() {
  const people = usePeopleStore();
  const [saved, setSaved] = useState<OwnProfile | null>(null);
  const me = useLoaded(() => people.me(), 'me');
  const [version, setVersion] = useState(0);
  const overview = useLoaded(() => people.followOverview(), `follows|${version}`);
  const [shown, setShown] = useState<PublicProfile | null>(null);
  const [showError, setShowError] = useState<string | null>(null);
  const profile = saved ?? me.value;
  const followingIds = useMemo(() => new Set((overview.value?.following ?? []).map((f) => f.profileId)), [overview.value]);

  const show = async (id: string) => {
    try {
      setShown(await people.profile({ id }));
      setShowError(null);
    } catch (error) {
      setShowError((error as Error).message);
    }
  };

  return (
    <div className="people-view">
      <section className="people-profile" aria-labelledby="profile-heading">
        <h2 id="profile-heading" className="section-title">My profile</h2>
        {me.error ? (
          <div className="empty-state">
            <p className="empty-title">Your profile lives on the service</p>
            <p className="empty-hint">{me.error}</p>
            <button type="button" className="button" onClick={() => void me.reload()}>Try again</button>
          </div>
        ) : null}
        {!profile && !me.error ? <p className="muted">Loading your profile…</p> : null}
        {profile ? <ProfileEditor profile={profile} onSaved={setSaved} /> : null}
      </section>
      <div className="people-side">
        <FollowSection overview={overview} onShow={(id) => void show(id)} />
        {showError ? <p className="outcome error" role="alert">{showError}</p> : null}
        <FindPeople shown={shown} followingIds={followingIds} onFollowed={() => setVersion((v) => v + 1)} />
      </div>
    </div>
  );
}
