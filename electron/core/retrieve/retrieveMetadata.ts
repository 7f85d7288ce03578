// "Retrieve metadata": for each document, extraction from its PDF (when the bytes are on this
// machine) and the catalog lookup run again; the result is a list of changes (field, old,
// new) for the user to approve. A certain catalog match (by identifier or file hash)
// offers its values for every field; a title match and the extraction only fill empty
// fields. Nothing is written until the approved changes come back (applyMetadata).
import type { FieldChange, MetadataPreview } from '../../../shared/bridge/retrieveCommands.ts';
import type { LibraryDocument } from '../../../shared/bridge/libraryTypes.ts';
import { NetworkError, ServiceError } from '../../../shared/client/serviceErrors.ts';
import type { LibraryApi } from '../../../shared/client/libraryApi.ts';
import { documentFieldsFromPdf } from '../../../shared/node/pdf/documentFields.ts';
import type { FileStore } from '../files/fileStore.ts';
import { findRecord } from '../import/catalogLookup.ts';
import { CERTAIN_SCORE, MERGED_FIELDS, MIN_ACCEPTED_SCORE } from '../import/catalogMerge.ts';
import type { PdfLane } from '../import/pdfLane.ts';
import type { Replica } from '../replica/index.ts';
import { BridgeFailure } from '../commands/failure.ts';

export interface RetrieveDeps {
  replica: Replica;
  api: LibraryApi;
  fileStore: FileStore;
  lane: PdfLane;
}

const empty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

async function extracted(deps: RetrieveDeps, document: LibraryDocument): Promise<Record<string, unknown>> {
  const pdf = deps.replica.listFiles(document.id).find((f) => f.mime_type === 'application/pdf' && deps.fileStore.has(f.filehash));
  if (!pdf) return {};
  const result = await deps.lane.extract(deps.fileStore.pathOf(pdf.filehash), {}, 'metadata');
  return result.ok ? (documentFieldsFromPdf(result) as Record<string, unknown>) : {};
}

function unavailable(error: unknown): string {
  if (error instanceof NetworkError) return 'The service cannot be reached, so only the PDF was read again.';
  if (error instanceof ServiceError) return `${error.message.replace(/;\s*try again (?:later|in \d+ s)\.?$/, '.')} Only the PDF was read again.`;
  throw error;
}

async function previewOne(deps: RetrieveDeps, document: LibraryDocument): Promise<MetadataPreview> {
  const current = document as unknown as Record<string, unknown>;
  const fromPdf = await extracted(deps, document);
  const identifiers = { ...(fromPdf.identifiers as Record<string, string> | undefined), ...document.identifiers };
  const filehash = deps.replica.listFiles(document.id).find((f) => f.mime_type === 'application/pdf')?.filehash;
  const proposed: Record<string, unknown> = {};
  let message: string | undefined;
  try {
    const found = await findRecord(deps.api, { ...document, identifiers }, filehash);
    if (found && found.score >= MIN_ACCEPTED_SCORE) {
      const record = found.record as unknown as Record<string, unknown>;
      for (const field of MERGED_FIELDS) {
        if (empty(record[field])) continue;
        if (found.score >= CERTAIN_SCORE || empty(current[field])) proposed[field] = record[field];
      }
      const recordIds = record.identifiers as Record<string, string> | undefined;
      if (recordIds) Object.assign(identifiers, { ...recordIds, ...identifiers });
    }
  } catch (error) {
    message = unavailable(error);
  }
  for (const [field, value] of Object.entries(fromPdf)) {
    if (field !== 'identifiers' && proposed[field] === undefined && empty(current[field]) && !empty(value)) proposed[field] = value;
  }
  if (!same(identifiers, document.identifiers ?? {}) && Object.keys(identifiers).length) proposed.identifiers = identifiers;
  const changes: FieldChange[] = Object.entries(proposed)
    .filter(([field, value]) => !same(value, current[field]))
    .map(([field, value]) => ({ field, old: current[field], new: value }));
  return { documentId: document.id, title: document.title, status: changes.length ? 'changes' : 'unchanged', changes, ...(message ? { message } : {}) };
}

export async function previewMetadata(deps: RetrieveDeps, documentIds: readonly string[]): Promise<MetadataPreview[]> {
  const previews: MetadataPreview[] = [];
  for (const id of documentIds) {
    const document = deps.replica.getDocument(id);
    if (!document || document.trashed) {
      previews.push({ documentId: id, title: '', status: 'failed', changes: [], message: 'This document is no longer in the library.' });
      continue;
    }
    previews.push(await previewOne(deps, document));
  }
  return previews;
}

/** Writes the approved values, each document in its own transaction (validated by the replica). */
export function applyMetadata(replica: Replica, changes: readonly { documentId: string; fields: Record<string, unknown> }[]): { updated: string[] } {
  const allowed = new Set<string>([...MERGED_FIELDS, 'identifiers']);
  const updated: string[] = [];
  for (const { documentId, fields } of changes) {
    const unknown = Object.keys(fields).find((f) => !allowed.has(f));
    if (unknown) throw new BridgeFailure('invalid', `${unknown} is not a field Retrieve metadata changes`, 'changes');
    if (!replica.getDocument(documentId)) throw new BridgeFailure('not_found', `Document ${documentId} is not in the library`, 'documentId');
    if (!Object.keys(fields).length) continue;
    replica.updateDocument(documentId, fields);
    updated.push(documentId);
  }
  return { updated };
}
