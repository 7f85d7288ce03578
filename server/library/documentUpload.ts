// POST /documents with file bytes: a document is made from the file, then the bytes are
// attached to it. Metadata extraction (PDF info, DOI lookup in the catalog) plugs in at
// `extractMetadata`; until it exists the title comes from the file name.
import type { Readable } from 'node:stream';
import type { ServiceContext } from '../context.ts';
import type { DocumentsTable } from '../storage/tables.ts';
import { badRequest } from '../http/errors.ts';
import type { AttachedFile } from './fileAttach.ts';
import { attachFile } from './fileService.ts';
import { checkPatchBody } from './documentInput.ts';
import { parseContentDisposition } from './contentDisposition.ts';
import type { DocumentStore } from './documentStore.ts';
import type { DocumentFields } from '../../shared/schemas/document.ts';
import { extractInWorker, PerUserQueue } from './pdf/isolatedExtraction.ts';
import { documentFieldsFromPdf } from '../../shared/node/pdf/documentFields.ts';

export interface UploadedFile {
  fileName: string;
  mimeType: string;
  attached: AttachedFile;
}

/** Finds document fields in an uploaded file. Answers only what it is sure of. */
export type MetadataExtractor = (ctx: ServiceContext, file: UploadedFile, profileId: string) => Promise<DocumentFields>;

const extractionQueue = new PerUserQueue();

/**
 * PDFs are read for their details (first pages only) in a worker thread, one file per user
 * at a time; other files, and PDFs that cannot be read within the limits, keep the
 * file-name title.
 */
export const extractMetadata: MetadataExtractor = async (ctx, file, profileId) => {
  const isPdf = file.mimeType === 'application/pdf' || /\.pdf$/i.test(file.fileName);
  if (!isPdf) return {};
  const result = await extractionQueue.run(profileId, () => ctx.blobs.withLocalFile(file.attached.filehash, (pdfPath) => extractInWorker(pdfPath)));
  return result.ok ? documentFieldsFromPdf(result) : {};
};

/** "Underwater_basket_weaving.pdf" -> "Underwater basket weaving". */
export function titleFromFileName(fileName: string): string {
  const withoutExtension = fileName.replace(/\.[A-Za-z0-9]{1,8}$/, '');
  const title = withoutExtension.replace(/_/g, ' ').replace(/\s+/g, ' ').trim();
  // Bounded in characters (code points), as the schema counts them; a pair is never split.
  return Array.from(title || fileName.trim() || 'Untitled').slice(0, 500).join('');
}

export interface UploadRequest {
  profileId: string;
  /** The group whose library gets the document (checked writable by the caller); null: the caller's own. */
  groupId: string | null;
  /** The new document's id (one an idempotency key reserved). */
  id: string;
  contentType: string | undefined;
  contentDisposition: string | undefined;
  /** The upload's bytes; read only after the request has been checked. */
  body: () => Readable;
}

export async function createDocumentFromUpload(ctx: ServiceContext, store: DocumentStore, upload: UploadRequest): Promise<DocumentsTable> {
  const fileName = parseContentDisposition(upload.contentDisposition)?.filename;
  if (!fileName) {
    throw badRequest('Send the file name in Content-Disposition: attachment; filename="<name>" (or filename*=UTF-8\'\'<escaped name>)');
  }
  const mimeType = (upload.contentType ?? 'application/octet-stream').split(';')[0]!.trim().toLowerCase();
  const row = await store.create({ id: upload.id, profileId: upload.profileId, groupId: upload.groupId, fields: { title: titleFromFileName(fileName), type: 'journal' } });
  let attached: AttachedFile;
  try {
    attached = await attachFile(ctx, { documentId: row.id, profileId: upload.profileId, groupId: upload.groupId, body: upload.body(), mimeType, clientFileName: fileName });
  } catch (err) {
    // The document was only a vessel for this file; without it there is nothing to keep.
    await ctx.db.deleteFrom('documents').where('id', '=', row.id).execute();
    throw err;
  }
  const extracted = await extractMetadata(ctx, { fileName, mimeType, attached }, upload.profileId);
  const current = (await store.findRow(row.id)) ?? row;
  if (Object.keys(extracted).length === 0) return current;
  return store.merge(current, checkPatchBody(extracted));
}
