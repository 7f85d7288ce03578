// Checks document bodies against the shared schema (the one source of the spec's bounds).
// POST /documents takes JSON or file bytes, so bodies are validated here rather than by a
// route schema; failures carry Ajv's errors so the error handler words them like any other.
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { Type } from 'typebox';
import { badRequest } from '../http/errors.ts';
import { DOCUMENT_FIELD_NAMES, DocumentCreate, DocumentPatch, documentBoundProblems, documentFieldSchemas } from '../../shared/schemas/document.ts';
import { Nullable } from '../../shared/schemas/common.ts';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const ajv = addFormats(new Ajv({ allErrors: false, strict: false, coerceTypes: false, useDefaults: false }));

// Clients that send back a document they read include server-set fields; they are ignored.
const echoedServerFields = {
  id: Type.Optional(Type.Unknown()),
  profile_id: Type.Optional(Type.Unknown()),
  created: Type.Optional(Type.Unknown()),
  last_modified: Type.Optional(Type.Unknown()),
  file_attached: Type.Optional(Type.Unknown()),
};

// On create a null attribute is an absent one: responses omit null attributes, and the
// official Python SDK sends "group_id": null for a document of the personal library.
const nullableOnCreate = Object.fromEntries(
  DOCUMENT_FIELD_NAMES.filter((name) => name !== 'title').map((name) => [name, Type.Optional(Nullable(documentFieldSchemas[name]))]),
);
const createSchema = Type.Object(
  {
    ...nullableOnCreate,
    title: DocumentCreate.properties.title,
    ...echoedServerFields,
    group_id: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
  },
  { additionalProperties: false },
);
const patchSchema = Type.Object(
  { ...DocumentPatch.properties, ...echoedServerFields, group_id: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])) },
  { additionalProperties: false },
);

const validateCreate = ajv.compile(createSchema);
const validatePatch = ajv.compile(patchSchema);

function fail(errors: unknown): never {
  throw Object.assign(new Error('Request body is invalid'), { validation: errors, validationContext: 'body', statusCode: 400 });
}

function assertObject(body: unknown): asserts body is Record<string, unknown> {
  if (body === undefined) throw badRequest('Request body is empty; send a JSON document');
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('Request body must be a JSON object');
}

function assertBounds(body: Record<string, unknown>): void {
  const problems = documentBoundProblems(body);
  if (problems.length) throw badRequest(problems.join('; '));
}

export function checkCreateBody(body: unknown): DocumentCreate {
  assertObject(body);
  if (!validateCreate(body)) fail(validateCreate.errors);
  assertBounds(body);
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== null)) as DocumentCreate;
}

export function checkPatchBody(body: unknown): Record<string, unknown> {
  assertObject(body);
  if (!validatePatch(body)) fail(validatePatch.errors);
  assertBounds(body);
  return body;
}
