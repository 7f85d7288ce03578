// What stands between a draft and publishing, shown before the user tries: the fields the
// service requires (PUBLISH_REQUIRED_FIELDS) and the bounds of the shared patch schema,
// checked with TypeBox's Value.Errors (no eval, as the renderer's CSP requires).
import { Value } from 'typebox/value';
import { DatasetFieldsPatch, PUBLISH_REQUIRED_FIELDS, type PublishFieldError } from '../../../shared/schemas/dataset.ts';
import { patchOf, type DraftForm } from './draftForm.ts';

const REQUIRED_MESSAGES: Record<(typeof PUBLISH_REQUIRED_FIELDS)[number], string> = {
  description: 'Add a description',
  categories: 'Choose at least one category',
  files: 'Upload at least one file',
};

const FIELD_NAMES: Record<string, string> = {
  name: 'Name', description: 'Description', categories: 'Categories', contributors: 'Contributors',
  data_licence: 'Licence', embargo_date: 'Embargo date', articles: 'Related articles', files: 'Files',
};

/** Problems of the form's values against the shared schema (too long, bad date...). */
export function formProblems(form: DraftForm): PublishFieldError[] {
  const empty: DraftForm = { name: '', description: '', categories: [], licenceId: '', embargo: '', contributors: [], articles: [] };
  const patch = patchOf(form, empty);
  const problems: PublishFieldError[] = [];
  if (!form.name.trim()) problems.push({ field: 'name', message: 'Name must not be empty' });
  for (const error of Value.Errors(DatasetFieldsPatch, patch)) {
    const field = error.instancePath.split('/')[1] ?? '';
    if (field === 'name' && !form.name.trim()) continue;
    const label = FIELD_NAMES[field] ?? field;
    const message = error.keyword === 'maxLength' ? `${label} is too long: at most ${String(error.params.limit)} characters`
      : error.keyword === 'pattern' && field === 'embargo_date' ? 'Embargo date must be a date such as 2027-01-31'
      : `${label}: ${error.message}`;
    if (!problems.some((p) => p.field === field && p.message === message)) problems.push({ field, message });
  }
  return problems;
}

/** Everything to fix before publishing: form problems first, then missing required fields. */
export function publishProblems(form: DraftForm, fileCount: number): PublishFieldError[] {
  const problems = formProblems(form);
  if (!form.description.trim()) problems.push({ field: 'description', message: REQUIRED_MESSAGES.description });
  if (!form.categories.length) problems.push({ field: 'categories', message: REQUIRED_MESSAGES.categories });
  if (fileCount === 0) problems.push({ field: 'files', message: REQUIRED_MESSAGES.files });
  return problems;
}
