import { describe, expect, it } from 'vitest';
import type { DuplicateSetView } from '../../../shared/bridge/duplicatesCommands.ts';
import type { LibraryDocument } from '../../../shared/bridge/libraryTypes.ts';
import { defaultChoices, differingFields, idsOfKeys } from './mergeChoices.ts';

const doc = (id: string, fields: Partial<LibraryDocument>): LibraryDocument => ({
  id, title: 'T', type: 'journal', trashed: false, added_local: id, modified_local: id, ...fields,
});

describe('merge choices', () => {
  const set: DuplicateSetView = {
    reason: 'title',
    members: [
      { key: 'a', document: doc('a', { title: 'Approximating the {Cox} Model', year: 2019 }), files: 0, annotations: 1 },
      { key: 'b', document: doc('b', { title: 'Approximating the Cox model', source: 'J. Stat.' }), files: 0, annotations: 0 },
      { key: 'local:c', document: doc('c', { title: 'Approximating the Cox model', authors: [{ first_name: 'Yi', last_name: 'Zhong' }] }), files: 1, annotations: 2 },
    ],
  };

  it('offers only fields with two or more different values, each value once', () => {
    expect(differingFields(set)).toEqual([
      { field: 'title', options: [{ memberKey: 'a', label: 'Approximating the {Cox} Model' }, { memberKey: 'b', label: 'Approximating the Cox model' }] },
    ]);
  });

  it("defaults to the master's own value", () => {
    const fields = differingFields(set);
    expect(defaultChoices(fields, set, 'local:c')).toEqual({ title: 'b' });
    expect(defaultChoices(fields, set, 'a')).toEqual({ title: 'a' });
  });

  it('names members by keys a rename leaves alone, and turns them into the current ids for the merge', () => {
    // The member first seen as local:c was pushed and is now server-c; its key stays.
    const renamed: DuplicateSetView = { ...set, members: set.members.map((m) => (m.key === 'local:c' ? { ...m, document: { ...m.document, id: 'server-c' } } : m)) };
    const fields = differingFields(renamed);
    expect(defaultChoices(fields, renamed, 'local:c')).toEqual({ title: 'b' });
    expect(idsOfKeys(renamed, { title: 'local:c', year: 'a' })).toEqual({ title: 'server-c', year: 'a' });
  });
});
