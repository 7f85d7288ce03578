// "Add by identifier": a DOI, arXiv id or ISBN becomes a document at once (titled with the
// identifier until the catalog answers), and its lookup is queued; the caller runs the
// lookup right away when online, so the usual case ends with the catalog's record.
import type { ImportFileOutcome } from '../../../shared/bridge/importCommands.ts';
import { cleanArxivId, cleanDoi, cleanIsbn } from '../../../shared/identifiers/index.ts';
import type { DocumentType } from '../../../shared/schemas/document.ts';
import type { Replica } from '../replica/index.ts';
import type { LookupQueue } from '../replica/index.ts';

export type ParsedIdentifier = { kind: 'doi' | 'arxiv' | 'isbn'; value: string };

/** Which identifier the user typed; undefined when it is none of the three (or a checksum fails). */
export function parseIdentifier(raw: string): ParsedIdentifier | undefined {
  const text = raw.trim();
  if (!text || text.length > 500) return undefined;
  const arxiv = cleanArxivId(text);
  if (arxiv) return { kind: 'arxiv', value: arxiv };
  const doi = cleanDoi(text);
  if (doi) return { kind: 'doi', value: doi };
  const isbn = cleanIsbn(text);
  if (isbn) return { kind: 'isbn', value: isbn };
  return undefined;
}

const LABELS = { doi: 'DOI', arxiv: 'arXiv', isbn: 'ISBN' } as const;

/** The document an identifier starts as, until the lookup fills it in. */
export function identifierDocument(id: ParsedIdentifier): { title: string; type: DocumentType; identifiers: Record<string, string> } {
  const type: DocumentType = id.kind === 'isbn' ? 'book' : id.kind === 'arxiv' ? 'working_paper' : 'journal';
  return { title: `${LABELS[id.kind]} ${id.value}`, type, identifiers: { [id.kind]: id.value } };
}

export function createIdentifierDocument(
  deps: { replica: Replica; queue: LookupQueue; onChanged(ids: string[]): void }, id: ParsedIdentifier, folderId?: string,
): ImportFileOutcome {
  const { title, type, identifiers } = identifierDocument(id);
  const groupId = folderId ? deps.replica.getFolder(folderId)?.group_id : undefined;
  const document = deps.replica.createDocument({ title, type, identifiers, confirmed: false, ...(groupId ? { group_id: groupId } : {}) });
  if (folderId) deps.replica.addDocumentToFolder(folderId, document.id);
  deps.onChanged([document.id]);
  deps.queue.enqueue({ documentId: document.id, written: { title, type }, confidence: { title: 0, type: 0 } });
  return { file: title, status: 'imported', documentId: document.id };
}
