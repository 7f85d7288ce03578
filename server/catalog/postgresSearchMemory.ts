// Catalog search counts and result windows on PostgreSQL, remembered while the catalog is
// unchanged: what matchCounts.ts and searchResults.ts do for SQLite. The count of a query on
// very common words reads every match; the same search asked again (a refreshed result list,
// the next page, another user typing the same words) then costs one small read.
// Several instances share the catalog, so "unchanged" is told by the database: every
// catalog write bumps a generation number in `settings` in its own transaction (under the
// catalog's write lock), and a search reads it first. An answer computed while a write
// commits is kept under the generation read before it, which the write has already ended.
import { sql } from 'kysely';
import type { ServiceDb } from '../storage/engines/serviceDb.ts';
import { OldestFirst } from '../../shared/oldestFirst.ts';

const GENERATION_KEY = 'catalog.search_generation';
const MAX_ENTRIES = 2_000;

export interface SearchAnswer {
  seqs: number[];
  total?: number;
}

/** Bumps the catalog's generation: call in every transaction that writes catalog_search. */
export async function catalogChanged(db: ServiceDb): Promise<void> {
  await sql`INSERT INTO settings (key, value) VALUES (${GENERATION_KEY}, '1')
    ON CONFLICT (key) DO UPDATE SET value = (settings.value::bigint + 1)::text`.execute(db);
}

/**
 * A map that forgets its oldest entry past MAX_ENTRIES, and everything when told; with the
 * values being computed, by generation and key, so a value asked again meanwhile is awaited,
 * not computed twice.
 */
class Remembered<T> {
  private readonly entries = new Map<string, T>();
  private readonly oldest = new OldestFirst(this.entries);
  readonly computing = new Map<string, Promise<T>>();

  get(key: string): T | undefined {
    const known = this.entries.get(key);
    if (known !== undefined) {
      // Most recently used last: the oldest entry is the first to go.
      this.entries.delete(key);
      this.entries.set(key, known);
    }
    return known;
  }

  set(key: string, value: T): void {
    if (this.entries.size >= MAX_ENTRIES) this.oldest.dropOldest();
    this.entries.set(key, value);
  }

  clear(): void {
    this.entries.clear();
  }
}

export class PostgresSearchMemory {
  private readonly counts = new Remembered<number>();
  private readonly answers = new Remembered<SearchAnswer>();
  private seenGeneration = '';

  private static readonly byDatabase = new WeakMap<ServiceDb, PostgresSearchMemory>();

  /** One per database handle, shared by every search through it. */
  static of(db: ServiceDb): PostgresSearchMemory {
    let memory = PostgresSearchMemory.byDatabase.get(db);
    if (!memory) {
      memory = new PostgresSearchMemory();
      PostgresSearchMemory.byDatabase.set(db, memory);
    }
    return memory;
  }

  /** Reads the catalog's generation (a new one forgets every count and answer) and answers it. */
  async generation(db: ServiceDb): Promise<string> {
    const row = await db.selectFrom('settings').select('value').where('key', '=', GENERATION_KEY).executeTakeFirst();
    const generation = row?.value ?? '0';
    if (generation !== this.seenGeneration) {
      this.counts.clear();
      this.answers.clear();
      this.seenGeneration = generation;
    }
    return generation;
  }

  /** The count for `key` in `generation`, counted once. */
  count(generation: string, key: string, compute: () => Promise<number>): Promise<number> {
    return this.remember(this.counts, generation, key, compute);
  }

  /** The answer for `key` in `generation`, computed once. Callers must not change it. */
  answer(generation: string, key: string, compute: () => Promise<SearchAnswer>): Promise<SearchAnswer> {
    return this.remember(this.answers, generation, key, compute);
  }

  private remember<T>(entries: Remembered<T>, generation: string, key: string, compute: () => Promise<T>): Promise<T> {
    const known = generation === this.seenGeneration ? entries.get(key) : undefined;
    if (known !== undefined) return Promise.resolve(known);
    // Many users asking the same popular search at once (a cold start, a catalog change)
    // share one computation instead of each reading every match.
    const flight = `${generation}|${key}`;
    const running = entries.computing.get(flight);
    if (running) return running;
    const computing = (async () => {
      try {
        const computed = await compute();
        // Kept only if no newer generation was seen meanwhile: it may predate that write.
        if (generation === this.seenGeneration) entries.set(key, computed);
        return computed;
      } finally {
        entries.computing.delete(flight);
      }
    })();
    entries.computing.set(flight, computing);
    return computing;
  }
}
