// Export of a selection, a folder or the whole personal library to BibTeX or RIS, with the
// shared formatters the service uses too. The text is always answered (browser mode offers
// it as a download); given a path, it is also written there.
import { writeFile } from 'node:fs/promises';
import type { ExportFormat, ExportResult, ExportScope, LibraryDocument } from '../../../shared/bridge/contract.ts';
import { formatBibtex } from '../../../shared/bibtex/formatBibtex.ts';
import { formatRis } from '../../../shared/ris/formatRis.ts';
import { MAX_PAGE } from '../replica/index.ts';
import type { Replica } from '../replica/index.ts';
import { ReplicaError } from '../replica/index.ts';

export function documentsInScope(replica: Replica, scope: ExportScope): LibraryDocument[] {
  if ('ids' in scope) {
    return scope.ids.map((id) => {
      const document = replica.getDocument(id);
      if (!document) throw new ReplicaError('not_found', `Document ${id} is not in the library`);
      return document;
    });
  }
  const filter = 'folderId' in scope ? { folderId: scope.folderId } : {};
  const all: LibraryDocument[] = [];
  for (let offset = 0; ; offset += MAX_PAGE) {
    const page = replica.listDocuments({ ...filter, sort: 'first_author', order: 'asc', limit: MAX_PAGE, offset });
    all.push(...page);
    if (page.length < MAX_PAGE) return all;
  }
}

export function formatBibliography(format: ExportFormat, documents: readonly LibraryDocument[]): string {
  return format === 'bibtex' ? formatBibtex(documents) : formatRis(documents);
}

function suggestedName(replica: Replica, format: ExportFormat, scope: ExportScope): string {
  const base = 'folderId' in scope ? (replica.getFolder(scope.folderId)?.name ?? 'folder') : 'library' in scope ? 'library' : 'selection';
  const safe = base.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'export';
  return `${safe}.${format === 'bibtex' ? 'bib' : 'ris'}`;
}

export async function exportBibliography(replica: Replica, request: { format: ExportFormat; scope: ExportScope; path?: string }): Promise<ExportResult> {
  const documents = documentsInScope(replica, request.scope);
  const text = formatBibliography(request.format, documents);
  if (request.path) await writeFile(request.path, text, 'utf8');
  return {
    format: request.format, count: documents.length, text, fileName: suggestedName(replica, request.format, request.scope),
    ...(request.path ? { path: request.path } : {}),
  };
}
