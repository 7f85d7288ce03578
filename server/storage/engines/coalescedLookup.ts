// Lookups by key asked for in the same turn of the event loop, answered by one statement.
// Under load many requests are read off their sockets in one poll phase; on PostgreSQL
// each lookup sent alone costs a round trip and a statement's work in a server process, so
// fifty at once cost fifty. Gathered until the turn's check phase (setImmediate), they go
// as one `= ANY($1)` statement. A lookup asked for while none is waiting or in flight is
// sent at once: a request alone does not wait for the turn to end. Every lookup is sent
// after its request arrived, so it sees every write committed before that: nothing is
// served from memory.

/** What answers a batch: the rows found for these keys, in any order, missing ones left out. */
export type BatchFetch<Row> = (keys: string[]) => Promise<Row[]>;

interface Waiter<Row> {
  resolve: (row: Row | undefined) => void;
  reject: (error: unknown) => void;
}

/** At most this many keys in one statement; a larger turn is sent as several. */
const MAX_BATCH = 500;

export function coalescedLookup<Row>(fetch: BatchFetch<Row>, keyOf: (row: Row) => string, maxBatch = MAX_BATCH): (key: string) => Promise<Row | undefined> {
  let pending = new Map<string, Waiter<Row>[]>();
  let scheduled = false;
  let inFlight = 0;

  function send(keys: string[], waiters: Map<string, Waiter<Row>[]>): void {
    inFlight++;
    // A fetch that throws before it answers a promise fails its batch, not the process.
    let answer: Promise<Row[]>;
    try {
      answer = fetch(keys);
    } catch (error) {
      answer = Promise.reject(error);
    }
    answer.then((rows) => {
      inFlight--;
      const byKey = new Map(rows.map((row) => [keyOf(row), row]));
      for (const key of keys) for (const waiter of waiters.get(key)!) waiter.resolve(byKey.get(key));
    }, (error: unknown) => {
      inFlight--;
      for (const key of keys) for (const waiter of waiters.get(key)!) waiter.reject(error);
    });
  }

  function flush(): void {
    scheduled = false;
    const waiters = pending;
    pending = new Map();
    const keys = [...waiters.keys()];
    for (let at = 0; at < keys.length; at += maxBatch) send(keys.slice(at, at + maxBatch), waiters);
  }

  return (key) => new Promise<Row | undefined>((resolve, reject) => {
    if (inFlight === 0 && !scheduled) {
      send([key], new Map([[key, [{ resolve, reject }]]]));
      return;
    }
    const waiting = pending.get(key);
    if (waiting) waiting.push({ resolve, reject });
    else pending.set(key, [{ resolve, reject }]);
    if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  });
}
