// The service's reasons for refusing a publish stay beside their fields only until those
// fields change: an error whose field was fixed since must not stand next to "Ready to publish".
import type { PublishFieldError } from '../../../shared/schemas/dataset.ts';
import type { DraftForm } from './draftForm.ts';

/** What the draft looked like when the service refused it: its fields and how many files. */
export interface RefusedDraft {
  form: DraftForm;
  fileCount: number;
}

// The service's field names (server/datasets) and the form's, where they differ.
const FORM_FIELD: Record<string, keyof DraftForm> = {
  name: 'name',
  description: 'description',
  categories: 'categories',
  data_licence: 'licenceId',
  embargo_date: 'embargo',
  contributors: 'contributors',
  related_articles: 'articles',
  articles: 'articles',
};

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The errors whose field is as it was when the service refused (an unknown field stays). */
export function standingErrors(errors: readonly PublishFieldError[], refused: RefusedDraft, form: DraftForm, fileCount: number): PublishFieldError[] {
  return errors.filter((error) => {
    if (error.field === 'files') return fileCount === refused.fileCount;
    const key = FORM_FIELD[error.field];
    return key === undefined || same(form[key], refused.form[key]);
  });
}
