// Client-side checks of document fields against the SAME schemas the replica and the service
// validate with (shared/schemas/document.ts), so a form shows a bound before a save fails.
// TypeBox's Value.Errors interprets the schema (no eval), which the renderer's CSP requires.
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import { identifierProblem } from '../../shared/identifiers/index.ts';
import { maxLengthOf } from '../../shared/schemas/common.ts';
import { documentBoundProblems, documentFieldSchemas, type DocumentFieldName } from '../../shared/schemas/document.ts';
import { fieldLabel } from './fieldLayout.ts';

const allFields = Type.Object(documentFieldSchemas);

/** The longest string a text field accepts, for counters next to inputs. */
export function fieldMaxLength(field: DocumentFieldName): number | undefined {
  return maxLengthOf(allFields, field);
}

interface SchemaError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

const ordinal = (path: string): number | undefined => {
  const match = /^\/(\d+)/.exec(path);
  return match ? Number(match[1]) + 1 : undefined;
};

function describe(field: DocumentFieldName, error: SchemaError, value: unknown): string {
  const label = fieldLabel(field);
  const position = ordinal(error.instancePath);
  const itemLabel = position !== undefined ? `${label} ${position}` : label;
  const sub = error.instancePath.split('/').slice(2).join('.');
  const subject = sub ? `${itemLabel}: ${sub.replace(/_/g, ' ')}` : itemLabel;
  const { params } = error;
  switch (error.keyword) {
    case 'maxLength': {
      const length = typeof value === 'string' ? ` (now ${value.length})` : '';
      return `${subject} is too long: at most ${params.limit} characters${position === undefined ? length : ''}`;
    }
    case 'minLength':
      return params.limit === 1 ? `${subject} must not be empty` : `${subject} needs at least ${params.limit} characters`;
    case 'maximum':
      return `${subject} must be at most ${params.limit}`;
    case 'minimum':
      return `${subject} must be at least ${params.limit}`;
    case 'maxItems':
      return `${subject} has too many entries: at most ${params.limit}`;
    case 'required': {
      const missing = (params.requiredProperties as string[] | undefined)?.[0] ?? 'a value';
      return `${subject} needs a ${missing.replace(/_/g, ' ')}`;
    }
    case 'type':
      return params.type === 'integer' || params.type === 'number' ? `${subject} must be a whole number` : `${subject} has the wrong kind of value`;
    case 'pattern':
      return `${subject} must be a date like 2024-05-31`;
    case 'enum':
      return `${subject} must be one of the listed values`;
    case 'additionalProperties':
      return `${subject} has an unknown entry`;
    default:
      return `${subject} is not valid`;
  }
}

/**
 * The first problem of a field's value as a sentence a person can act on, or undefined
 * when the value is fine. null and undefined mean "cleared", which is allowed except for
 * the title (and type, which a select keeps valid).
 */
export function fieldProblem(field: DocumentFieldName, value: unknown): string | undefined {
  if (value === null || value === undefined) return field === 'title' ? `${fieldLabel(field)} must not be empty` : undefined;
  const schema = documentFieldSchemas[field];
  const errors = [...Value.Errors(schema, value)] as SchemaError[];
  if (errors.length > 0) {
    // For a union (edition: text or list) the first branch's error is the readable one.
    const first = errors.find((e) => e.keyword !== 'anyOf') ?? errors[0]!;
    return describe(field, first, value);
  }
  const bound = documentBoundProblems({ [field]: value });
  if (bound[0]) return bound[0];
  if (field === 'identifiers' && typeof value === 'object') {
    for (const [key, raw] of Object.entries(value as Record<string, unknown>)) {
      const problem = typeof raw === 'string' ? identifierProblem(key, raw) : undefined;
      if (problem) return problem;
    }
  }
  return undefined;
}

/** Problems of a whole new document (the dialog checks every field it sends). */
export function documentProblems(fields: Partial<Record<DocumentFieldName, unknown>>): Partial<Record<DocumentFieldName, string>> {
  const problems: Partial<Record<DocumentFieldName, string>> = {};
  for (const [name, value] of Object.entries(fields) as [DocumentFieldName, unknown][]) {
    const problem = fieldProblem(name, value);
    if (problem) problems[name] = problem;
  }
  return problems;
}
