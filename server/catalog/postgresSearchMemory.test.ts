// A count or answer asked again while it is being computed waits for that computation
// instead of starting another (many users typing the same popular words after a catalog
// change each read every match otherwise); a later generation computes anew. PostgreSQL pass.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenedDatabase } from '../storage/database.ts';
import { createPgDatabase, testPgUrl } from '../testing/pgDatabases.ts';
import { catalogChanged, PostgresSearchMemory, type SearchAnswer } from './postgresSearchMemory.ts';

const cluster = testPgUrl();

describe.runIf(cluster)('PostgreSQL search memory', () => {
  let database: OpenedDatabase;
  beforeAll(async () => {
    database = await openDatabase('/nonexistent-data-dir', await createPgDatabase(cluster!));
  });
  afterAll(async () => {
    await database?.close();
  });

  it('computes an answer asked by many at once only once, and anew in a later generation', async () => {
    const memory = new PostgresSearchMemory();
    const generation = await memory.generation(database.db);
    let computed = 0;
    let finish!: (answer: SearchAnswer) => void;
    const compute = () => {
      computed++;
      return new Promise<SearchAnswer>((resolve) => (finish = resolve));
    };
    const asked = [memory.answer(generation, 'k', compute), memory.answer(generation, 'k', compute), memory.answer(generation, 'k', compute)];
    finish({ seqs: [1], total: 1 });
    const answers = await Promise.all(asked);
    expect(computed).toBe(1);
    for (const answer of answers) expect(answer).toBe(answers[0]);
    expect(await memory.answer(generation, 'k', compute)).toBe(answers[0]);

    await catalogChanged(database.db);
    const next = await memory.generation(database.db);
    expect(next).not.toBe(generation);
    const again = memory.answer(next, 'k', compute);
    finish({ seqs: [2], total: 1 });
    expect((await again).seqs).toEqual([2]);
    expect(computed).toBe(2);
  });

  it('computes again after a computation fails', async () => {
    const memory = new PostgresSearchMemory();
    const generation = await memory.generation(database.db);
    await expect(memory.count(generation, 'k', () => Promise.reject(new Error('lost connection')))).rejects.toThrow('lost connection');
    expect(await memory.count(generation, 'k', () => Promise.resolve(3))).toBe(3);
  });
});
