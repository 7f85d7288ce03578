// Plausible library documents for benchmarks: realistic field sizes, varied values.

const WORDS = ['adaptive', 'bayesian', 'cellular', 'dynamics', 'estimation', 'framework', 'genomic', 'hierarchical', 'inference',
  'kinetics', 'learning', 'molecular', 'network', 'optimal', 'protein', 'quantum', 'regression', 'sampling', 'spectral',
  'temporal', 'uncertainty', 'variational', 'wavelet', 'climate', 'neural', 'sparse', 'robust', 'causal', 'graph', 'ocean'];
const SURNAMES = ['Smith', 'Müller', 'García', 'Nakamura', 'Okafor', 'Kowalski', 'Dubois', 'Rossi', 'Ivanova', 'Chen', 'Svensson', 'Silva'];
const GIVEN = ['Ana', 'Ben', 'Chloé', 'Dmitri', 'Emeka', 'Fatima', 'Giulia', 'Hiro', 'Ingrid', 'José', 'Kai', 'Lena'];
const JOURNALS = ['Nature', 'Journal of Applied Physics', 'PLOS ONE', 'Bioinformatics', 'Ecology Letters', 'Physical Review E'];

const pick = <T>(list: readonly T[], n: number): T => list[n % list.length]!;

export function sampleDocument(i: number) {
  const words = Array.from({ length: 6 + (i % 7) }, (_, k) => pick(WORDS, i * 7 + k * 13));
  const title = words.join(' ').replace(/^./, (c) => c.toUpperCase());
  return {
    title: `${title} (${i})`,
    type: 'journal',
    year: 1990 + (i % 35),
    source: pick(JOURNALS, i),
    authors: Array.from({ length: 1 + (i % 5) }, (_, k) => ({ first_name: pick(GIVEN, i + k), last_name: pick(SURNAMES, i * 3 + k) })),
    abstract: Array.from({ length: 120 }, (_, k) => pick(WORDS, i + k * 5)).join(' '),
    identifiers: { doi: `10.5555/bench.${i}` },
    keywords: [pick(WORDS, i), pick(WORDS, i + 3)],
    tags: [pick(WORDS, i + 11)],
    volume: String(1 + (i % 60)),
    pages: `${i % 900}-${(i % 900) + 12}`,
  };
}
