// My profile, editable: names, title, academic status, institution and place (type-ahead
// pickers backed by the service's vocabularies), research interests and biography. Only
// what changed is saved; the e-mail address is shown to me alone and is not editable here.
import { useEffect, useState } from 'react';
import type { Institution, Location, OwnProfile } from '../../../shared/bridge/contract.ts';
import { Outcome } from '../groups/Outcome.tsx';
import { useAction, useLoaded } from '../groups/useRemote.ts';
import { Combobox, type Suggestion } from './Combobox.tsx';
import { PhotoPicker } from './PhotoPicker.tsx';
import { amendmentOf, draftOf, type ProfileDraft } from './profileDraft.ts';
import { usePeopleStore } from './peopleStore.ts';

const place = (l: { city?: string; state?: string; country?: string }) => [l.state, l.country].filter(Boolean).join(', ');

export function ProfileEditor({ profile, onSaved }: { profile: OwnProfile; onSaved(profile: OwnProfile): void }) {
  const people = usePeopleStore();
  const [draft, setDraft] = useState<ProfileDraft>(() => draftOf(profile));
  useEffect(() => setDraft(draftOf(profile)), [profile]);
  const statuses = useLoaded(() => people.academicStatuses(), 'statuses');
  const action = useAction();
  const change = amendmentOf(profile, draft);
  const dirty = Object.keys(change).length > 0;
  const nameProblem = !draft.first_name.trim() || !draft.last_name.trim() ? 'First and last name are both needed' : null;
  const set = <K extends keyof ProfileDraft>(field: K, value: ProfileDraft[K]) => setDraft((d) => ({ ...d, [field]: value }));

  const searchInstitutions = async (text: string): Promise<Suggestion<Institution>[]> => {
    if ([...text.trim()].length < 3) return [];
    const found = await people.institutions({ hint: text.trim(), limit: 10 });
    return found.map((i) => ({ key: i.id, label: i.name, detail: [i.city, i.country].filter(Boolean).join(', '), value: i }));
  };
  const searchPlaces = async (text: string): Promise<Suggestion<Location>[]> => {
    if (!text.trim()) return [];
    const found = await people.locations({ prefix: text.trim(), limit: 10 });
    return found.map((l) => ({ key: l.id, label: l.name, detail: place(l), value: l }));
  };

  const save = () => action.run(async () => {
    const saved = await people.updateMe(change);
    onSaved(saved);
  }, 'Profile saved.');

  const text = (field: 'first_name' | 'last_name' | 'title' | 'research_interests', label: string, max: number) => (
    <div className={`field ${field === 'research_interests' ? 'wide' : ''}`}>
      <label className="field-label" htmlFor={`profile-${field}`}>{label}</label>
      <input id={`profile-${field}`} className="input" maxLength={max} value={draft[field]} onChange={(e) => set(field, e.target.value)}
        aria-invalid={(field === 'first_name' || field === 'last_name') && !draft[field].trim() ? true : undefined} />
    </div>
  );

  return (
    <form className="profile-form" aria-label="My profile" onSubmit={(e) => { e.preventDefault(); if (!nameProblem && dirty) void save(); }}>
      <PhotoPicker profile={profile} onSaved={onSaved} />
      {text('first_name', 'First name', 255)}
      {text('last_name', 'Last name', 255)}
      {text('title', 'Title', 100)}
      <div className="field">
        <label className="field-label" htmlFor="profile-status">Academic status</label>
        <select id="profile-status" className="input" value={draft.academic_status} onChange={(e) => set('academic_status', e.target.value)}>
          <option value="">Not given</option>
          {(statuses.value ?? (draft.academic_status ? [draft.academic_status] : [])).map((s) => <option key={s} value={s}>{s}</option>)}
        </select>
      </div>
      <Combobox<Institution>
        id="profile-institution"
        label="Institution"
        value={draft.institution}
        hint="Type at least 3 letters of its name to pick from known institutions."
        onText={(t) => set('institution', t)}
        onPick={(s) => set('institution', s.value.name)}
        search={searchInstitutions}
      />
      <div className="field wide">
        <label className="field-label" htmlFor="profile-position">Position</label>
        <input id="profile-position" className="input" maxLength={100} value={draft.position} onChange={(e) => set('position', e.target.value)} />
      </div>
      <Combobox<Location>
        id="profile-location"
        label="Location"
        value={draft.locationText}
        hint="Start typing a city; accents do not matter."
        onText={(t) => setDraft((d) => ({ ...d, locationText: t }))}
        onPick={(s) => setDraft((d) => ({ ...d, locationText: s.value.name, location: { name: s.value.name, latitude: s.value.latitude, longitude: s.value.longitude, ...(s.value.city ? { city: s.value.city } : {}), ...(s.value.country ? { country: s.value.country } : {}) } }))}
        search={searchPlaces}
      />
      {text('research_interests', 'Research interests (separate them with commas)', 2000)}
      <div className="field wide">
        <label className="field-label" htmlFor="profile-biography">Biography</label>
        <textarea id="profile-biography" className="input" rows={4} maxLength={10000} value={draft.biography} onChange={(e) => set('biography', e.target.value)} />
      </div>
      <p className="field wide muted">E-mail: {profile.email} (only you see it)</p>
      {nameProblem ? <p className="field wide field-error" role="alert">{nameProblem}</p> : null}
      <div className="field wide form-actions">
        <Outcome action={action} />
        <button type="button" className="button" disabled={!dirty || action.busy} onClick={() => setDraft(draftOf(profile))}>Undo changes</button>
        <button type="submit" className="button primary" disabled={!dirty || nameProblem !== null || action.busy}>{action.busy ? 'Saving…' : 'Save profile'}</button>
      </div>
    </form>
  );
}
