// What the merge form offers: the fields whose values differ between the members of a set,
// each value once with the members that hold it, and the value the master would keep.
// Members are named by their key (DuplicateMember.key), which a sync's id rename leaves
// as it is, so choices made in the form survive a push.
import { MERGE_CHOOSABLE_FIELDS, type DuplicateSetView, type MergeChoosableField } from '../../../shared/bridge/duplicatesCommands.ts';
import type { LibraryDocument } from '../../../shared/bridge/libraryTypes.ts';

export interface FieldOption {
  /** The member whose value this is (the first one holding it), by its key. */
  memberKey: string;
  label: string;
}

export interface DifferingField {
  field: MergeChoosableField;
  options: FieldOption[];
}

const LABELS: Partial<Record<MergeChoosableField, string>> = {
  title: 'Title', type: 'Type', authors: 'Authors', year: 'Year', source: 'Source', abstract: 'Abstract', volume: 'Volume',
  issue: 'Issue', pages: 'Pages', publisher: 'Publisher', city: 'City', edition: 'Edition', editors: 'Editors',
};

export const fieldLabel = (field: MergeChoosableField): string => LABELS[field] ?? field.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

export function valueLabel(value: unknown): string {
  if (value === undefined || value === null || value === '' || (Array.isArray(value) && !value.length)) return '(empty)';
  if (Array.isArray(value)) {
    return value.map((v) => (typeof v === 'object' && v && 'last_name' in v ? [v.first_name, v.last_name].filter(Boolean).join(' ') : String(v))).join('; ');
  }
  const text = String(value);
  return text.length > 160 ? `${text.slice(0, 157)}…` : text;
}

export function differingFields(set: DuplicateSetView): DifferingField[] {
  const out: DifferingField[] = [];
  for (const field of MERGE_CHOOSABLE_FIELDS) {
    const options = new Map<string, FieldOption>();
    for (const member of set.members) {
      const value = (member.document as unknown as Record<string, unknown>)[field];
      const key = JSON.stringify(value ?? null);
      if (!options.has(key)) options.set(key, { memberKey: member.key, label: valueLabel(value) });
    }
    // One value everywhere, or a value against empties only: nothing to choose (empties are filled in).
    const filled = [...options.values()].filter((o) => o.label !== '(empty)');
    if (filled.length > 1) out.push({ field, options: filled });
  }
  return out;
}

const valueOf = (document: LibraryDocument, field: MergeChoosableField) => JSON.stringify((document as unknown as Record<string, unknown>)[field] ?? null);

/** Each differing field's default (a member key): the master's value when it has one, else the first member's. */
export function defaultChoices(fields: DifferingField[], set: DuplicateSetView, masterKey: string): Partial<Record<MergeChoosableField, string>> {
  const master = set.members.find((m) => m.key === masterKey)?.document;
  const choices: Partial<Record<MergeChoosableField, string>> = {};
  for (const { field, options } of fields) {
    const own = master && options.find((o) => valueOf(set.members.find((m) => m.key === o.memberKey)!.document, field) === valueOf(master, field));
    choices[field] = (own ?? options[0]!).memberKey;
  }
  return choices;
}

/** The merge request's ids now: the members' current ids for the keys the form holds. */
export function idsOfKeys(set: DuplicateSetView, keys: Partial<Record<MergeChoosableField, string>>): Partial<Record<MergeChoosableField, string>> {
  const idOf = new Map(set.members.map((m) => [m.key, m.document.id]));
  return Object.fromEntries(Object.entries(keys).filter(([, key]) => idOf.has(key!)).map(([field, key]) => [field, idOf.get(key!)!]));
}
