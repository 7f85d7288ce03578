// The Annotation resource: three kinds in one shape, with every bound the service enforces.
// Server validation and the desktop's editors read this file.
//
// Kinds (real-api notes "Annotations"):
//   note        document_id and text only; at most one per document and creator
//   sticky_note filehash, exactly one position whose top_left equals bottom_right, text
//   highlight   filehash, one or more positions, color; optionally a style (beyond the
//               real API: 'underline' for underlined text, 'area' for a rectangle over a
//               figure; absent, the text is highlighted). Clients that do not know it see
//               an ordinary highlight.
import { Type, type Static } from 'typebox';
import { Color, Nullable } from './common.ts';

export const ANNOTATION_TYPES = ['note', 'sticky_note', 'highlight'] as const;
export type AnnotationType = (typeof ANNOTATION_TYPES)[number];

export const HIGHLIGHT_STYLES = ['underline', 'area'] as const;
export type HighlightStyle = (typeof HIGHLIGHT_STYLES)[number];

export const PRIVACY_LEVELS = ['public', 'group', 'private'] as const;
export type PrivacyLevel = (typeof PRIVACY_LEVELS)[number];
export const DEFAULT_PRIVACY_LEVEL: PrivacyLevel = 'private';

/** Longest annotation text, in characters. */
export const ANNOTATION_TEXT_MAX = 100_000;
/** Most positions one highlight may cover (one per highlighted line). */
export const ANNOTATION_POSITIONS_MAX = 10_000;
/** Coordinates are page points; the bound also rules out 1e400, which JSON.parse reads as Infinity. */
export const COORDINATE_LIMIT = 1_000_000;
/** Highlights created without a colour get the usual yellow. */
export const DEFAULT_HIGHLIGHT_COLOR: Color = { r: 255, g: 245, b: 173 };

export const Filehash = Type.String({ pattern: '^[0-9a-fA-F]{40}$', description: 'SHA-1 of the file, 40 hex digits' });

const Coordinate = Type.Number({ minimum: -COORDINATE_LIMIT, maximum: COORDINATE_LIMIT });

export const Point = Type.Object({ x: Coordinate, y: Coordinate }, { additionalProperties: false });
export type Point = Static<typeof Point>;

export const Position = Type.Object(
  {
    top_left: Point,
    bottom_right: Point,
    page: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
  },
  { additionalProperties: false },
);
export type Position = Static<typeof Position>;

export const Positions = Type.Array(Position, { maxItems: ANNOTATION_POSITIONS_MAX });

const Privacy = Type.Unsafe<PrivacyLevel>({ type: 'string', enum: [...PRIVACY_LEVELS] });
const Kind = Type.Unsafe<AnnotationType>({ type: 'string', enum: [...ANNOTATION_TYPES] });
const Text = Type.String({ maxLength: ANNOTATION_TEXT_MAX });
const Style = Type.Unsafe<HighlightStyle>({ type: 'string', enum: [...HIGHLIGHT_STYLES] });

/**
 * POST body. `type` may be left out: it is inferred from the shape (see shared/annotations/annotationKinds.ts).
 * profile_id, id, created and last_modified are accepted for compatibility and ignored:
 * the server sets them.
 */
export const AnnotationCreate = Type.Object({
  type: Type.Optional(Kind),
  document_id: Type.String({ minLength: 1, maxLength: 64 }),
  text: Type.Optional(Text),
  color: Type.Optional(Color),
  positions: Type.Optional(Positions),
  style: Type.Optional(Style),
  privacy_level: Type.Optional(Privacy),
  filehash: Type.Optional(Filehash),
  profile_id: Type.Optional(Type.String({ maxLength: 64 })),
  id: Type.Optional(Type.String({ maxLength: 64 })),
});
export type AnnotationCreate = Static<typeof AnnotationCreate>;

/**
 * PATCH body: any of these; omitted fields stay as they are; null clears text or color
 * where the kind allows it. `type` and `document_id` may be echoed back but not changed.
 */
export const AnnotationPatch = Type.Object({
  text: Type.Optional(Nullable(Text)),
  color: Type.Optional(Nullable(Color)),
  positions: Type.Optional(Nullable(Positions)),
  style: Type.Optional(Nullable(Style)),
  privacy_level: Type.Optional(Privacy),
  filehash: Type.Optional(Nullable(Filehash)),
  type: Type.Optional(Kind),
  document_id: Type.Optional(Type.String({ maxLength: 64 })),
});
export type AnnotationPatch = Static<typeof AnnotationPatch>;

/** An annotation as the service returns it (null attributes omitted). */
export interface Annotation {
  id: string;
  type: AnnotationType;
  document_id: string;
  profile_id: string;
  group_id?: string;
  filehash?: string;
  text?: string;
  color?: Color;
  positions?: Position[];
  style?: HighlightStyle;
  privacy_level: PrivacyLevel;
  created: string;
  last_modified: string;
}

/** What `GET /annotations?deleted_since=` returns for each deleted annotation. */
export interface DeletedAnnotation {
  id: string;
}
