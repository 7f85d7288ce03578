import { describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { Value } from 'typebox/value';
import * as schemas from './index.ts';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

function isSchema(value: unknown): value is object {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  // Maps of field schemas (documentFieldSchemas...) also have a `type` key, holding a schema.
  const v = value as { type?: unknown; anyOf?: unknown; enum?: unknown };
  return typeof v.type === 'string' || Array.isArray(v.anyOf) || Array.isArray(v.enum);
}

describe('schema index', () => {
  it('re-exports every module of the contract', () => {
    for (const name of ['DocumentCreate', 'DocumentPatch', 'Nullable', 'Group', 'Follow', 'Institution', 'CatalogDocument',
      'DraftDataset', 'Submission', 'AnnotationCreate', 'ProfileAmendment', 'LibraryFile', 'Folder']) {
      expect(schemas, name).toHaveProperty(name);
    }
  });

  it('compiles every exported schema with the service validator (ajv, strict bodies)', () => {
    const ajv = addFormats(new Ajv({ strict: false, coerceTypes: false, allErrors: false }));
    const entries = (Object.entries(schemas) as [string, unknown][]).filter((entry): entry is [string, object] => isSchema(entry[1]));
    expect(entries.length).toBeGreaterThan(50);
    for (const [name, schema] of entries) expect(() => ajv.compile(schema), name).not.toThrow();
  });

  it('agrees with typebox on the bounds (month 13 is refused by both)', () => {
    const ajv = addFormats(new Ajv({ strict: false }));
    const patch = { month: 13 };
    expect(Value.Check(schemas.DocumentPatch, patch)).toBe(false);
    expect(ajv.validate(schemas.DocumentPatch, patch)).toBe(false);
    const group = { name: 'G', access_level: 'secret' };
    expect(ajv.validate(schemas.GroupCreate, group)).toBe(false);
    expect(ajv.validate(schemas.DatasetCategory, { label: 'Alchemy' })).toBe(false);
    expect(ajv.validate(schemas.DatasetPatch, { filename: 'a', description: 'b', content_details: { id: 'c' } })).toBe(true);
    expect(ajv.validate(schemas.GroupInvitationRequest, { recipients: [{ email: 'x' }] })).toBe(false);
  });
});
