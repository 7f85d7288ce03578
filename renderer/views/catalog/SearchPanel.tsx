// The catalog search form: one box for a simple search, or title, author, source and
// abstract for an advanced one; years and open access narrow either. Enter searches.
import { type FormEvent } from 'react';
import { Icon } from '../../components/Icon.tsx';
import type { SearchFormState } from './searchForm.ts';

interface Props {
  form: SearchFormState;
  onChange(form: SearchFormState): void;
  onSearch(): void;
  busy: boolean;
}

const ADVANCED = [['title', 'Title'], ['author', 'Author'], ['source', 'Source'], ['abstract', 'Abstract']] as const;

export function SearchPanel({ form, onChange, onSearch, busy }: Props) {
  const set = (patch: Partial<SearchFormState>) => onChange({ ...form, ...patch });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch();
  };
  return (
    <form className="catalog-search" role="search" aria-label="Catalog search" onSubmit={submit}>
      <div className="catalog-search-row">
        <div className="segmented" role="radiogroup" aria-label="Search mode">
          {(['simple', 'advanced'] as const).map((mode) => (
            <label key={mode} className={form.mode === mode ? 'on' : ''}>
              <input type="radio" className="sr-only" name="catalog-mode" checked={form.mode === mode} onChange={() => set({ mode })} />
              {mode === 'simple' ? 'Simple' : 'Advanced'}
            </label>
          ))}
        </div>
        {form.mode === 'simple' ? (
          <input
            className="input catalog-query" type="search" aria-label="Search the catalog" placeholder="Words in any field: title, authors, source, abstract…"
            value={form.query} onChange={(e) => set({ query: e.target.value })} autoFocus
          />
        ) : null}
        <button type="submit" className="button primary" disabled={busy}>
          <Icon name="search" size={12} /> {busy ? 'Searching…' : 'Search'}
        </button>
      </div>
      {form.mode === 'advanced' ? (
        <div className="catalog-advanced">
          {ADVANCED.map(([field, label]) => (
            <label key={field} className="field">
              <span className="field-label">{label}</span>
              <input className="input" value={form[field]} onChange={(e) => set({ [field]: e.target.value })} />
            </label>
          ))}
        </div>
      ) : null}
      <div className="catalog-filters">
        <label className="field inline">
          <span className="field-label">From year</span>
          <input className="input year" inputMode="numeric" value={form.minYear} onChange={(e) => set({ minYear: e.target.value })} />
        </label>
        <label className="field inline">
          <span className="field-label">To year</span>
          <input className="input year" inputMode="numeric" value={form.maxYear} onChange={(e) => set({ maxYear: e.target.value })} />
        </label>
        <label className="toggle-label">
          <input type="checkbox" checked={form.openAccess} onChange={(e) => set({ openAccess: e.target.checked })} /> Open access only
        </label>
      </div>
    </form>
  );
}
