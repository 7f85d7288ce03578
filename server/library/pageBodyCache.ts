// Whole page bodies, reused while every document on the page is the version it was: a
// 500-document page spliced from its cached documents is about a thousand small copies
// into a fresh 850 KiB buffer, which cost more than the page's SQL. An entry is found by
// its first and last document and its length, then compared key by key (the keys of
// documentJsonCache.ts: id, last_modified, octet length, view, file flag), so a page is
// reused exactly when splicing it again would give the same bytes.
import { OldestFirst } from '../../shared/oldestFirst.ts';

interface Entry {
  keys: readonly string[];
  body: Buffer;
}

export class PageBodyCache {
  private readonly entries = new Map<string, Entry>();
  private readonly oldest = new OldestFirst(this.entries);
  private size = 0;

  /** `maxBytes` bounds the memory held (besides the documents' own cache). */
  constructor(private readonly maxBytes = 32 * 1024 * 1024) {}

  private static lookup(keys: readonly string[]): string {
    return `${keys.length}\u0000${keys[0] ?? ''}\u0000${keys[keys.length - 1] ?? ''}`;
  }

  /** The body spliced earlier from documents with exactly these keys, in this order. */
  get(keys: readonly string[]): Buffer | undefined {
    const lookup = PageBodyCache.lookup(keys);
    const entry = this.entries.get(lookup);
    if (!entry || !sameKeys(entry.keys, keys)) return undefined;
    // Most recently used last: eviction takes the first.
    this.entries.delete(lookup);
    this.entries.set(lookup, entry);
    return entry.body;
  }

  set(keys: readonly string[], body: Buffer): void {
    if (body.length > this.maxBytes / 4) return;
    const lookup = PageBodyCache.lookup(keys);
    const previous = this.entries.get(lookup);
    if (previous) this.size -= previous.body.length;
    this.entries.delete(lookup);
    this.entries.set(lookup, { keys, body });
    this.size += body.length;
    while (this.size > this.maxBytes) this.size -= this.oldest.dropOldest()![1].body.length;
  }
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
