// Validation of JSON bodies that routes read themselves (a route taking either bytes or
// JSON, or a body with two forms, cannot declare one body schema). Same rules as route
// schemas (validation.ts): strict, no coercion, string formats checked.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { Static, TSchema } from 'typebox';
import { badRequest } from './errors.ts';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const ajv = addFormats(new Ajv({ allErrors: false, strict: false, coerceTypes: false, useDefaults: true }));
const compiled = new WeakMap<TSchema, ValidateFunction>();

export function checkBody<T extends TSchema>(schema: T, body: unknown): Static<T> {
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest('Request body must be a JSON object');
  }
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema as object);
    compiled.set(schema, validate);
  }
  if (!validate(body)) throw badRequest(describe(validate.errors?.[0]));
  return body as Static<T>;
}

function describe(error: ErrorObject | undefined): string {
  if (!error) return 'Request body is invalid';
  const where = `body${error.instancePath.replace(/\//g, '.')}`;
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required') return `${where} is missing the required field "${String(params.missingProperty)}"`;
  if (error.keyword === 'additionalProperties') return `${where} has an unknown field "${String(params.additionalProperty)}"`;
  if (error.keyword === 'not') return `${where} is not allowed here`;
  return `${where} ${error.message ?? 'is invalid'}`;
}
