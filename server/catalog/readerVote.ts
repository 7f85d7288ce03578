// The rule that builds a catalog record from its readers' copies, so that no single reader
// can erase or rewrite what everyone sees:
// - every reader (a person's library, or a group's) has one vote, whatever number of copies
//   it holds; an imported record (catalog:import, a resolved identifier) is a voter too, the
//   authoritative one;
// - each field takes the value most voters hold; a voter without the field does not vote on
//   it (so a copy with fewer fields erases nothing); a tie goes to the imported record's
//   value, else to the value held first;
// - a value only one reader holds fills a field only when that reader is the record's
//   baseline (the imported record, else the earliest reader): a private edit or addition by
//   a later reader stays private until another reader agrees;
// - identifiers are the union of the voters' (one reader may add a missing one), but a value
//   that conflicts with another for the same kind wins only by the same majority rule.
// Hidden and trashed copies never reach this function (librarySync maps them to nothing).
import { CATALOG_DATA_FIELDS, type CatalogFields } from './catalogFields.ts';
import { foldText, normaliseIdentifier } from './dedupe.ts';
import { IDENTIFIER_KEYS } from '../../shared/schemas/document.ts';

export interface Voter {
  fields: CatalogFields;
  /** The imported record: it wins ties and is the baseline. */
  authoritative: boolean;
}

type Values = Record<string, unknown>;

/** Voters in the order they came (authoritative first, then readers by their earliest copy). */
export function mergeVoters(voters: readonly Voter[]): CatalogFields | undefined {
  const ordered = [...voters.filter((v) => v.authoritative), ...voters.filter((v) => !v.authoritative)];
  if (!ordered.length) return undefined;
  const out: Values = {};
  for (const field of ['title', 'type', 'year', ...CATALOG_DATA_FIELDS.filter((f) => f !== 'identifiers')]) {
    const value = decide(ordered.map((v) => (v.fields as Values)[field]), (value) => voteKey(value), false);
    if (value !== undefined) out[field] = value;
  }
  const identifiers: Record<string, string> = {};
  for (const kind of IDENTIFIER_KEYS) {
    const held = ordered.map((v) => v.fields.identifiers?.[kind]);
    const value = decide(held, (raw) => (typeof raw === 'string' ? (normaliseIdentifier(kind, raw) ?? raw.trim()) : ''), true);
    if (typeof value === 'string') identifiers[kind] = value;
  }
  if (Object.keys(identifiers).length) out.identifiers = identifiers;
  return out as CatalogFields;
}

/**
 * One field's value from each voter in order (undefined: the voter lacks it). `union`
 * lets a lone later voter fill the field; otherwise only the baseline (voter 0) may.
 */
function decide(held: unknown[], keyOf: (value: unknown) => string, union: boolean): unknown {
  const tally = new Map<string, { value: unknown; first: number; count: number }>();
  held.forEach((value, index) => {
    if (isEmpty(value)) return;
    const key = keyOf(value);
    const entry = tally.get(key);
    if (entry) entry.count += 1;
    else tally.set(key, { value, first: index, count: 1 });
  });
  let best: { value: unknown; first: number; count: number } | undefined;
  // Map order is first-held order, so a strict > keeps the earlier value on a tie; voter 0
  // (the authoritative record when there is one) therefore wins every tie it is part of.
  for (const entry of tally.values()) if (!best || entry.count > best.count) best = entry;
  if (!best) return undefined;
  if (union || best.count >= 2 || best.first === 0) return best.value;
  return undefined;
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && !value.length);
}

/** Values that differ only in case, accents, punctuation or spacing are one vote. */
function voteKey(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'string' ? foldText(v) : v));
}
