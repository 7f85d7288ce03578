// What a profile looks like on the wire: the owner's full view (with email and marketing)
// and everyone else's (without them). Null and absent attributes are omitted.
import { PROFILE_FIELD_NAMES, type OwnProfile, type PublicProfile, type UserType } from '../../shared/schemas/profile.ts';
import { profileData, type ProfileRow } from './profileStore.ts';

const PUBLIC_PATH = '/profiles/v/';

const PUBLIC_DATA_FIELDS = [
  ...PROFILE_FIELD_NAMES.filter((field) => !['first_name', 'last_name', 'marketing'].includes(field)),
  'photo',
  'photos',
];

/** The public profile URL, on the service's own base URL. */
export function profileLink(url: (path: string) => string, id: string): string {
  return url(`${PUBLIC_PATH}${encodeURIComponent(id)}`);
}

/** The profile id in a link this service issued (any host, so proxies and renames still match). */
export function profileIdFromLink(link: string): string | undefined {
  let pathname: string;
  try {
    pathname = new URL(link).pathname;
  } catch {
    return undefined;
  }
  const match = /^(?:.*)\/profiles\/v\/([^/]+)\/?$/.exec(pathname);
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return undefined;
  }
}

export function publicProfileView(row: ProfileRow, url: (path: string) => string): PublicProfile {
  const data = profileData(row);
  const view: PublicProfile = {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    display_name: [data.title, row.first_name, row.last_name].filter((part) => part && part.trim()).join(' '),
    link: profileLink(url, row.id),
    verified: Boolean(row.verified),
    user_type: (data.user_type ?? 'normal') as UserType,
    created: row.created,
  };
  // Only known public fields: other areas may keep private settings in the same column.
  const stored = data as Record<string, unknown>;
  for (const field of PUBLIC_DATA_FIELDS) {
    const value = stored[field];
    if (value !== null && value !== undefined) (view as unknown as Record<string, unknown>)[field] = value;
  }
  const institution = data.employment?.find((job) => job.is_main_employment)?.institution;
  if (institution) view.institution = institution;
  return view;
}

export function ownProfileView(row: ProfileRow, url: (path: string) => string): OwnProfile {
  const view: OwnProfile = { ...publicProfileView(row, url), email: row.email };
  const { marketing } = profileData(row);
  if (typeof marketing === 'boolean') view.marketing = marketing;
  return view;
}
