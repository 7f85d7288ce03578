// Catalog search results (the ranked window a page shows, and its total) remembered per
// query while the catalog is unchanged: many users typing the same popular words, a result
// list refreshed, the next page asked twice. Forgotten as the match counts are
// (matchCounts.ts): on any write to the search index here or a commit by another process.
import type SQLite from 'better-sqlite3';
import { MatchCounts } from './matchCounts.ts';
import { OldestFirst } from '../../shared/oldestFirst.ts';

const MAX_ENTRIES = 2_000;

export interface SearchAnswer {
  seqs: number[];
  total?: number;
}

export class SearchResults {
  private readonly answers = new Map<string, SearchAnswer>();
  private readonly oldest = new OldestFirst(this.answers);
  private seenGeneration = '';

  private static readonly byDatabase = new WeakMap<SQLite.Database, SearchResults>();

  static of(sqlite: SQLite.Database): SearchResults {
    let results = SearchResults.byDatabase.get(sqlite);
    if (!results) {
      results = new SearchResults(MatchCounts.of(sqlite));
      SearchResults.byDatabase.set(sqlite, results);
    }
    return results;
  }

  private constructor(private readonly counts: MatchCounts) {}

  /** The answer for `key`, computed once per generation of the index. Callers must not change it. */
  remember(key: string, compute: () => SearchAnswer): SearchAnswer {
    const generation = this.counts.generation();
    if (generation !== this.seenGeneration) {
      this.answers.clear();
      this.seenGeneration = generation;
    }
    const known = this.answers.get(key);
    if (known) {
      this.answers.delete(key);
      this.answers.set(key, known);
      return known;
    }
    const answer = compute();
    if (this.answers.size >= MAX_ENTRIES) this.oldest.dropOldest();
    this.answers.set(key, answer);
    return answer;
  }
}
