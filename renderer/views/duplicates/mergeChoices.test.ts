import { describe, expect, it } from 'vitest';
import type { DuplicateSetView } from '../../../shared/bridge/duplicatesCommands.ts';
import type { LibraryDocument } from '../../../shared/bridge/libraryTypes.ts';
import { defaultChoices, differingFields } from './mergeChoices.ts';

const doc = (id: string, fields: Partial<LibraryDocument>): LibraryDocument => ({
  id, title: 'T', type: 'journal', trashed: false, added_local: id, modified_local: id, ...fields,
});

describe('merge choices', () => {
  const set: DuplicateSetView = {
    reason: 'title',
    members: [
      { document: doc('a', { title: 'Approximating the {Cox} Model', year: 2019 }), files: 0, annotations: 1 },
      { document: doc('b', { title: 'Approximating the Cox model', source: 'J. Stat.' }), files: 0, annotations: 0 },
      { document: doc('c', { title: 'Approximating the Cox model', authors: [{ first_name: 'Yi', last_name: 'Zhong' }] }), files: 1, annotations: 2 },
    ],
  };

  it('offers only fields with two or more different values, each value once', () => {
    expect(differingFields(set)).toEqual([
      { field: 'title', options: [{ documentId: 'a', label: 'Approximating the {Cox} Model' }, { documentId: 'b', label: 'Approximating the Cox model' }] },
    ]);
  });

  it("defaults to the master's own value", () => {
    const fields = differingFields(set);
    expect(defaultChoices(fields, set, 'c')).toEqual({ title: 'b' });
    expect(defaultChoices(fields, set, 'a')).toEqual({ title: 'a' });
  });
});
