// The Profile resource and the amendment a user sends to PATCH /profiles/me, with every
// bound of the spec ("Profile", "Academic status"). Where the spec gives no bound, the
// one chosen here is named so clients and forms read the same number.
import { Type, type Static } from 'typebox';
import { IsoTimestamp, Nullable, PhotoUrls } from './common.ts';

export const ACADEMIC_STATUSES = [
  'Post Doc',
  'Doctoral Student',
  'Ph.D. Student',
  'Student (Postgraduate)',
  'Student (Master)',
  'Student (Bachelor)',
  'Professor',
  'Associate Professor',
  'Assistant Professor',
  'Senior Lecturer',
  'Lecturer',
  'Researcher (at an Academic Institution)',
  'Librarian',
  'Researcher (at a non-Academic Institution)',
  'Other Professional',
] as const;
export type AcademicStatus = (typeof ACADEMIC_STATUSES)[number];

export const USER_TYPES = ['normal', 'devpartner', 'advisor', 'lead', 'staff', 'admin'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** Bounds the spec leaves open. */
export const NAME_MAX = 255;
export const TITLE_MAX = 100;
export const BIOGRAPHY_MAX = 10_000;
export const RESEARCH_INTERESTS_MAX = 2_000;
export const ENTRIES_MAX = 100; // education, employment, disciplines

const str = (maxLength: number) => Type.String({ maxLength });

export const Discipline = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 255 }),
    subdisciplines: Type.Optional(Type.Array(str(255), { maxItems: ENTRIES_MAX })),
  },
  { additionalProperties: false },
);
export type Discipline = Static<typeof Discipline>;

export const ProfileLocation = Type.Object(
  {
    name: Type.Optional(str(255)),
    latitude: Type.Optional(Type.Number({ minimum: -90, maximum: 90 })),
    longitude: Type.Optional(Type.Number({ minimum: -180, maximum: 180 })),
    city: Type.Optional(str(255)),
    state: Type.Optional(str(255)),
    country: Type.Optional(str(255)),
    id: Type.Optional(str(64)),
  },
  { additionalProperties: false },
);
export type ProfileLocation = Static<typeof ProfileLocation>;

export const Education = Type.Object(
  {
    institution: Type.Optional(str(255)),
    degree: Type.Optional(str(100)),
    start_date: Type.Optional(IsoTimestamp),
    end_date: Type.Optional(IsoTimestamp),
    website: Type.Optional(str(255)),
  },
  { additionalProperties: false },
);
export type Education = Static<typeof Education>;

export const Employment = Type.Object(
  {
    institution: Type.Optional(str(255)),
    position: Type.Optional(str(100)),
    degree: Type.Optional(str(100)),
    start_date: Type.Optional(IsoTimestamp),
    end_date: Type.Optional(IsoTimestamp),
    website: Type.Optional(str(255)),
    classes: Type.Optional(Type.Array(str(255), { maxItems: ENTRIES_MAX })),
    is_main_employment: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type Employment = Static<typeof Employment>;

export const Image = Type.Object({
  width: Type.Optional(Type.Integer()),
  height: Type.Optional(Type.Integer()),
  original: Type.Boolean(),
  url: Type.String(),
});
export type Image = Static<typeof Image>;

/** Fields a user may set on their own profile, with their bounds. */
export const profileFieldSchemas = {
  first_name: Type.String({ minLength: 1, maxLength: NAME_MAX }),
  last_name: Type.String({ minLength: 1, maxLength: NAME_MAX }),
  title: str(TITLE_MAX),
  biography: str(BIOGRAPHY_MAX),
  research_interests: str(RESEARCH_INTERESTS_MAX),
  academic_status: Type.Unsafe<AcademicStatus>({ type: 'string', enum: [...ACADEMIC_STATUSES] }),
  discipline: Discipline,
  disciplines: Type.Array(Discipline, { maxItems: ENTRIES_MAX }),
  location: ProfileLocation,
  education: Type.Array(Education, { maxItems: ENTRIES_MAX }),
  employment: Type.Array(Employment, { maxItems: ENTRIES_MAX }),
  marketing: Type.Boolean(),
  scopus_author_id: str(255),
} as const;

export type ProfileFieldName = keyof typeof profileFieldSchemas;
export const PROFILE_FIELD_NAMES = Object.keys(profileFieldSchemas) as ProfileFieldName[];
/** Fields that cannot be cleared. */
export const REQUIRED_PROFILE_FIELDS: readonly ProfileFieldName[] = ['first_name', 'last_name'];

type FieldSchemas = typeof profileFieldSchemas;

/**
 * PATCH /profiles/me body: any of the fields above; null clears an optional field.
 * Unknown fields are refused (400), and so are email and id: they cannot be changed here.
 */
export const ProfileAmendment = Type.Object(
  Object.fromEntries(
    PROFILE_FIELD_NAMES.map((name) => [
      name,
      Type.Optional(REQUIRED_PROFILE_FIELDS.includes(name) ? profileFieldSchemas[name] : Nullable(profileFieldSchemas[name])),
    ]),
  ) as { [K in ProfileFieldName]: ReturnType<typeof Type.Optional<FieldSchemas[K]>> },
  { additionalProperties: false },
);
export type ProfileAmendment = { [K in ProfileFieldName]?: Static<FieldSchemas[K]> | null };

/** Fields stored beside the indexed columns (everything settable except the names). */
export type ProfileData = { [K in Exclude<ProfileFieldName, 'first_name' | 'last_name'>]?: Static<FieldSchemas[K]> } & {
  photo?: Static<typeof PhotoUrls>;
  photos?: Image[];
  user_type?: UserType;
};

/** A profile as others see it: no email, no marketing choice. */
export interface PublicProfile extends Omit<ProfileData, 'marketing'> {
  id: string;
  first_name: string;
  last_name: string;
  display_name: string;
  link: string;
  verified: boolean;
  user_type: UserType;
  created: string;
  institution?: string;
}

/** The caller's own profile (GET /profiles/me). */
export interface OwnProfile extends PublicProfile {
  email: string;
  marketing?: boolean;
}
