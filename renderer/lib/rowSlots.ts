// Keys for the drawn rows of a virtual list that let the browser keep its work: a document
// still drawn keeps its key, so its row only moves (a new transform, no text to lay out
// again); a document newly drawn takes the key of a row that left, so that row's text
// changes in place, where that costs no move. Keyed by position instead, scrolling by one
// row changed the text of every drawn row.
//
// React keeps the DOM in the order of the keys: a kept element that comes after one placed
// from later in the old order is moved (removed and inserted again, so laid out from
// scratch). A key left free is therefore given only where it lands in order; elsewhere a new
// document gets a new key (one element made, none moved).

/** The key of each drawn row, and the map to pass to the next call. */
export interface RowSlots {
  keys: number[];
  slots: Map<string, number>;
}

/**
 * `ids` are the drawn rows' ids in order (a row still loading gives an id of its own, such
 * as its position); `previous` is the last call's `slots`. No two rows get the same key.
 */
export function assignRowSlots(previous: ReadonlyMap<string, number>, ids: readonly string[]): RowSlots {
  /** Where each key's element is in the DOM now. */
  const oldPosition = new Map<number, number>();
  for (const slot of previous.values()) oldPosition.set(slot, oldPosition.size);
  let fresh = previous.size === 0 ? 0 : Math.max(...previous.values()) + 1;

  const keys: (number | undefined)[] = ids.map(() => undefined);
  const taken = new Set<number>();
  ids.forEach((id, i) => {
    const slot = previous.get(id);
    if (slot !== undefined && !taken.has(slot)) {
      keys[i] = slot;
      taken.add(slot);
    }
  });
  // In their DOM order, as React walks them.
  const free = [...previous.values()].filter((slot) => !taken.has(slot));

  let lastPlaced = -1;
  for (let i = 0; i < ids.length; i++) {
    const kept = keys[i];
    if (kept !== undefined) {
      lastPlaced = Math.max(lastPlaced, oldPosition.get(kept)!);
      continue;
    }
    // A free key fits between the last element placed and the next kept one that stays put.
    let bound = Number.POSITIVE_INFINITY;
    for (let j = i + 1; j < ids.length; j++) {
      const position = keys[j] === undefined ? undefined : oldPosition.get(keys[j]!);
      if (position !== undefined && position > lastPlaced) {
        bound = position;
        break;
      }
    }
    const fit = free.findIndex((slot) => oldPosition.get(slot)! > lastPlaced && oldPosition.get(slot)! < bound);
    if (fit >= 0) {
      const [slot] = free.splice(fit, 1);
      keys[i] = slot;
      lastPlaced = oldPosition.get(slot!)!;
    } else {
      keys[i] = fresh++;
    }
  }
  const slots = new Map<string, number>();
  ids.forEach((id, i) => slots.set(id, keys[i]!));
  return { keys: keys as number[], slots };
}
