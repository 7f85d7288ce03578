// The editable fields of a draft: name, description, categories (the six labels), licence,
// embargo date, contributors and related articles. Errors from the checks or the service
// show under the field they name.
import type { DataLicence } from '../../../shared/schemas/dataset.ts';
import { DATASET_CATEGORY_LABELS, type PublishFieldError } from '../../../shared/schemas/dataset.ts';
import type { ArticleRow, ContributorRow, DraftForm } from './draftForm.ts';

interface Props {
  form: DraftForm;
  licences: DataLicence[];
  errors: PublishFieldError[];
  onChange(form: DraftForm): void;
}

function FieldErrors({ errors, field }: { errors: PublishFieldError[]; field: string }) {
  const mine = errors.filter((e) => e.field === field);
  return <>{mine.map((e) => <p key={e.message} className="field-error">{e.message}</p>)}</>;
}

export function DraftFields({ form, licences, errors, onChange }: Props) {
  const set = (patch: Partial<DraftForm>) => onChange({ ...form, ...patch });
  const invalid = (field: string) => errors.some((e) => e.field === field) || undefined;
  const setContributor = (i: number, patch: Partial<ContributorRow>) =>
    set({ contributors: form.contributors.map((c, j) => (j === i ? { ...c, ...patch } : c)) });
  const setArticle = (i: number, patch: Partial<ArticleRow>) =>
    set({ articles: form.articles.map((a, j) => (j === i ? { ...a, ...patch } : a)) });
  const toggleCategory = (label: (typeof DATASET_CATEGORY_LABELS)[number], on: boolean) =>
    set({ categories: on ? [...form.categories, label] : form.categories.filter((c) => c !== label) });

  return (
    <div className="draft-fields">
      <label className="field wide">
        <span className="field-label">Name</span>
        <input className="input" value={form.name} aria-invalid={invalid('name')} onChange={(e) => set({ name: e.target.value })} />
        <FieldErrors errors={errors} field="name" />
      </label>
      <label className="field wide">
        <span className="field-label">Description</span>
        <textarea className="input" rows={4} value={form.description} aria-invalid={invalid('description')} onChange={(e) => set({ description: e.target.value })} />
        <FieldErrors errors={errors} field="description" />
      </label>
      <fieldset className="field wide">
        <legend className="field-label">Categories</legend>
        <div className="category-grid">
          {DATASET_CATEGORY_LABELS.map((label) => (
            <label key={label} className="toggle-label">
              <input type="checkbox" checked={form.categories.includes(label)} onChange={(e) => toggleCategory(label, e.target.checked)} /> {label}
            </label>
          ))}
        </div>
        <FieldErrors errors={errors} field="categories" />
      </fieldset>
      <label className="field">
        <span className="field-label">Licence</span>
        <select className="input" value={form.licenceId} onChange={(e) => set({ licenceId: e.target.value })}>
          <option value="">No licence chosen</option>
          {licences.map((l) => <option key={l.id} value={l.id}>{l.full_name ?? l.short_name ?? l.id}</option>)}
        </select>
        <FieldErrors errors={errors} field="data_licence" />
      </label>
      <label className="field">
        <span className="field-label">Embargo until</span>
        <input className="input" type="date" value={form.embargo} aria-invalid={invalid('embargo_date')} onChange={(e) => set({ embargo: e.target.value })} />
        <FieldErrors errors={errors} field="embargo_date" />
      </label>

      <fieldset className="field wide">
        <legend className="field-label">Contributors</legend>
        {form.contributors.map((c, i) => (
          <div key={i} className="row-editor">
            <input className="input" aria-label={`Contributor ${i + 1} first name`} placeholder="First name" value={c.first_name} onChange={(e) => setContributor(i, { first_name: e.target.value })} />
            <input className="input" aria-label={`Contributor ${i + 1} last name`} placeholder="Last name" value={c.last_name} onChange={(e) => setContributor(i, { last_name: e.target.value })} />
            <input className="input" aria-label={`Contributor ${i + 1} contribution`} placeholder="Contribution" value={c.contribution} onChange={(e) => setContributor(i, { contribution: e.target.value })} />
            <button type="button" className="link-button" aria-label={`Remove contributor ${i + 1}`} onClick={() => set({ contributors: form.contributors.filter((_, j) => j !== i) })}>Remove</button>
          </div>
        ))}
        <button type="button" className="button small add-row" onClick={() => set({ contributors: [...form.contributors, { first_name: '', last_name: '', contribution: '' }] })}>Add contributor</button>
        <FieldErrors errors={errors} field="contributors" />
      </fieldset>

      <fieldset className="field wide">
        <legend className="field-label">Related articles</legend>
        {form.articles.map((a, i) => (
          <div key={i} className="row-editor articles">
            <input className="input" aria-label={`Article ${i + 1} title`} placeholder="Title" value={a.title} onChange={(e) => setArticle(i, { title: e.target.value })} />
            <input className="input" aria-label={`Article ${i + 1} DOI`} placeholder="DOI, e.g. 10.1000/xyz" value={a.doi} onChange={(e) => setArticle(i, { doi: e.target.value })} />
            <button type="button" className="link-button" aria-label={`Remove article ${i + 1}`} onClick={() => set({ articles: form.articles.filter((_, j) => j !== i) })}>Remove</button>
          </div>
        ))}
        <button type="button" className="button small add-row" onClick={() => set({ articles: [...form.articles, { title: '', doi: '' }] })}>Add article</button>
        <FieldErrors errors={errors} field="articles" />
      </fieldset>
    </div>
  );
}
