// The editable part of my profile as a form holds it, and the amendment that saves it: only
// fields that changed are sent; the institution lives in the main employment entry.
import type { Employment, OwnProfile, ProfileAmendment, ProfileLocation } from '../../../shared/schemas/profile.ts';

export interface ProfileDraft {
  first_name: string;
  last_name: string;
  title: string;
  academic_status: string;
  research_interests: string;
  biography: string;
  institution: string;
  position: string;
  location: ProfileLocation | null;
  /** The location as typed (a picked one also sets `location`). */
  locationText: string;
}

export function mainEmployment(profile: Pick<OwnProfile, 'employment'>): Employment | undefined {
  return profile.employment?.find((job) => job.is_main_employment);
}

export function draftOf(profile: OwnProfile): ProfileDraft {
  const job = mainEmployment(profile);
  return {
    first_name: profile.first_name,
    last_name: profile.last_name,
    title: profile.title ?? '',
    academic_status: profile.academic_status ?? '',
    research_interests: profile.research_interests ?? '',
    biography: profile.biography ?? '',
    institution: job?.institution ?? '',
    position: job?.position ?? '',
    location: profile.location ?? null,
    locationText: profile.location?.name ?? '',
  };
}

/** The employment list with the main entry's institution and position set (or the entry dropped when both are empty). */
export function withMainEmployment(employment: readonly Employment[] | undefined, institution: string, position: string): Employment[] {
  const others = (employment ?? []).filter((job) => !job.is_main_employment);
  const current = (employment ?? []).find((job) => job.is_main_employment);
  if (!institution.trim() && !position.trim()) return others;
  const main: Employment = { ...current, is_main_employment: true };
  if (institution.trim()) main.institution = institution.trim(); else delete main.institution;
  if (position.trim()) main.position = position.trim(); else delete main.position;
  return [main, ...others];
}

/** What changed between the saved profile and the draft; empty text clears a field. */
export function amendmentOf(profile: OwnProfile, draft: ProfileDraft): ProfileAmendment {
  const before = draftOf(profile);
  const change: ProfileAmendment = {};
  for (const field of ['first_name', 'last_name'] as const) if (draft[field].trim() !== before[field]) change[field] = draft[field].trim();
  for (const field of ['title', 'research_interests', 'biography'] as const) {
    if (draft[field].trim() !== before[field]) change[field] = draft[field].trim() || null;
  }
  if (draft.academic_status !== before.academic_status) change.academic_status = (draft.academic_status || null) as ProfileAmendment['academic_status'];
  if (draft.institution.trim() !== before.institution || draft.position.trim() !== before.position) {
    change.employment = withMainEmployment(profile.employment, draft.institution, draft.position);
  }
  const text = draft.locationText.trim();
  if (text !== before.locationText || draft.location !== before.location) {
    // A picked place keeps its coordinates; text typed by hand is only a name.
    change.location = !text ? null : draft.location && draft.location.name === text ? draft.location : { name: text };
  }
  return change;
}
