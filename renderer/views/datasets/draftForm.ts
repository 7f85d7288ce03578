// The draft editor's form: what a draft shows, as editable text, and the patch that
// carries only what changed (the service replaces lists such as contributors whole).
import type { DatasetFieldsPatch, DraftDataset } from '../../../shared/schemas/dataset.ts';
import { DATASET_CATEGORIES, type DatasetCategoryLabel } from '../../../shared/schemas/dataset.ts';

export interface ContributorRow {
  first_name: string;
  last_name: string;
  contribution: string;
}

export interface ArticleRow {
  title: string;
  doi: string;
}

export interface DraftForm {
  name: string;
  description: string;
  categories: DatasetCategoryLabel[];
  licenceId: string;
  /** YYYY-MM-DD, or '' for none. */
  embargo: string;
  contributors: ContributorRow[];
  articles: ArticleRow[];
}

export function formOf(draft: DraftDataset): DraftForm {
  return {
    name: draft.name ?? '',
    description: draft.description ?? '',
    categories: (draft.categories ?? []).map((c) => c.label),
    licenceId: draft.data_licence?.id ?? '',
    embargo: draft.embargo_date?.slice(0, 10) ?? '',
    contributors: (draft.contributors ?? []).map((c) => ({ first_name: c.first_name ?? '', last_name: c.last_name ?? '', contribution: c.contribution ?? '' })),
    articles: (draft.articles ?? []).map((a) => ({ title: a.title ?? '', doi: a.doi ?? '' })),
  };
}

/**
 * The form after the draft changed on the service (an upload finished, a save answered):
 * fields the user has not touched take the new values, edits in progress stay.
 */
export function rebaseForm(form: DraftForm, before: DraftForm, after: DraftForm): DraftForm {
  const next = { ...form } as Record<keyof DraftForm, unknown>;
  for (const key of Object.keys(form) as (keyof DraftForm)[]) {
    if (same(form[key], before[key])) next[key] = after[key];
  }
  return next as unknown as DraftForm;
}

const blank = (text: string) => !text.trim();
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields of `form` that differ from `saved`, in the service's patch form. */
export function patchOf(form: DraftForm, saved: DraftForm): DatasetFieldsPatch {
  const patch: DatasetFieldsPatch = {};
  if (form.name !== saved.name) patch.name = form.name.trim();
  if (form.description !== saved.description) patch.description = blank(form.description) ? null : form.description;
  if (!same(form.categories, saved.categories)) {
    patch.categories = DATASET_CATEGORIES.filter((c) => form.categories.includes(c.label)).map((c) => ({ id: c.id, label: c.label }));
  }
  if (form.licenceId !== saved.licenceId) patch.data_licence = form.licenceId ? { id: form.licenceId } : null;
  if (form.embargo !== saved.embargo) patch.embargo_date = form.embargo ? `${form.embargo}T00:00:00.000Z` : null;
  if (!same(form.contributors, saved.contributors)) {
    patch.contributors = form.contributors
      .filter((c) => !blank(c.first_name) || !blank(c.last_name))
      .map((c) => ({
        ...(blank(c.first_name) ? {} : { first_name: c.first_name.trim() }),
        ...(blank(c.last_name) ? {} : { last_name: c.last_name.trim() }),
        ...(blank(c.contribution) ? {} : { contribution: c.contribution.trim() }),
      }));
  }
  if (!same(form.articles, saved.articles)) {
    patch.articles = form.articles
      .filter((a) => !blank(a.title) || !blank(a.doi))
      .map((a) => ({ ...(blank(a.title) ? {} : { title: a.title.trim() }), ...(blank(a.doi) ? {} : { doi: a.doi.trim() }) }));
  }
  return patch;
}

export const isEmptyPatch = (patch: DatasetFieldsPatch) => Object.keys(patch).length === 0;
