// The import bench's corpus: real PDFs from Debian packages with ground truth read from
// page 1 (corpus.json), split by a fixed rule into a development part and a held-aside part
// that extraction is never tuned on. The PDFs live in a cache that fetchCorpus.sh fills.
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface CorpusDocument {
  package: string;
  path: string;
  sha1: string;
  /** Set on documents added after the split rule was fixed: they join the part named here
   * (the development part, or a later held-aside part), whatever their SHA-1, so the first
   * held-aside part stays as it was. */
  part?: CorpusPart;
  /** The kind of source: r-cran, bioconductor, journal-layouts, theses, ... */
  source: string;
  title: string;
  subtitle?: string;
  /** Last names in printed order; [] none printed; null not personal names (not scored). */
  authors: string[] | null;
  /** Only the first author's last name (the r-cran vignettes). */
  firstAuthor?: string;
  year: number | null;
  type: string | null;
  doi: string | null;
  classes: string[];
}

/** held2 to held16: later held-aside sets, each one's truth read before the extractor ever ran
 * on it (held4 to held16 from Debian packages, or documents, no earlier set drew on). A set scored
 * whole may then have its misses read for failure classes; from then on its figures are
 * development figures, not unseen ones. The misses of the first held-aside part and of held2 to
 * held7 have all been read so (the last, which found CJK text lost without pdf.js's character
 * maps, in December 2026), then held8's to held15's (each scored once first); held16 was drawn
 * after that and is the unseen part. */
export type CorpusPart = 'dev' | 'held-aside' | 'held2' | 'held3' | 'held4' | 'held5' | 'held6' | 'held7' | 'held8' | 'held9' | 'held10' | 'held11' | 'held12' | 'held13' | 'held14' | 'held15' | 'held16';
export const CORPUS_PARTS: readonly CorpusPart[] = ['dev', 'held-aside', 'held2', 'held3', 'held4', 'held5', 'held6', 'held7', 'held8', 'held9', 'held10', 'held11', 'held12', 'held13', 'held14', 'held15', 'held16'];

const here = path.dirname(fileURLToPath(import.meta.url));
export const FETCH_SCRIPT = 'bench/import/corpus/fetchCorpus.sh';

export function loadCorpus(file = path.join(here, 'corpus.json')): CorpusDocument[] {
  return (JSON.parse(readFileSync(file, 'utf8')) as { documents: CorpusDocument[] }).documents;
}

/** Fixed before any tuning: about 30% of the documents, by the first hex digit of the SHA-1;
 * a document marked with its part explicitly (those added later for breadth) is in that part. */
export function corpusPart(doc: Pick<CorpusDocument, 'sha1' | 'part'>): CorpusPart {
  if (doc.part) return doc.part;
  return parseInt(doc.sha1[0]!, 16) < 5 ? 'held-aside' : 'dev';
}

export function corpusCacheDir(): string {
  return process.env.REFSHELF_IMPORT_CORPUS_DIR ?? path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'refshelf', 'import-corpus');
}

export function corpusPdfDir(cache = corpusCacheDir()): string {
  return path.join(cache, 'pdf');
}

export function corpusFile(doc: Pick<CorpusDocument, 'package' | 'path'>, cache = corpusCacheDir()): string {
  return path.join(corpusPdfDir(cache), doc.package, doc.path);
}

/** The documents whose PDF has been fetched, and how many have not. */
export function fetchedDocuments(docs: CorpusDocument[], cache = corpusCacheDir()): { present: CorpusDocument[]; missing: number } {
  const present = docs.filter((d) => existsSync(corpusFile(d, cache)));
  return { present, missing: docs.length - present.length };
}

/** The first author's last name the truth gives, if any. */
export function expectedFirstAuthor(doc: CorpusDocument): string | undefined {
  return doc.authors ? doc.authors[0] : doc.firstAuthor;
}
