// Clients that send back an object they read (sync clients, SDK objects turned into JSON)
// include the fields the service sets: id, created, last_modified and the like. Those are
// accepted and ignored, like the documents area does, rather than refused as unknown.
import { Type, type TObject, type TProperties, type TUnknown, type TOptional } from 'typebox';

type Echoed<Names extends string> = { [K in Names]: TOptional<TUnknown> };

/** `schema` with `names` allowed as well (any value); other unknown fields stay refused. */
export function withEchoedFields<P extends TProperties, Names extends string>(schema: TObject<P>, names: readonly Names[]): TObject<P & Echoed<Names>> {
  const echoed = Object.fromEntries(names.map((name) => [name, Type.Optional(Type.Unknown())])) as Echoed<Names>;
  return Type.Object({ ...schema.properties, ...echoed }, { additionalProperties: false }) as TObject<P & Echoed<Names>>;
}

/** Removes echoed server-set fields from a parsed body so handlers only see what may change. */
export function dropEchoedFields(body: unknown, names: readonly string[]): void {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return;
  for (const name of names) delete (body as Record<string, unknown>)[name];
}
