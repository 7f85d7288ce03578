import { describe, expect, it } from 'vitest';
import { readsFromIndex } from './postgresSearchUnits.ts';

describe('reading one unit of a tier', () => {
  it('reads a word rare where it is asked from the index, and walks the key for a word common there', () => {
    // A word in 15,000 documents, 60 of them with it in the title: walking the key tests
    // about 10 × 1,000,000 / 60 rows (16,000 heap pages), the index 15,000 rows.
    expect(readsFromIndex(15_000, 60, 10, 1_000_000)).toBe(true);
    // The same word with 2,200 documents matching: the walk tests about 4,500 rows, 450 pages.
    expect(readsFromIndex(15_000, 2_200, 10, 1_000_000)).toBe(false);
    // A common word anywhere: the walk meets a match every ninth row.
    expect(readsFromIndex(113_000, 113_000, 10, 1_000_000)).toBe(false);
    // A catalog the planner has not counted yet is at least as large as the word's documents.
    expect(readsFromIndex(20, 20, 7, 0)).toBe(false);
    expect(readsFromIndex(200, 0, 7, 0)).toBe(true);
  });
});
