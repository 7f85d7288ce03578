import { describe, expect, it } from 'vitest';
import { formOf, isEmptyPatch, patchOf, rebaseForm, type DraftForm } from './draftForm.ts';
import { publishProblems } from './publishChecks.ts';

const ready: DraftForm = {
  name: 'Inks', description: 'Densities', categories: ['Natural Sciences'], licenceId: '', embargo: '',
  contributors: [], articles: [],
};

describe('publishProblems', () => {
  it('lists the fields the service requires to publish', () => {
    expect(publishProblems({ ...ready, description: ' ', categories: [] }, 0).map((p) => p.field)).toEqual(['description', 'categories', 'files']);
    expect(publishProblems(ready, 2)).toEqual([]);
  });

  it('checks bounds of the shared schema before the service does', () => {
    const problems = publishProblems({ ...ready, name: 'x'.repeat(256), articles: [{ title: 'On inks', doi: 'd'.repeat(300) }] }, 1);
    expect(problems.map((p) => p.field)).toEqual(['name', 'articles']);
    expect(problems[0]!.message).toBe('Name is too long: at most 255 characters');
    expect(publishProblems({ ...ready, name: '  ' }, 1)).toEqual([{ field: 'name', message: 'Name must not be empty' }]);
  });
});

describe('patchOf', () => {
  it('sends only what changed, with the category ids and a timestamp for the embargo', () => {
    const saved = formOf({ id: 'd1', name: 'Inks', description: 'Old', embargo_date: '2030-05-01T00:00:00.000Z' });
    expect(saved.embargo).toBe('2030-05-01');
    expect(isEmptyPatch(patchOf(saved, saved))).toBe(true);
    const patch = patchOf({ ...saved, description: '', categories: ['Mathematics'], embargo: '', contributors: [{ first_name: 'Ada', last_name: 'Lovelace', contribution: '' }, { first_name: '', last_name: '', contribution: 'x' }] }, saved);
    expect(patch).toEqual({
      description: null,
      categories: [{ id: 'urn:refshelf:dataset-category:mathematics', label: 'Mathematics' }],
      embargo_date: null,
      contributors: [{ first_name: 'Ada', last_name: 'Lovelace' }],
    });
  });
});

describe('rebaseForm', () => {
  it('keeps edits in progress and takes the new values of untouched fields', () => {
    const before: DraftForm = { ...ready, description: 'Old', licenceId: 'a' };
    const after: DraftForm = { ...before, name: 'Renamed elsewhere', licenceId: 'b' };
    const editing: DraftForm = { ...before, description: 'Typed while a file uploaded' };
    expect(rebaseForm(editing, before, after)).toEqual({ ...after, description: 'Typed while a file uploaded' });
  });
});
