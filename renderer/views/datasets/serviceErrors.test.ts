import { describe, expect, it } from 'vitest';
import type { DraftForm } from './draftForm.ts';
import { standingErrors } from './serviceErrors.ts';

const form: DraftForm = { name: 'Inks', description: '', categories: [], licenceId: '', embargo: '', contributors: [], articles: [] };
const errors = [
  { field: 'description', message: 'A description is required' },
  { field: 'categories', message: 'Choose at least one category' },
  { field: 'files', message: 'Add at least one file' },
  { field: 'something_new', message: 'A rule this client does not know' },
];

describe('the service refusal beside the fields', () => {
  it('stays while nothing changed', () => {
    expect(standingErrors(errors, { form, fileCount: 0 }, form, 0)).toEqual(errors);
  });

  it('loses each error once its field changed, files by their count; an unknown field stays', () => {
    const fixed = { ...form, description: 'Densities of inks', categories: ['Natural Sciences'] } as DraftForm;
    expect(standingErrors(errors, { form, fileCount: 0 }, fixed, 1).map((e) => e.field)).toEqual(['something_new']);
    expect(standingErrors(errors, { form, fileCount: 0 }, { ...form, description: 'x' }, 0).map((e) => e.field)).toEqual(['categories', 'files', 'something_new']);
  });
});
