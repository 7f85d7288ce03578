import { Type, type Static, type TSchema } from 'typebox';

/** A value that may also be null: in PATCH bodies null clears the field. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const Uuid = Type.String({ pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' });

/** ISO 8601 date or date-time, as the service accepts it in bodies and queries. */
export const IsoTimestamp = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}([Tt ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?([Zz]|[+-]\\d{2}:?\\d{2})?)?$',
  maxLength: 64,
});

export const Person = Type.Object({
  last_name: Type.String({ minLength: 1, maxLength: 255 }),
  first_name: Type.Optional(Type.String({ maxLength: 255 })),
  // Beyond the spec's person (which does not forbid further fields): "Jr.", "III".
  suffix: Type.Optional(Type.String({ maxLength: 50 })),
  scopus_author_id: Type.Optional(Type.String({ maxLength: 255 })),
});
export type Person = Static<typeof Person>;

export const Color = Type.Object({
  r: Type.Integer({ minimum: 0, maximum: 255 }),
  g: Type.Integer({ minimum: 0, maximum: 255 }),
  b: Type.Integer({ minimum: 0, maximum: 255 }),
});
export type Color = Static<typeof Color>;

export const PhotoUrls = Type.Object({
  original: Type.Optional(Type.String()),
  standard: Type.Optional(Type.String()),
  square: Type.Optional(Type.String()),
});

/** Error body on every failed service call. */
export const ErrorBody = Type.Object({ message: Type.String() });
export type ErrorBody = Static<typeof ErrorBody>;

/** Reads the maxLength a schema declares for a string property (forms use it). */
export function maxLengthOf(schema: TSchema, property: string): number | undefined {
  const props = (schema as { properties?: Record<string, TSchema> }).properties ?? {};
  let prop = props[property] as { maxLength?: number; anyOf?: { maxLength?: number }[] } | undefined;
  if (prop?.anyOf) prop = prop.anyOf.find((s) => typeof s.maxLength === 'number');
  return prop?.maxLength;
}
