// A researcher's library for the sync benchmark: titles and abstracts drawn with a Zipf law
// from the 6,000+ words of the real sample catalog, authors from its real names, venues,
// keywords and tags, so that a search matches what it would in a real library (a handful
// of documents for a rare word, thousands for a common one).
import { RecordGenerator, random, sampleVocabulary } from '../catalog/catalogRecords.ts';

/** Bumped whenever the generated rows change, so a cached seeded database is not reused. */
export const LIBRARY_DATA_VERSION = 2;

export interface LibraryRows {
  document(i: number): Record<string, unknown>;
  /** The text of document i's reading note. */
  note(i: number): string;
}

/** Rows drawn in order (i = 0, 1, 2...): the same seed gives the same library. */
export function libraryRows(seed: number): LibraryRows {
  const vocabulary = sampleVocabulary();
  const rand = random(seed);
  const generator = new RecordGenerator(vocabulary, rand);
  const topical = () => generator.queryWord();
  return {
    document(i) {
      const { open_access: _openAccess, ...record } = generator.record(i);
      return {
        ...record,
        keywords: Array.from({ length: 1 + Math.floor(rand() * 4) }, topical),
        tags: rand() < 0.4 ? [topical()] : [],
      };
    },
    note(i) {
      const words = Array.from({ length: 8 + Math.floor(rand() * 20) }, topical);
      return `Reading note ${i}: ${words.join(' ')}.`;
    },
  };
}

/**
 * What a person types into the search box of this library: a prefix of a title word while
 * still typing, an author's surname, or two or three words of a title, the last one
 * perhaps half typed.
 */
export function searchInputs(documents: readonly { title?: unknown; authors?: unknown }[], count: number, seed: number): string[] {
  const rand = random(seed);
  const wordsOf = (text: unknown) => (typeof text === 'string' ? text.match(/\p{L}[\p{L}'-]*\p{L}/gu) ?? [] : []).filter((w) => w.length >= 3);
  const prefix = (word: string) => word.slice(0, Math.min(word.length, 3 + Math.floor(rand() * (word.length - 2))));
  const inputs: string[] = [];
  while (inputs.length < count) {
    const doc = documents[Math.floor(rand() * documents.length)]!;
    const words = wordsOf(doc.title);
    const surnames = (Array.isArray(doc.authors) ? doc.authors : []).map((a: { last_name?: string }) => a.last_name).filter((n): n is string => Boolean(n));
    const form = rand();
    if (form < 0.4 && words.length) inputs.push(prefix(words[Math.floor(rand() * words.length)]!));
    else if (form < 0.65 && surnames.length) inputs.push(surnames[Math.floor(rand() * surnames.length)]!);
    else if (words.length >= 2) {
      const n = Math.min(words.length, 2 + Math.floor(rand() * 2));
      const start = Math.floor(rand() * (words.length - n + 1));
      const picked = words.slice(start, start + n);
      const last = rand() < 0.6 ? prefix(picked.pop()!) : `${picked.pop()!} `;
      inputs.push([...picked, last].join(' '));
    }
  }
  return inputs;
}
