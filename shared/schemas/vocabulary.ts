// Read-only reference vocabularies: academic statuses, disciplines, identifier types,
// institutions (and their trees) and locations.
import { Type, type Static } from 'typebox';
import { Uuid } from './common.ts';
import { ACADEMIC_STATUSES, type AcademicStatus } from './profile.ts';

/** The values an academic status takes; one list, kept with the profile that uses it. */
export const AcademicStatusDescription = Type.Unsafe<AcademicStatus>({ type: 'string', enum: [...ACADEMIC_STATUSES] });

/** An item of GET /academic_statuses (the profile module names the string values AcademicStatus). */
export const AcademicStatusEntry = Type.Object({ description: AcademicStatusDescription });
export type AcademicStatusEntry = Static<typeof AcademicStatusEntry>;

/** Same bound as the profile's Discipline name. */
const DisciplineName = Type.String({ minLength: 1, maxLength: 255 });

export const DisciplineListItem = Type.Object({
  name: DisciplineName,
  subdisciplines: Type.Array(Type.String({ maxLength: 255 }), { maxItems: 1000 }), // bound chosen here: spec shows none
});
export type DisciplineListItem = Static<typeof DisciplineListItem>;

/** The identifier types of the vocabulary (documents also accept ssrn, which is not listed here). */
export const IDENTIFIER_TYPE_NAMES = ['arxiv', 'doi', 'isbn', 'issn', 'pmid', 'scopus'] as const;
export type IdentifierTypeName = (typeof IDENTIFIER_TYPE_NAMES)[number];

export const IdentifierType = Type.Object({
  name: Type.Unsafe<IdentifierTypeName>({ type: 'string', enum: [...IDENTIFIER_TYPE_NAMES] }),
  description: Type.String(),
});
export type IdentifierType = Static<typeof IdentifierType>;

export const Institution = Type.Object({
  id: Uuid,
  /** English name. */
  name: Type.String({ minLength: 1 }),
  city: Type.Optional(Type.String()),
  state: Type.Optional(Type.String()),
  country: Type.Optional(Type.String()),
  parent_id: Type.Optional(Uuid),
  urls: Type.Optional(Type.Array(Type.String())),
  alt_names: Type.Optional(Type.Array(Type.Object({ name: Type.String() }))),
});
export type Institution = Static<typeof Institution>;

/** A tree is partial when its root has a parent_id, complete when it has none. */
export const InstitutionTree = Type.Object({
  id: Uuid,
  institution_nodes: Type.Array(Institution),
});
export type InstitutionTree = Static<typeof InstitutionTree>;

export function isCompleteTree(tree: InstitutionTree): boolean {
  const root = tree.institution_nodes.find((node) => node.id === tree.id);
  return root !== undefined && root.parent_id === undefined;
}

export const Location = Type.Object({
  id: Uuid,
  latitude: Type.Number({ minimum: -90, maximum: 90 }),
  longitude: Type.Number({ minimum: -180, maximum: 180 }),
  name: Type.String(),
  city: Type.Optional(Type.String()),
  state: Type.Optional(Type.String()),
  country: Type.Optional(Type.String()),
});
export type Location = Static<typeof Location>;

export const INSTITUTION_HINT_MIN_LENGTH = 3;
export const INSTITUTIONS_LIMIT_MAX = 100;
export const LOCATIONS_LIMIT_DEFAULT = 20;
export const LOCATIONS_LIMIT_MAX = 100;

const SearchText = Type.String({ maxLength: 255 }); // bound chosen here: spec shows none

/** GET /institutions: at most 100 results, also without a limit. */
export const InstitutionsQuery = Type.Object({
  hint: Type.Optional(Type.String({ minLength: INSTITUTION_HINT_MIN_LENGTH, maxLength: 255 })),
  email: Type.Optional(SearchText),
  name: Type.Optional(SearchText),
  city: Type.Optional(SearchText),
  state: Type.Optional(SearchText),
  country: Type.Optional(SearchText),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: INSTITUTIONS_LIMIT_MAX, default: INSTITUTIONS_LIMIT_MAX })),
});
export type InstitutionsQuery = Static<typeof InstitutionsQuery>;

export const InstitutionTreesQuery = Type.Object({ institution_id: Uuid });
export type InstitutionTreesQuery = Static<typeof InstitutionTreesQuery>;

export const LocationsQuery = Type.Object({
  prefix: Type.String({ minLength: 1, maxLength: 255 }),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: LOCATIONS_LIMIT_MAX, default: LOCATIONS_LIMIT_DEFAULT })),
});
export type LocationsQuery = Static<typeof LocationsQuery>;
