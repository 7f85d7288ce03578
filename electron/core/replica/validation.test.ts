import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ReplicaError } from './errors.ts';
import { tempReplica, serverDocument, type TempReplica } from './testing.ts';
import type { Replica } from './replica.ts';

let temp: TempReplica;
let r: Replica;
beforeEach(() => {
  temp = tempReplica();
  r = temp.replica;
  r.applyRemote('document', serverDocument('d1'));
});
afterEach(() => temp.dispose());

function errorOf(fn: () => unknown): ReplicaError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ReplicaError) return error;
    throw error;
  }
  throw new Error('expected a ReplicaError');
}

describe('local edits are validated with the shared document schema', () => {
  it('refuses a title over 500 characters, naming the field and the bound', () => {
    const e = errorOf(() => r.createDocument({ title: 'x'.repeat(501) }));
    expect(e).toMatchObject({ code: 'invalid', field: 'title', message: 'Invalid document: title is too long: at most 500 characters' });
    expect(r.countDocuments()).toBe(1);
    expect(r.countOutbox()).toBe(0);
    expect(() => r.createDocument({ title: 'x'.repeat(500) })).not.toThrow();
  });

  it('refuses month 13 and day 0', () => {
    expect(errorOf(() => r.updateDocument('d1', { month: 13 }))).toMatchObject({ field: 'month', message: 'Invalid document: month must be at most 12' });
    expect(errorOf(() => r.updateDocument('d1', { day: 0 })).message).toBe('Invalid document: day must be at least 1');
    expect(r.getDocument('d1')?.month).toBeUndefined();
  });

  it('refuses other out-of-bound or malformed values', () => {
    expect(errorOf(() => r.createDocument({ title: '' })).message).toMatch(/title must not be empty/);
    expect(errorOf(() => r.updateDocument('d1', { title: null })).field).toBe('title');
    expect(errorOf(() => r.updateDocument('d1', { year: 2000.5 })).message).toMatch(/year must be a whole number/);
    expect(errorOf(() => r.updateDocument('d1', { pages: 'p'.repeat(51) })).message).toMatch(/pages is too long: at most 50/);
    expect(errorOf(() => r.updateDocument('d1', { authors: [{ first_name: 'Ana' }] } as never)).message).toMatch(/authors\[0\]\.last_name is required/);
    expect(errorOf(() => r.updateDocument('d1', { type: 'novel' } as never)).message).toMatch(/type must be one of: journal, book/);
    expect(errorOf(() => r.updateDocument('d1', { websites: ['w'.repeat(3000), 'w'.repeat(3000)] })).message).toMatch(/websites must not exceed 5000/);
    expect(errorOf(() => r.updateDocument('d1', { nonsense: 1 } as never)).message).toMatch(/nonsense is not a field/);
    expect(errorOf(() => r.updateDocument('d1', { tags: ['t'.repeat(101)] })).message).toMatch(/tags\[0\] is too long: at most 100/);
  });

  it('validates folders and annotations with their shared schemas', () => {
    expect(errorOf(() => r.createFolder({ name: '   ' })).message).toBe('Invalid folder: name must not be blank');
    expect(errorOf(() => r.createFolder({ name: 'n'.repeat(256) })).message).toMatch(/at most 255/);
    expect(errorOf(() => r.createAnnotation({ document_id: 'd1', text: 'x', privacy_level: 'secret' } as never)).message).toMatch(/privacy_level must be one of: public, group, private/);
  });

  it('refuses writes to unknown rows with not_found', () => {
    expect(errorOf(() => r.updateDocument('nope', { title: 'x' })).code).toBe('not_found');
    expect(errorOf(() => r.renameFolder('nope', 'x')).code).toBe('not_found');
    expect(errorOf(() => r.createAnnotation({ document_id: 'nope', text: 'x' })).code).toBe('not_found');
  });
});
