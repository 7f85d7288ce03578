// Form inputs hold text; documents hold typed values. These convert between the two, so
// "2024" becomes 2024, an empty box clears the field (null), and a half-typed "20x" stays
// text that validation then names as "must be a whole number".
import type { DocumentFieldName } from '../../shared/schemas/document.ts';

export const INTEGER_FIELDS: ReadonlySet<DocumentFieldName> = new Set(['year', 'month', 'day']);
/** Fields edited as one entry per line. */
export const LINE_LIST_FIELDS: ReadonlySet<DocumentFieldName> = new Set(['websites']);

/** The value a text input's content stands for. */
export function parseTextDraft(field: DocumentFieldName, text: string): unknown {
  const trimmed = field === 'abstract' ? text : text.trim();
  if (trimmed.trim() === '') return null;
  if (INTEGER_FIELDS.has(field)) return /^[-+]?\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
  if (LINE_LIST_FIELDS.has(field)) {
    const lines = text.split('\n').map((line) => line.trim()).filter(Boolean);
    return lines.length ? lines : null;
  }
  return trimmed;
}

/** The text an input shows for a stored value. */
export function formatDraft(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map(String).join('\n');
  return String(value);
}

/** True when saving `next` would change what is stored (null and absent are the same). */
export function differs(stored: unknown, next: unknown): boolean {
  const a = stored === undefined ? null : stored;
  const b = next === undefined ? null : next;
  return JSON.stringify(a) !== JSON.stringify(b);
}
