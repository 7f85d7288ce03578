// Serialised documents, reused while the row is unchanged: sync clients and the desktop
// read the same documents over and over, and parsing `data` plus re-serialising it is most
// of the cost of a read. Keys carry last_modified (bumped by every write) and the length
// of `data` as a second guard, so a changed row never meets an old entry.
import type { DocumentsTable } from '../storage/tables.ts';

export class DocumentJsonCache {
  private readonly entries = new Map<string, string>();
  private size = 0;

  /** `maxChars` bounds the memory held (roughly one byte per character for typical text). */
  constructor(private readonly maxChars = 16 * 1024 * 1024) {}

  static key(row: DocumentsTable, view: string | undefined, fileAttached: boolean): string {
    return `${row.id}|${row.last_modified}|${row.data.length}|${view ?? ''}|${fileAttached ? 1 : 0}`;
  }

  get(key: string): string | undefined {
    return this.entries.get(key);
  }

  set(key: string, text: string): void {
    if (text.length > this.maxChars / 16) return; // a giant document would evict everything
    const previous = this.entries.get(key);
    if (previous !== undefined) this.size -= previous.length;
    this.entries.set(key, text);
    this.size += text.length;
    // Oldest first: Map keeps insertion order.
    for (const [oldKey, oldText] of this.entries) {
      if (this.size <= this.maxChars) break;
      this.entries.delete(oldKey);
      this.size -= oldText.length;
    }
  }
}
