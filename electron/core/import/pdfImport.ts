// One PDF into the library: checked, copied into the file store (hashed while streaming,
// so memory stays bounded), de-duplicated by SHA-1, a document created at once with its
// file and a title from the file name, then enriched by extraction (and confirmed when
// extraction was sure) and queued for the catalog lookup. The document, its file, its
// folder membership and its search entry are written in one transaction: an import that
// fails there leaves nothing behind (the bytes leave the store too unless another file
// holds them). A file that cannot be read for details is kept with a message; only files
// that are not PDFs at all (or empty) and PDF bombs (streams that expand past a cap) are
// refused, before anything is stored.
import path from 'node:path';
import type { ImportFileOutcome } from '../../../shared/bridge/importCommands.ts';
import { documentFieldsFromPdf, extractionIsSure } from '../../../shared/node/pdf/documentFields.ts';
import { NO_TEXT_WARNING } from '../../../shared/node/pdf/extractPdfMetadata.ts';
import type { DocumentPatch } from '../../../shared/schemas/document.ts';
import type { FileStore } from '../files/fileStore.ts';
import type { ReplicaReads, ReplicaWrites } from '../replica/index.ts';
import { pdfProblem, titleFromFileName } from './fileChecks.ts';
import type { LookupQueue } from '../replica/index.ts';
import type { PdfLane } from './pdfLane.ts';

export interface PdfImportDeps {
  replica: ReplicaReads & ReplicaWrites;
  fileStore: FileStore;
  queue: LookupQueue;
  lane: PdfLane;
  /** Tells the UI a document appeared or changed. */
  onChanged(ids: string[]): void;
}

export interface PdfImportOptions {
  /** The name the user knows the file by (a staged file keeps its original name). */
  displayName?: string;
  folderId?: string;
}

export async function importPdf(deps: PdfImportDeps, file: string, options: PdfImportOptions = {}): Promise<ImportFileOutcome> {
  const { replica, fileStore } = deps;
  const name = options.displayName ?? path.basename(file);
  const problem = await pdfProblem(file);
  if (problem) return { file: name, status: 'failed', message: problem };
  // A PDF bomb is refused before anything is stored (checked off the core's thread).
  const bomb = await deps.lane.screen(file);
  if (bomb) return { file: name, status: 'failed', message: `${bomb} It was not imported.` };

  const stored = await fileStore.put({ path: file });
  const existing = replica.documentWithFile(stored.sha1);
  if (existing) {
    return {
      file: name, status: 'duplicate', documentId: existing.id,
      message: existing.trashed ? 'Already in your library (in the trash).' : 'Already in your library.',
    };
  }

  const title = titleFromFileName(name);
  let document: { id: string };
  try {
    document = replica.transaction(() => {
      // Dropped on a group's folder: the document belongs to that group's library.
      const groupId = options.folderId ? replica.getFolder(options.folderId)?.group_id : undefined;
      const created = replica.createDocument({ title, type: 'journal', confirmed: false, ...(groupId ? { group_id: groupId } : {}) });
      replica.addFile({
        document_id: created.id, filehash: stored.sha1, file_name: name.slice(0, 255), mime_type: 'application/pdf',
        size: stored.size, local_path: fileStore.pathOf(stored.sha1),
      });
      if (options.folderId) replica.addDocumentToFolder(options.folderId, created.id);
      return created;
    });
  } catch (error) {
    await fileStore.remove(stored.sha1, replica.fileHashInUse);
    throw error;
  }
  const currentId = replica.followDocument(document.id);
  deps.onChanged([document.id]);

  const written: Record<string, unknown> = { title, type: 'journal' };
  const confidence: Record<string, number> = { title: 0, type: 0 };
  const result = await deps.lane.extract(fileStore.pathOf(stored.sha1), {}, 'metadata', true);
  // A sync may have renamed the document meanwhile, or the user deleted it.
  const id = currentId();
  if (!id) return { file: name, status: 'warning', message: 'The document was removed while its details were being read.' };
  let outcome: ImportFileOutcome = { file: name, status: 'imported', documentId: id };
  if (!result.ok) {
    outcome = { ...outcome, status: 'warning', message: `${result.message} The file was kept, titled from its name.` };
  } else {
    const fields = documentFieldsFromPdf(result) as DocumentPatch & Record<string, unknown>;
    // Needs Review lists only the documents whose extraction was unsure.
    const confirmed = extractionIsSure(result);
    if (Object.keys(fields).length || confirmed) {
      replica.updateDocument(id, confirmed ? { ...fields, confirmed } : fields);
      deps.onChanged([id]);
    }
    Object.assign(written, fields);
    for (const key of Object.keys(fields)) confidence[key] = (result.confidence as Record<string, number | undefined>)[key] ?? 0.5;
    if (result.warnings.includes(NO_TEXT_WARNING)) {
      outcome = { ...outcome, status: 'warning', message: 'This PDF has no text (a scan?). The file was kept, titled from its name.' };
    }
  }
  deps.queue.enqueue({ documentId: id, written, confidence, filehash: stored.sha1 });
  return outcome;
}
