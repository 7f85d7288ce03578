// Realistic catalog records for the benchmark: words, names and venues come from the real
// sample catalog (resources/catalog), drawn with a Zipf law as words are in real titles.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parseBibtex } from '../../shared/bibtex/parseBibtex.ts';
import type { RecordFields } from '../../shared/bibtex/importedRecord.ts';
import { SAMPLE_CATALOG_DIR } from '../../server/catalog/sampleCatalog.ts';
import { seededRandom } from '../../shared/seededRandom.ts';

/** Deterministic PRNG (mulberry32): the same seed gives the same catalog and queries. */
export const random = seededRandom;

class Zipf<T> {
  private readonly cumulative: Float64Array;
  constructor(readonly items: readonly T[], exponent = 1) {
    this.cumulative = new Float64Array(items.length);
    let sum = 0;
    for (let i = 0; i < items.length; i++) this.cumulative[i] = sum += 1 / Math.pow(i + 1, exponent);
    for (let i = 0; i < items.length; i++) this.cumulative[i]! /= sum;
  }
  pick(r: number): T {
    let lo = 0;
    let hi = this.items.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cumulative[mid]! < r) lo = mid + 1;
      else hi = mid;
    }
    return this.items[lo]!;
  }
}

function byFrequency(values: string[]): string[] {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]).map(([v]) => v);
}

export interface Vocabulary {
  words: string[];
  firstNames: string[];
  lastNames: string[];
  venues: string[];
}

/** Words, names and venues of the real sample catalog, most frequent first. */
export function sampleVocabulary(): Vocabulary {
  const records = readdirSync(SAMPLE_CATALOG_DIR)
    .filter((f) => f.endsWith('.bib'))
    .flatMap((f) => parseBibtex(readFileSync(path.join(SAMPLE_CATALOG_DIR, f), 'latin1')).records.map((r) => r.document));
  const words = byFrequency(records.flatMap((d) => `${d.title} ${d.abstract ?? ''}`.toLowerCase().match(/\p{L}[\p{L}'-]*\p{L}/gu) ?? []));
  const people = records.flatMap((d) => d.authors ?? []);
  const firstNames = byFrequency(people.map((p) => p.first_name?.split(' ')[0] ?? '').filter((n) => /^\p{Lu}\p{Ll}+$/u.test(n)));
  const lastNames = byFrequency(people.map((p) => p.last_name).filter((n) => /^\p{Lu}[\p{L}'-]+$/u.test(n)));
  const topics = words.slice(30, 400);
  const venues = [...new Set(records.map((d) => d.source).filter((s): s is string => Boolean(s)))];
  for (let i = 0; venues.length < 2000; i++) {
    const a = topics[(i * 7) % topics.length]!;
    const b = topics[(i * 13 + 5) % topics.length]!;
    venues.push(`${['Journal of', 'Annals of', 'Proceedings on', 'Review of', 'Letters in'][i % 5]} ${cap(a)} and ${cap(b)}`);
  }
  return { words, firstNames, lastNames, venues };
}

const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

export class RecordGenerator {
  private readonly words: Zipf<string>;
  private readonly firstNames: Zipf<string>;
  private readonly lastNames: Zipf<string>;
  private readonly venues: Zipf<string>;
  constructor(readonly vocabulary: Vocabulary, private readonly rand = random(42)) {
    this.words = new Zipf(vocabulary.words, 1.05);
    this.firstNames = new Zipf(vocabulary.firstNames, 0.9);
    this.lastNames = new Zipf(vocabulary.lastNames, 0.7);
    this.venues = new Zipf(vocabulary.venues, 0.8);
  }

  private phrase(min: number, max: number): string {
    const n = min + Math.floor(this.rand() * (max - min + 1));
    const out: string[] = [];
    for (let i = 0; i < n; i++) out.push(this.words.pick(this.rand()));
    return out.join(' ');
  }

  record(i: number): RecordFields & { open_access: boolean } {
    const authors = Array.from({ length: 1 + Math.floor(this.rand() * 4) }, () => ({
      first_name: this.firstNames.pick(this.rand()),
      last_name: this.lastNames.pick(this.rand()),
    }));
    const year = this.rand() < 0.05 ? undefined : 1950 + Math.floor(Math.pow(this.rand(), 0.5) * 75);
    const title = cap(this.phrase(4, 12));
    return {
      title,
      type: this.rand() < 0.8 ? 'journal' : 'conference_proceedings',
      year,
      authors,
      source: this.venues.pick(this.rand()),
      abstract: `${cap(this.phrase(25, 50))}.`,
      volume: String(1 + Math.floor(this.rand() * 60)),
      issue: String(1 + Math.floor(this.rand() * 12)),
      pages: `${1 + Math.floor(this.rand() * 900)}-${901 + Math.floor(this.rand() * 99)}`,
      identifiers: { doi: `10.${5000 + (i % 4000)}/bench.${i}` },
      open_access: this.rand() < 0.2,
    };
  }

  private plainWords: string[] | undefined;

  /**
   * A topical word: frequent enough to find documents, not a function word, and one token
   * ("tiger-tex" would search "tex", which the TUGboat-based vocabulary puts in 3 of 4 documents).
   */
  queryWord(): string {
    const ranked = (this.plainWords ??= this.vocabulary.words.filter((w) => /^\p{L}+$/u.test(w)));
    return ranked[40 + Math.floor(Math.pow(this.rand(), 1.5) * Math.min(5000, ranked.length - 40))]!;
  }

  lastName(): string {
    return this.lastNames.pick(this.rand());
  }
}
