// Caches kept in a Map drop their oldest entries first (a Map iterates in insertion order;
// an entry used again is deleted and set again to move it last). Taking the oldest by
// starting a new iteration each time (`map.keys().next()`, or `for...of` with a break) is
// not constant time in V8: a deleted entry stays in the table as a hole until the table is
// next rebuilt, and every new iteration steps over all the holes left at its front. A cache
// of 25,000 entries that drops one per insert paid about 10 µs per insert that way, most of
// the service's CPU while a 100,000-document library was pulled. One iterator kept open
// steps over each hole once: V8 keeps a live iterator valid across deletions and rebuilds.

export class OldestFirst<K, V> {
  private cursor: Iterator<[K, V]> | undefined;

  constructor(private readonly map: Map<K, V>) {}

  /** Deletes the oldest entry; answers it (undefined when the map is empty). */
  dropOldest(): [K, V] | undefined {
    let next = this.cursor?.next();
    // A finished iterator stays finished, even after new entries are set.
    if (!next || next.done) {
      this.cursor = this.map.entries();
      next = this.cursor.next();
    }
    if (next.done) return undefined;
    this.map.delete(next.value[0]);
    return next.value;
  }
}
