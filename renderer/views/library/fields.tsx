// The editors of one document field each: text, long text, whole numbers, people lists,
// chips and identifiers. Each validates as the person types (the shared schemas, through
// fieldProblem) and saves on blur, and only when the value is valid and changed.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { canonicalIdentifier, identifierProblem } from '../../../shared/identifiers/index.ts';
import type { TagCount } from '../../../shared/bridge/index.ts';
import type { Person } from '../../../shared/schemas/common.ts';
import { IDENTIFIER_KEYS, type DocumentFieldName } from '../../../shared/schemas/document.ts';
import { differs, formatDraft, parseTextDraft } from '../../lib/fieldDrafts.ts';
import { fieldMaxLength, fieldProblem } from '../../lib/fieldValidation.ts';
import { suggestTags } from '../../lib/tagSuggestions.ts';

export type Save = (field: DocumentFieldName, value: unknown) => Promise<string | undefined>;

interface FieldProps {
  field: DocumentFieldName;
  label: string;
  value: unknown;
  save: Save;
  /** Changes when another document is shown: drafts start over. */
  docId: string;
}

function FieldShell({ id, label, problem, counter, children, wide }: { id: string; label: string; problem?: string; counter?: string; children: React.ReactNode; wide?: boolean }) {
  return (
    <div className={`field ${wide ? 'wide' : ''} ${problem ? 'invalid' : ''}`}>
      <div className="field-label">
        <label htmlFor={id}>{label}</label>
        {counter ? <span className="counter" aria-hidden="true">{counter}</span> : null}
      </div>
      {children}
      {problem ? <p id={`${id}-error`} className="field-error" role="alert">{problem}</p> : null}
    </div>
  );
}

/**
 * Saves a pending edit when the field goes away (the pane shows another document, or closes)
 * with the save of the document it was typed into: no blur follows an unmount.
 */
function useCommitOnUnmount(commit: () => unknown): void {
  const latest = useRef(commit);
  latest.current = commit;
  useEffect(() => () => void latest.current(), []);
}

/** A draft that follows the stored value unless the person is editing it. */
function useDraft(stored: string, docId: string): [string, (v: string) => void, { current: boolean }] {
  const [draft, setDraft] = useState(stored);
  const editing = useRef(false);
  useEffect(() => {
    if (!editing.current) setDraft(stored);
  }, [stored]);
  useEffect(() => {
    editing.current = false;
    setDraft(stored);
  }, [docId]);
  return [draft, setDraft, editing];
}

export function TextField({ field, label, value, save, docId, multiline, wide }: FieldProps & { multiline?: boolean; wide?: boolean }) {
  const id = useId();
  const stored = Array.isArray(value) && field === 'edition' ? value.join(', ') : formatDraft(value);
  const [draft, setDraft, editing] = useDraft(stored, docId);
  const [saveError, setSaveError] = useState<string | undefined>();
  const parsed = parseTextDraft(field, draft);
  const problem = fieldProblem(field, parsed) ?? saveError;
  const max = fieldMaxLength(field);
  const counter = max !== undefined && draft.length > max * 0.8 ? `${draft.length} / ${max}` : undefined;

  const commit = async () => {
    editing.current = false;
    if (fieldProblem(field, parsed) || !differs(value, parsed)) return;
    setSaveError(await save(field, parsed));
  };
  useCommitOnUnmount(commit);
  const common = {
    id,
    name: field,
    value: draft,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': problem ? `${id}-error` : undefined,
    onChange: (e: { target: { value: string } }) => { editing.current = true; setSaveError(undefined); setDraft(e.target.value); },
    onBlur: () => void commit(),
    onKeyDown: (e: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      if (e.key === 'Escape') { editing.current = false; setDraft(stored); setSaveError(undefined); }
      if (e.key === 'Enter' && !multiline) (e.target as HTMLInputElement).blur();
    },
  };
  return (
    <FieldShell id={id} label={label} problem={problem} counter={counter} wide={wide || multiline}>
      {multiline
        ? <textarea className="input" rows={field === 'abstract' ? 6 : 3} {...common} />
        : <input className="input" inputMode={field === 'year' || field === 'month' || field === 'day' ? 'numeric' : undefined} {...common} />}
    </FieldShell>
  );
}

export function PeopleField({ field, label, value, save, docId }: FieldProps) {
  const stored = (value as Person[] | undefined) ?? [];
  const [rows, setRows] = useState<Person[]>(stored);
  const [saveError, setSaveError] = useState<string | undefined>();
  const box = useRef<HTMLFieldSetElement>(null);
  const storedKey = JSON.stringify(stored);
  useEffect(() => {
    if (!box.current?.contains(document.activeElement)) setRows(JSON.parse(storedKey) as Person[]);
  }, [storedKey, docId]);

  const clean = (list: Person[]) => list
    .map((p) => ({ ...p, first_name: p.first_name?.trim() || undefined, last_name: p.last_name.trim() }))
    .filter((p) => p.last_name || p.first_name)
    .map((p) => (p.first_name ? p : { last_name: p.last_name, ...(p.scopus_author_id ? { scopus_author_id: p.scopus_author_id } : {}) }));
  const cleaned = clean(rows);
  const problem = fieldProblem(field, cleaned) ?? saveError;
  const commit = async (list: Person[] = cleaned) => {
    if (fieldProblem(field, list) || !differs(stored, list)) return;
    setSaveError(await save(field, list.length ? list : null));
  };
  useCommitOnUnmount(() => commit());
  const update = (i: number, change: Partial<Person>) => { setSaveError(undefined); setRows((r) => r.map((p, j) => (j === i ? { ...p, ...change } : p))); };
  const singular = label.replace(/s$/, '').toLowerCase();

  return (
    <fieldset
      ref={box}
      className={`field wide people ${problem ? 'invalid' : ''}`}
      onBlur={(e) => { if (!box.current?.contains(e.relatedTarget as Node | null)) void commit(); }}
    >
      <legend className="field-label">{label}</legend>
      {rows.map((person, i) => (
        <div className="person-row" key={i}>
          <input className="input" aria-label={`${label} ${i + 1} last name`} placeholder="Last name" value={person.last_name} onChange={(e) => update(i, { last_name: e.target.value })} />
          <input className="input" aria-label={`${label} ${i + 1} first name`} placeholder="First name" value={person.first_name ?? ''} onChange={(e) => update(i, { first_name: e.target.value })} />
          <button type="button" className="icon-button" aria-label={`Remove ${singular} ${i + 1}`} onClick={() => {
            // The button leaves the page with its row, so no blur follows: save now.
            const next = rows.filter((_, j) => j !== i);
            setRows(next);
            void commit(clean(next));
          }}>✕</button>
        </div>
      ))}
      <button type="button" className="link-button" onClick={() => setRows((r) => [...r, { last_name: '' }])}>+ Add {singular}</button>
      {problem ? <p className="field-error" role="alert">{problem}</p> : null}
    </fieldset>
  );
}

export function ChipsField({ field, label, value, save, suggestions }: FieldProps & { suggestions?: readonly TagCount[] }) {
  const id = useId();
  const chips = (value as string[] | undefined) ?? [];
  const [draft, setDraft] = useState('');
  const [saveError, setSaveError] = useState<string | undefined>();
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  const candidate = draft.trim() ? [...chips, draft.trim()] : chips;
  const problem = fieldProblem(field, candidate) ?? saveError;
  const singular = label.replace(/s$/, '').toLowerCase();
  const offered = open && suggestions ? suggestTags(suggestions, draft, chips) : [];

  const commit = async (next: string[]) => {
    if (fieldProblem(field, next)) return;
    setSaveError(await save(field, next.length ? next : null));
  };
  const add = (typed: string = draft) => {
    const text = typed.trim().replace(/,$/, '');
    setActive(-1);
    if (!text || chips.includes(text) || fieldProblem(field, [...chips, text])) return;
    setDraft('');
    void commit([...chips, text]);
  };
  useCommitOnUnmount(() => add());
  return (
    <FieldShell id={id} label={label} problem={problem} wide>
      <div className="chips">
        {chips.map((chip) => (
          <span className="chip" key={chip}>
            {chip}
            <button type="button" aria-label={`Remove ${singular} ${chip}`} onClick={() => void commit(chips.filter((c) => c !== chip))}>✕</button>
          </span>
        ))}
        <input
          id={id}
          className="chip-input"
          placeholder={`Add ${singular}…`}
          value={draft}
          role={suggestions ? 'combobox' : undefined}
          aria-autocomplete={suggestions ? 'list' : undefined}
          aria-expanded={suggestions ? offered.length > 0 : undefined}
          aria-controls={suggestions ? `${id}-suggestions` : undefined}
          aria-activedescendant={active >= 0 && offered[active] ? `${id}-suggestion-${active}` : undefined}
          aria-invalid={problem ? true : undefined}
          onChange={(e) => { setSaveError(undefined); setDraft(e.target.value); setActive(-1); setOpen(true); }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown' && offered.length) { e.preventDefault(); setActive((a) => (a + 1) % offered.length); }
            if (e.key === 'ArrowUp' && offered.length) { e.preventDefault(); setActive((a) => (a <= 0 ? offered.length - 1 : a - 1)); }
            if (e.key === 'Escape' && offered.length) { e.stopPropagation(); setOpen(false); setActive(-1); }
            if (e.key === 'Enter' || e.key === ',') { e.preventDefault(); add(e.key === 'Enter' && active >= 0 ? offered[active] : draft); }
            if (e.key === 'Backspace' && draft === '' && chips.length) void commit(chips.slice(0, -1));
          }}
          onBlur={() => { setOpen(false); add(); }}
        />
      </div>
      {offered.length ? (
        <ul id={`${id}-suggestions`} className="chip-suggestions" role="listbox" aria-label={`Existing ${label.toLowerCase()}`}>
          {offered.map((tag, i) => (
            <li
              key={tag}
              id={`${id}-suggestion-${i}`}
              role="option"
              aria-selected={i === active}
              // Chosen on mousedown, before the box loses focus and saves the half-typed text.
              onMouseDown={(e) => { e.preventDefault(); add(tag); }}
            >{tag}</li>
          ))}
        </ul>
      ) : null}
    </FieldShell>
  );
}

const IDENTIFIER_LABELS: Record<string, string> = { doi: 'DOI', isbn: 'ISBN', issn: 'ISSN', arxiv: 'arXiv', pmid: 'PMID', scopus: 'Scopus', ssrn: 'SSRN' };

export function IdentifiersField({ value, save, docId }: FieldProps) {
  const stored = (value as Record<string, string> | undefined) ?? {};
  const storedKey = JSON.stringify(stored);
  const [draft, setDraft] = useState<Record<string, string>>(stored);
  const [saveError, setSaveError] = useState<string | undefined>();
  const box = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    if (!box.current?.contains(document.activeElement)) setDraft(JSON.parse(storedKey) as Record<string, string>);
  }, [storedKey, docId]);
  const cleaned = Object.fromEntries(Object.entries(draft).map(([k, v]) => [k, canonicalIdentifier(k, v)]).filter(([, v]) => v));
  const problem = fieldProblem('identifiers', cleaned) ?? saveError;
  const commit = async () => {
    if (fieldProblem('identifiers', cleaned) || !differs(stored, cleaned)) return;
    setSaveError(await save('identifiers', Object.keys(cleaned).length ? cleaned : null));
  };
  useCommitOnUnmount(commit);
  return (
    <fieldset ref={box} className={`field wide identifiers ${problem ? 'invalid' : ''}`} onBlur={(e) => { if (!box.current?.contains(e.relatedTarget as Node | null)) void commit(); }}>
      <legend className="field-label">Identifiers</legend>
      <div className="identifier-grid">
        {IDENTIFIER_KEYS.map((key) => (
          <label key={key} className="identifier">
            <span>{IDENTIFIER_LABELS[key]}</span>
            <input className="input" name={`identifiers.${key}`} value={draft[key] ?? ''} aria-invalid={identifierProblem(key, draft[key] ?? '') ? true : undefined} onChange={(e) => { setSaveError(undefined); setDraft((d) => ({ ...d, [key]: e.target.value })); }} />
          </label>
        ))}
      </div>
      {problem ? <p className="field-error" role="alert">{problem}</p> : null}
    </fieldset>
  );
}
