// Local edits are checked against the same shared schemas the service validates with, so
// the desktop refuses at once what a push would be refused for, with a message a person
// can read ("title is too long: at most 500 characters").
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { Type, type TSchema } from 'typebox';
import { DocumentCreate, DocumentPatch, documentBoundProblems } from '../../../shared/schemas/document.ts';
import { AnnotationCreate, AnnotationPatch } from '../../../shared/schemas/annotation.ts';
import { FolderCreate, FolderPatch } from '../../../shared/schemas/folder.ts';
import { invalid } from './errors.ts';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const ajv = addFormats(new Ajv({ allErrors: false, strict: false, coerceTypes: false, useDefaults: false }));

function strictObject(properties: Record<string, TSchema>, omit: readonly string[] = []): TSchema {
  const kept = Object.fromEntries(Object.entries(properties).filter(([name]) => !omit.includes(name)));
  return Type.Object(kept, { additionalProperties: false });
}

// Server-set fields (id, profile_id) are not the desktop's to choose.
const validators = {
  'document create': ajv.compile(strictObject(DocumentCreate.properties, ['id', 'profile_id'])),
  'document update': ajv.compile(strictObject(DocumentPatch.properties)),
  'folder create': ajv.compile(FolderCreate),
  'folder update': ajv.compile(FolderPatch),
  'annotation create': ajv.compile(strictObject(AnnotationCreate.properties, ['id', 'profile_id'])),
  'annotation update': ajv.compile(strictObject(AnnotationPatch.properties, ['type', 'document_id'])),
} satisfies Record<string, ValidateFunction>;

export type ValidationSubject = keyof typeof validators;

function fieldPath(error: ErrorObject): string {
  const parts = error.instancePath.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  return parts.map((p, i) => (/^\d+$/.test(p) ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}

function describe(error: ErrorObject): { field: string; message: string } {
  const field = fieldPath(error);
  const params = error.params as Record<string, unknown>;
  const subject = field || 'the value';
  switch (error.keyword) {
    case 'maxLength':
      return { field, message: `${subject} is too long: at most ${params.limit} characters` };
    case 'minLength':
      return { field, message: params.limit === 1 ? `${subject} must not be empty` : `${subject} must have at least ${params.limit} characters` };
    case 'maximum':
      return { field, message: `${subject} must be at most ${params.limit}` };
    case 'minimum':
      return { field, message: `${subject} must be at least ${params.limit}` };
    case 'maxItems':
      return { field, message: `${subject} has too many entries: at most ${params.limit}` };
    case 'enum':
      return { field, message: `${subject} must be one of: ${(params.allowedValues as unknown[]).join(', ')}` };
    case 'type':
      return { field, message: `${subject} must be ${params.type === 'integer' ? 'a whole number' : `of type ${params.type}`}` };
    case 'required': {
      const missing = field ? `${field}.${String(params.missingProperty)}` : String(params.missingProperty);
      return { field: missing, message: `${missing} is required` };
    }
    case 'additionalProperties':
      return { field: String(params.additionalProperty), message: `${String(params.additionalProperty)} is not a field that can be set here` };
    case 'pattern':
      if (params.pattern === '\\S') return { field, message: `${subject} must not be blank` };
      return { field, message: `${subject} has an invalid format` };
    default:
      return { field, message: `${subject} ${error.message ?? 'is invalid'}` };
  }
}

/** Throws a ReplicaError('invalid') naming the first problem with `value`. */
export function validate(subject: ValidationSubject, value: unknown): void {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid(`A ${subject} needs an object of fields`);
  const check = validators[subject];
  if (!check(value)) {
    // For a nullable field Ajv reports the failed branch first, then "must be null" and the
    // anyOf summary: the first error is the one worth showing.
    const { field, message } = describe(check.errors![0]!);
    throw invalid(`Invalid ${subject.split(' ')[0]}: ${message}`, field);
  }
  if (subject.startsWith('document')) {
    const problems = documentBoundProblems(value as Record<string, unknown>);
    if (problems.length) throw invalid(`Invalid document: ${problems.join('; ')}`, 'websites');
  }
}
