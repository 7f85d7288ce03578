// Rows of the documents table to and from the wire shape. Title, type and year have
// columns of their own (sorting, search); every other field lives in the JSON `data`.
import type { DocumentsTable } from '../storage/tables.ts';
import { badRequest } from '../http/errors.ts';
import {
  CORE_FIELDS,
  DOCUMENT_VIEWS,
  VIEW_FIELDS,
  type DocumentFieldName,
  type DocumentView,
} from '../../shared/schemas/document.ts';

export type DocumentJson = Record<string, unknown> & { id: string; title: string; type: string };

/** Fields the server computes or owns: never stored in `data`, ignored in request bodies. */
export const SERVER_SET_FIELDS = ['id', 'profile_id', 'group_id', 'created', 'last_modified', 'file_attached'] as const;

/** Client flags are booleans: absent means false, so the client view always carries them. */
const CLIENT_FLAGS = VIEW_FIELDS.client;

interface ViewPlan {
  /** Fields read from `data`, in output order. */
  dataFields: readonly string[];
  withClientFlags: boolean;
}

const COLUMN_FIELDS = new Set<string>(['title', 'type', 'year']);

function planOf(fields: readonly DocumentFieldName[]): ViewPlan {
  return {
    dataFields: fields.filter((f) => !COLUMN_FIELDS.has(f) && !(CLIENT_FLAGS as readonly string[]).includes(f)),
    withClientFlags: fields.some((f) => (CLIENT_FLAGS as readonly string[]).includes(f)),
  };
}

// Plans are computed once per view: the hot path only walks a short array.
const PLANS: Record<string, ViewPlan> = {
  core: planOf([...CORE_FIELDS]),
  bib: planOf([...CORE_FIELDS, ...VIEW_FIELDS.bib]),
  client: planOf([...CORE_FIELDS, ...VIEW_FIELDS.client]),
  tags: planOf([...CORE_FIELDS, ...VIEW_FIELDS.tags]),
  patent: planOf([...CORE_FIELDS, ...VIEW_FIELDS.patent]),
  all: planOf([...CORE_FIELDS, ...VIEW_FIELDS.bib, ...VIEW_FIELDS.tags, ...VIEW_FIELDS.client, ...VIEW_FIELDS.patent]),
};

/** Reads the `view` query parameter: absent means the core fields; anything unknown is 400. */
export function readView(value: unknown): DocumentView | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !(DOCUMENT_VIEWS as readonly string[]).includes(value)) throw badRequest('Invalid view');
  return value as DocumentView;
}

/** Whether a view shows file_attached (so callers fetch it only then). */
export function viewNeedsFileFlag(view: DocumentView | undefined): boolean {
  return view === 'client' || view === 'all';
}

/** The wire shape of a row in a view; null and absent attributes are omitted. */
export function toDocumentJson(row: DocumentsTable, view: DocumentView | undefined, fileAttached: boolean): DocumentJson {
  const plan = PLANS[view ?? 'core']!;
  const data = JSON.parse(row.data) as Record<string, unknown>;
  const out: DocumentJson = { id: row.id, title: row.title, type: row.type };
  if (row.year !== null && row.year !== undefined) out.year = row.year;
  for (const field of plan.dataFields) {
    const value = data[field];
    if (value !== undefined && value !== null) out[field] = value;
  }
  if (plan.withClientFlags) {
    for (const flag of CLIENT_FLAGS) (out as Record<string, unknown>)[flag] = flag === 'file_attached' ? fileAttached : data[flag] === true;
  }
  out.profile_id = row.profile_id;
  if (row.group_id) out.group_id = row.group_id;
  out.created = row.created;
  out.last_modified = row.last_modified;
  return out;
}

/** Splits validated fields into column values and the JSON of the rest (nulls dropped). */
export function splitFields(fields: Record<string, unknown>): { title?: string; type?: string; year?: number | null; data: Record<string, unknown> } {
  const out: { title?: string; type?: string; year?: number | null; data: Record<string, unknown> } = { data: {} };
  for (const [name, value] of Object.entries(fields)) {
    if ((SERVER_SET_FIELDS as readonly string[]).includes(name)) continue;
    if (name === 'title') out.title = value as string;
    else if (name === 'type') out.type = value as string;
    else if (name === 'year') out.year = value as number | null;
    else if (value !== null && value !== undefined) out.data[name] = normalise(name, value);
  }
  return out;
}

/** `accessed` is a date on the wire (real clients expect YYYY-MM-DD), whatever precision arrived. */
export function normalise(name: string, value: unknown): unknown {
  if (name === 'accessed' && typeof value === 'string') return value.slice(0, 10);
  return value;
}
