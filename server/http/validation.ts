// Two validators: request bodies are checked strictly (no type coercion, so `null` and
// "12" never pass as something else); query strings and params are coerced from text.
import { Ajv, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance, FastifySchema } from 'fastify';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const base: Options = { allErrors: false, strict: false, useDefaults: true };

export function installValidators(app: FastifyInstance): void {
  const strictAjv = addFormats(new Ajv({ ...base, coerceTypes: false, removeAdditional: false }));
  const coercingAjv = addFormats(new Ajv({ ...base, coerceTypes: 'array', removeAdditional: false }));
  app.setValidatorCompiler<FastifySchema>(({ schema, httpPart }) => {
    const ajv = httpPart === 'body' ? strictAjv : coercingAjv;
    return ajv.compile(schema as object) as never;
  });
}
