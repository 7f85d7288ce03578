// Another person's profile as the service shows it to others (never their e-mail).
import type { PublicProfile } from '../../../shared/bridge/contract.ts';
import { ProfilePhoto } from './ProfilePhoto.tsx';

export function ProfileCard({ profile }: { profile: PublicProfile }) {
  const job = profile.employment?.find((j) => j.is_main_employment);
  const rows: [string, string | undefined][] = [
    ['Institution', profile.institution ?? job?.institution],
    ['Position', job?.position],
    ['Academic status', profile.academic_status],
    ['Location', profile.location?.name],
    ['Research interests', profile.research_interests],
    ['Discipline', profile.discipline?.name],
  ];
  const shown = rows.filter(([, value]) => value);
  return (
    <article className="profile-card" aria-label={`Profile of ${profile.display_name}`}>
      <div className="profile-card-head">
        <ProfilePhoto url={profile.photo?.square ?? profile.photo?.original} name={profile.display_name} size={40} />
        <h3 className="profile-name">{profile.display_name}</h3>
      </div>
      {shown.length ? (
        <dl className="details-meta profile-facts">
          {shown.map(([label, value]) => [<dt key={`${label}-t`}>{label}</dt>, <dd key={`${label}-d`}>{value}</dd>])}
        </dl>
      ) : <p className="muted">{profile.first_name} has not filled in their profile yet.</p>}
      {profile.biography ? <p className="profile-bio">{profile.biography}</p> : null}
    </article>
  );
}
