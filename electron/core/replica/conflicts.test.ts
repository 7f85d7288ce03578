import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempReplica, serverDocument, SERVER_TIME, LATER, type TempReplica } from './testing.ts';
import type { Replica } from './replica.ts';

let temp: TempReplica;
let r: Replica;
beforeEach(() => {
  temp = tempReplica();
  r = temp.replica;
  r.applyRemote('document', serverDocument('d1', { title: 'Base', year: 2000 }));
  r.updateDocument('d1', { title: 'Mine', year: 2001 });
  // What the sync engine does after a 412: store theirs as the base, rebase, record the clash.
  r.applyRemote('document', serverDocument('d1', { title: 'Theirs', year: 2000, last_modified: LATER }));
  r.rebasePending('document', 'd1', LATER);
  r.recordConflict({ kind: 'document', id: 'd1', field: 'title', local_value: 'Mine', remote_value: 'Theirs', base_value: 'Base' });
});
afterEach(() => temp.dispose());

describe('conflicts', () => {
  it('are recorded and listed with their three values', () => {
    expect(r.listConflicts()).toEqual([expect.objectContaining({ kind: 'document', id: 'd1', field: 'title', local_value: 'Mine', remote_value: 'Theirs', base_value: 'Base' })]);
    expect(r.listConflicts({ kind: 'folder' })).toEqual([]);
    expect(r.listOutbox()[0]).toMatchObject({ changed: ['title', 'year'], base_last_modified: LATER });
  });

  it('keep mine: the local value stays pending for the push', () => {
    r.resolveConflict('document', 'd1', 'title', { keep: 'mine' });
    expect(r.getDocument('d1')?.title).toBe('Mine');
    expect(r.listOutbox()[0]!.changed).toContain('title');
    expect(r.listConflicts()).toEqual([]);
  });

  it('keep theirs: the server value replaces it and the field is no longer pushed', () => {
    r.resolveConflict('document', 'd1', 'title', { keep: 'theirs' });
    expect(r.getDocument('d1')?.title).toBe('Theirs');
    expect(r.searchDocuments('theirs').map((d) => d.id)).toEqual(['d1']);
    expect(r.listOutbox()[0]!.changed).toEqual(['year']);
    r.recordConflict({ kind: 'document', id: 'd1', field: 'year', local_value: 2001, remote_value: 2000, base_value: 2000 });
    r.resolveConflict('document', 'd1', 'year', { keep: 'theirs' });
    expect(r.countOutbox()).toBe(0);
  });

  it('a given value is validated, set and pushed', () => {
    expect(() => r.resolveConflict('document', 'd1', 'title', { value: '' })).toThrow(/must not be empty/);
    r.resolveConflict('document', 'd1', 'title', { value: 'Merged title' });
    expect(r.getDocument('d1')?.title).toBe('Merged title');
    expect(r.listOutbox()[0]!.changed).toContain('title');
    expect(r.listConflicts()).toEqual([]);
  });

  it('works for folders too, and refuses unknown conflicts', () => {
    r.applyRemote('folder', { id: 'f1', name: 'Mine', created: SERVER_TIME, modified: SERVER_TIME });
    r.recordConflict({ kind: 'folder', id: 'f1', field: 'name', local_value: 'Mine', remote_value: 'Theirs', base_value: 'Old' });
    r.resolveConflict('folder', 'f1', 'name', { keep: 'theirs' });
    expect(r.getFolder('f1')?.name).toBe('Theirs');
    expect(() => r.resolveConflict('folder', 'f1', 'name', { keep: 'mine' })).toThrow(/no conflict on name of folder f1/);
  });
});
