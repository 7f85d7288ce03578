import { describe, expect, it } from 'vitest';
import { coalescedLookup } from './coalescedLookup.ts';

interface Row {
  id: string;
  value: number;
}

/** A fetch that records each batch it is asked for and answers from `rows`. */
function recordingFetch(rows: Row[]) {
  const batches: string[][] = [];
  const fetch = async (keys: string[]) => {
    batches.push(keys);
    return rows.filter((row) => keys.includes(row.id));
  };
  return { batches, fetch };
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('coalescedLookup', () => {
  it('sends a lookup alone at once, and answers those asked for meanwhile in that turn with one fetch', async () => {
    const { batches, fetch } = recordingFetch([{ id: 'a', value: 1 }, { id: 'b', value: 2 }, { id: 'c', value: 3 }]);
    const lookup = coalescedLookup(fetch, (row) => row.id);
    const alone = lookup('c');
    expect(batches).toEqual([['c']]);
    const answers = await Promise.all([alone, lookup('a'), lookup('b'), lookup('a'), lookup('missing')]);
    expect(answers).toEqual([{ id: 'c', value: 3 }, { id: 'a', value: 1 }, { id: 'b', value: 2 }, { id: 'a', value: 1 }, undefined]);
    expect(batches).toEqual([['c'], ['a', 'b', 'missing']]);
  });

  it('sends a lookup asked for in a later turn in a fetch of its own, which sees what changed since', async () => {
    const rows = [{ id: 'a', value: 1 }];
    const { batches, fetch } = recordingFetch(rows);
    const lookup = coalescedLookup(fetch, (row) => row.id);
    expect(await lookup('a')).toEqual({ id: 'a', value: 1 });
    rows[0] = { id: 'a', value: 2 };
    await nextTurn();
    expect(await lookup('a')).toEqual({ id: 'a', value: 2 });
    expect(batches).toEqual([['a'], ['a']]);
  });

  it('splits a large turn into batches of at most the given size', async () => {
    const rows = Array.from({ length: 7 }, (_, i) => ({ id: `k${i}`, value: i }));
    const { batches, fetch } = recordingFetch(rows);
    const lookup = coalescedLookup(fetch, (row) => row.id, 3);
    const answers = await Promise.all(rows.map((row) => lookup(row.id)));
    expect(answers).toEqual(rows);
    expect(batches.map((batch) => batch.length)).toEqual([1, 3, 3]);
  });

  it('rejects every lookup of a failed batch, and the next turn fetches again', async () => {
    let fail = true;
    const lookup = coalescedLookup<Row>(async (keys) => {
      if (fail) throw new Error('connection lost');
      return keys.map((id) => ({ id, value: 0 }));
    }, (row) => row.id);
    const failed = await Promise.allSettled([lookup('a'), lookup('b'), lookup('a')]);
    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
    await nextTurn();
    fail = false;
    expect(await lookup('a')).toEqual({ id: 'a', value: 0 });
  });

  it('fails the batch of a fetch that throws before answering, at once or in a later turn', async () => {
    const lookup = coalescedLookup<Row>((keys) => {
      throw new Error(`cannot ask for ${keys.join(', ')}`);
    }, (row) => row.id);
    await expect(lookup('a')).rejects.toThrow('cannot ask for a');
    const later = [lookup('b'), lookup('c')];
    await expect(Promise.all(later)).rejects.toThrow('cannot ask for b');
  });
});
