// One PDF into the library: checked, copied into the file store (hashed while streaming,
// so memory stays bounded), de-duplicated by SHA-1, its details extracted, then (unless it
// looks like a document already in the library and the import asks first) a document created
// with its file, its extracted fields (confirmed when extraction was sure, else titled from
// the file name at worst) and queued for the catalog lookup. The document, its file, its
// folder membership and its search entry are written in one transaction: an import that
// fails there leaves nothing behind (the bytes leave the store too unless another file
// holds them). A file that cannot be read for details is kept with a message; only files
// that are not PDFs at all (or empty) and PDF bombs (streams that expand past a cap) are
// refused, before anything is stored.
import path from 'node:path';
import type { ImportFileOutcome } from '../../../shared/bridge/importCommands.ts';
import { documentFieldsFromPdf, extractionIsSure } from '../../../shared/node/pdf/documentFields.ts';
import { NO_TEXT_WARNING } from '../../../shared/node/pdf/extractPdfMetadata.ts';
import type { DocumentFields } from '../../../shared/schemas/document.ts';
import type { FileStore } from '../files/fileStore.ts';
import type { ReplicaReads, ReplicaWrites } from '../replica/index.ts';
import { pdfProblem, titleFromFileName } from './fileChecks.ts';
import type { LookupQueue } from '../replica/index.ts';
import type { PdfLane } from './pdfLane.ts';
import { ADD_ALWAYS, heldMessage, type DuplicateGate } from './duplicateGate.ts';
import { targetGroupId, type ImportTarget } from './importTarget.ts';

export interface PdfImportDeps {
  replica: ReplicaReads & ReplicaWrites;
  fileStore: FileStore;
  queue: LookupQueue;
  lane: PdfLane;
  /** Tells the UI a document appeared or changed. */
  onChanged(ids: string[]): void;
  /** Holds a likely duplicate back for the user's decision (absent: always added). */
  gate?: DuplicateGate;
}

/** Where the document goes (importTarget.ts: a folder decides; else a group's library, if named). */
export interface PdfImportOptions extends ImportTarget {
  /** The name the user knows the file by (a staged file keeps its original name). */
  displayName?: string;
}

export async function importPdf(deps: PdfImportDeps, file: string, options: PdfImportOptions = {}): Promise<ImportFileOutcome> {
  const { replica, fileStore } = deps;
  const name = options.displayName ?? path.basename(file);
  const problem = await pdfProblem(file);
  if (problem) return { file: name, status: 'failed', message: problem };
  // A PDF bomb is refused before anything is stored (checked off the core's thread).
  const bomb = await deps.lane.screen(file);
  if (bomb) return { file: name, status: 'failed', message: `${bomb} It was not imported.` };

  // Dropped on a group's folder or its library: the document belongs to that group's library.
  const groupId = targetGroupId(replica, options);
  const stored = await fileStore.put({ path: file });
  const existing = replica.documentWithFile(stored.sha1, groupId);
  if (existing) {
    const where = groupId ? 'Already in this group’s library' : 'Already in your library';
    return { file: name, status: 'duplicate', documentId: existing.id, message: existing.trashed ? `${where} (in the trash).` : `${where}.` };
  }

  const fallbackTitle = titleFromFileName(name);
  // Screened above: the lane need not check the streams again.
  const result = await deps.lane.extract(fileStore.pathOf(stored.sha1), {}, 'metadata', true);
  const fields: DocumentFields = result.ok ? documentFieldsFromPdf(result) : {};
  // Needs Review lists only the documents whose extraction was unsure.
  const confirmed = result.ok && extractionIsSure(result);
  let message: string | undefined;
  if (!result.ok) message = `${result.message} The file was kept, titled from its name.`;
  else if (result.warnings.includes(NO_TEXT_WARNING)) message = 'This PDF has no text (a scan?). The file was kept, titled from its name.';
  const values = { title: fallbackTitle, type: 'journal' as const, ...fields };

  async function add(): Promise<string> {
    let created: { id: string };
    try {
      created = replica.transaction(() => {
        const document = replica.createDocument({ ...values, confirmed, ...(groupId ? { group_id: groupId } : {}) });
        replica.addFile({
          document_id: document.id, filehash: stored.sha1, file_name: name.slice(0, 255), mime_type: 'application/pdf',
          size: stored.size, local_path: fileStore.pathOf(stored.sha1),
        });
        if (options.folderId) replica.addDocumentToFolder(options.folderId, document.id);
        return document;
      });
    } catch (error) {
      await fileStore.remove(stored.sha1, replica.fileHashInUse);
      throw error;
    }
    // What extraction wrote, and how sure it was: the catalog lookup may replace the unsure.
    const confidence: Record<string, number> = { title: 0, type: 0 };
    if (result.ok) for (const key of Object.keys(fields)) confidence[key] = (result.confidence as Record<string, number | undefined>)[key] ?? 0.5;
    deps.queue.enqueue({ documentId: created.id, written: values, confidence, filehash: stored.sha1 });
    // A sync may rename the new document as soon as it hears of it.
    const currentId = replica.followDocument(created.id);
    deps.onChanged([created.id]);
    return currentId() ?? created.id;
  }

  const admitted = await (deps.gate ?? ADD_ALWAYS).admit(values, groupId, {
    add,
    discard: async () => void (await fileStore.remove(stored.sha1, replica.fileHashInUse)),
  });
  if ('held' in admitted) return { file: name, status: 'held', held: [admitted.held], message: heldMessage(admitted.held) };
  const { documentId } = admitted;
  return { file: name, status: message ? 'warning' : 'imported', documentId, ...(message ? { message } : {}) };
}
