// Requests arrive from a renderer (or a browser page): the types say what they should be,
// these checks make sure of it before the core acts, with a message naming the field.
import { BridgeFailure } from './failure.ts';

export function objectOf(request: unknown, what: string): Record<string, unknown> {
  if (request === undefined || request === null) return {};
  if (typeof request !== 'object' || Array.isArray(request)) throw new BridgeFailure('invalid', `${what} needs an object`);
  return request as Record<string, unknown>;
}

export function requiredObject(request: unknown, what: string): Record<string, unknown> {
  if (typeof request !== 'object' || request === null || Array.isArray(request)) throw new BridgeFailure('invalid', `${what} needs an object`);
  return request as Record<string, unknown>;
}

export function stringField(request: Record<string, unknown>, field: string): string {
  const value = request[field];
  if (typeof value !== 'string' || value.length === 0) throw new BridgeFailure('invalid', `${field} must be a non-empty string`, field);
  return value;
}

export function stringList(request: Record<string, unknown>, field: string): string[] {
  const value = request[field];
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' || v.length === 0)) {
    throw new BridgeFailure('invalid', `${field} must be a list of non-empty strings`, field);
  }
  return value as string[];
}
