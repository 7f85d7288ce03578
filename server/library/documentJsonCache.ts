// Serialised documents, reused while the row is unchanged: sync clients and the desktop
// read the same documents over and over, and parsing `data` plus re-serialising it is most
// of the cost of a read. Entries are the UTF-8 bytes, so a page is spliced from them with
// one copy (Buffer.concat) and the socket writes them as they are: built as one long
// string, a 500-document page cost more in measuring and encoding that string than in
// SQLite. Keys carry last_modified (bumped by every write) and the length of `data` as a
// second guard, so a changed row never meets an old entry.
import { OldestFirst } from '../../shared/oldestFirst.ts';
import type { DocumentsTable } from '../storage/tables.ts';

/**
 * What tells one version of a document from another: `data_length` is octet_length(data),
 * the bytes, which SQLite reads from the record header. length(data) counts characters by
 * reading the whole text: on a 500-row page that was most of the query (15 ms against 1).
 */
export type DocumentVersion = Pick<DocumentsTable, 'id' | 'last_modified'> & { data_length: number };

export class DocumentJsonCache {
  private readonly entries = new Map<string, Buffer>();
  private readonly oldest = new OldestFirst(this.entries);
  private size = 0;

  /** `maxBytes` bounds the memory held. */
  constructor(private readonly maxBytes = 32 * 1024 * 1024) {}

  static key(version: DocumentVersion, view: string | undefined, fileAttached: boolean): string {
    return `${version.id}|${version.last_modified}|${version.data_length}|${view ?? ''}|${fileAttached ? 1 : 0}`;
  }

  get(key: string): Buffer | undefined {
    return this.entries.get(key);
  }

  set(key: string, bytes: Buffer): void {
    if (bytes.length > this.maxBytes / 16) return; // a giant document would evict everything
    const previous = this.entries.get(key);
    if (previous !== undefined) this.size -= previous.length;
    this.entries.set(key, bytes);
    this.size += bytes.length;
    while (this.size > this.maxBytes) this.size -= this.oldest.dropOldest()![1].length;
  }
}
