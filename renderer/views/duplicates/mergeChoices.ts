// What the merge form offers: the fields whose values differ between the members of a set,
// each value once with the members that hold it, and the value the master would keep.
import { MERGE_CHOOSABLE_FIELDS, type DuplicateSetView, type MergeChoosableField } from '../../../shared/bridge/duplicatesCommands.ts';
import type { LibraryDocument } from '../../../shared/bridge/libraryTypes.ts';

export interface FieldOption {
  /** The member whose value this is (the first one holding it). */
  documentId: string;
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
  const docs: LibraryDocument[] = set.members.map((m) => m.document);
  const out: DifferingField[] = [];
  for (const field of MERGE_CHOOSABLE_FIELDS) {
    const options = new Map<string, FieldOption>();
    for (const doc of docs) {
      const value = (doc as unknown as Record<string, unknown>)[field];
      const key = JSON.stringify(value ?? null);
      if (!options.has(key)) options.set(key, { documentId: doc.id, label: valueLabel(value) });
    }
    // One value everywhere, or a value against empties only: nothing to choose (empties are filled in).
    const filled = [...options.values()].filter((o) => o.label !== '(empty)');
    if (filled.length > 1) out.push({ field, options: filled });
  }
  return out;
}

/** Each differing field's default: the master's value when it has one, else the first member's. */
export function defaultChoices(fields: DifferingField[], set: DuplicateSetView, masterId: string): Partial<Record<MergeChoosableField, string>> {
  const master = set.members.find((m) => m.document.id === masterId)?.document as unknown as Record<string, unknown> | undefined;
  const choices: Partial<Record<MergeChoosableField, string>> = {};
  for (const { field, options } of fields) {
    const masterKey = JSON.stringify(master?.[field] ?? null);
    const own = options.find((o) => JSON.stringify((set.members.find((m) => m.document.id === o.documentId)!.document as unknown as Record<string, unknown>)[field] ?? null) === masterKey);
    choices[field] = (own ?? options[0]!).documentId;
  }
  return choices;
}
