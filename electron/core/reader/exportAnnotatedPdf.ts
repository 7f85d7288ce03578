// reader.exportAnnotatedPdf: the document's PDF made local, its annotations turned into
// standard PDF annotations (pageAnnotations.ts) and written into a copy (annotatedPdf.ts) in
// the core's PDF lane, then the copy saved where the person chose, or shelved for download.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AnnotatedPdfExport } from '../../../shared/bridge/readerCommands.ts';
import type { LibraryAnnotation } from '../../../shared/bridge/libraryTypes.ts';
import { failure } from '../../../shared/node/pdf/openPdf.ts';
import type { ExtractionFailure } from '../../../shared/node/pdf/types.ts';
import type { AccountControl } from '../commands/controls.ts';
import type { FileLinks } from '../files/fileLinks.ts';
import type { ReplicaReads } from '../replica/index.ts';
import { BridgeFailure } from '../commands/failure.ts';
import type { PdfLane } from '../import/pdfLane.ts';
import { writeAnnotatedPdf, MAX_EXPORT_BYTES, type AnnotatedPdfResult } from './annotatedPdf.ts';
import { pageAnnotations, type PageAnnotation } from './pageAnnotations.ts';
import type { ExportShelf } from './exportShelf.ts';
import { chooseFile, ensureLocal, type FileDeps } from './readerFiles.ts';

export interface ExportDeps extends FileDeps {
  replica: FileDeps['replica'] & ReplicaReads;
  lane: PdfLane;
  fileLinks?: FileLinks;
  exportShelf?: ExportShelf;
  account?: Pick<AccountControl, 'status'>;
}

export interface ExportRequest {
  documentId: string;
  fileId?: string;
  path?: string;
}

/** Why no copy could be written, as the bridge says it (extraction's own words speak of reading details). */
function refusal(problem: ExtractionFailure): BridgeFailure {
  switch (problem.reason) {
    case 'encrypted':
      return new BridgeFailure('unsupported', 'This PDF is encrypted (protected by a password, or by restrictions on what may be done with it), so no copy with annotations can be written.');
    case 'too-large':
      return new BridgeFailure('unsupported', `Copies with annotations are written of PDFs up to ${MAX_EXPORT_BYTES / 1024 / 1024} MB; this one is larger.`);
    default:
      // not a PDF, empty, damaged, or pdf.js failed while writing: the message says which
      return new BridgeFailure('invalid', problem.message, 'fileId');
  }
}

/** The file's own name with "(annotated)" before its extension. */
export function annotatedName(fileName: string): string {
  const base = fileName.replace(/\.pdf$/i, '').replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'document';
  return `${base} (annotated).pdf`;
}

/** Names for /T: other members' from the replica, mine from the account (or the replica). */
function authors(deps: ExportDeps, annotations: readonly LibraryAnnotation[]): (a: LibraryAnnotation) => string | undefined {
  const me = deps.account?.status().profile;
  const names = deps.replica.profileNamesOf([...annotations.flatMap((a) => (a.profile_id ? [a.profile_id] : [])), ...(me ? [me.id] : [])]);
  const myName = me?.displayName ?? (me ? names[me.id] : undefined);
  return (a) => (!a.profile_id || a.profile_id === me?.id ? myName : names[a.profile_id]);
}

export async function exportAnnotatedPdf(deps: ExportDeps, request: ExportRequest): Promise<AnnotatedPdfExport> {
  const { documentId } = request;
  if (request.path !== undefined && !path.isAbsolute(request.path)) throw new BridgeFailure('invalid', 'The copy needs an absolute path to be written to', 'path');
  if (request.path === undefined && !(deps.exportShelf && deps.fileLinks)) throw new BridgeFailure('unsupported', 'This transport cannot offer the copy for download: give a path to write it to', 'path');
  if (!deps.replica.getDocument(documentId)) throw new BridgeFailure('not_found', `Document ${documentId} is not in the library`);
  const file = chooseFile(deps.replica.listFiles(documentId), documentId, request.fileId);
  await ensureLocal(deps, file);
  const source = deps.fileStore.pathOf(file.filehash);
  if (request.path !== undefined && path.resolve(request.path) === path.resolve(source)) throw new BridgeFailure('invalid', 'The copy cannot replace the library’s own file', 'path');

  const annotations = deps.replica.listAnnotations(documentId);
  const authorOf = authors(deps, annotations);
  let outcome: Omit<ReturnType<typeof pageAnnotations>, 'entries'> = { written: [], skipped: [] };
  const plan = {
    pages: annotations.flatMap((a) => (a.positions ?? []).map((p) => p.page)),
    entriesFor: (layout: { pageCount: number; frameOf: (page: number) => { view: readonly number[]; rotate: number } }): PageAnnotation[] => {
      const { entries, ...rest } = pageAnnotations(annotations, { filehash: file.filehash, pageCount: layout.pageCount, frameOf: layout.frameOf, authorOf });
      outcome = rest;
      return entries;
    },
  };
  const result = await deps.lane.run<AnnotatedPdfResult>(
    (signal) => writeAnnotatedPdf(source, plan, signal),
    'user',
    () => failure('damaged', 'Writing the annotations into this PDF took too long; it may be damaged.'),
  );
  if (!result.ok) throw refusal(result);

  const base = { fileName: annotatedName(file.file_name), size: result.bytes.byteLength, written: outcome.written.length, skipped: outcome.skipped };
  if (request.path !== undefined) {
    try {
      await writeFile(request.path, result.bytes);
    } catch (error) {
      throw new BridgeFailure('invalid', `The copy could not be written to ${request.path}: ${(error as Error).message}`, 'path');
    }
    return { ...base, path: request.path };
  }
  const sha1 = await deps.exportShelf!.put(result.bytes);
  return { ...base, url: deps.fileLinks!.urlFor(sha1) };
}
