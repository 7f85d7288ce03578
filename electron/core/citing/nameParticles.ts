// citeproc-js splits particles ("van", "de la") and a suffix written into the given name
// ("Martin, Jr.") out of a person's name (CSL.parseParticles) each time it renders the name:
// in the citation form, in the sort keys and in the entry, several times per reference in
// a big bibliography, each time splitting, reversing and matching the family and given names
// with regular expressions (about a thirtieth of a 1,000-reference APA 7 bibliography). What it does to the name depends only on the name's family, given,
// suffix and dropping-particle fields, so the fields it sets are kept per such name and set
// again; a name with a field of another kind (a number, null) goes to citeproc-js. The
// library file stays unmodified: the function is wrapped once, at load.
import type CSL from 'citeproc';

type NameFields = Record<string, unknown>;
type ParseParticles = (name: NameFields) => void;

/** The fields CSL.parseParticles reads (citeproc 2.4: splitParticles and parseSuffix). */
const READ = ['family', 'given', 'suffix', 'dropping-particle'] as const;

/** Enough for the names of a big library; past it the memo starts again rather than grow. */
export const PARTICLE_SPLITS_KEPT = 50_000;

let installed = false;

export function installParticleMemo(csl: typeof CSL): void {
  if (installed) return;
  installed = true;
  const internals = csl as unknown as { parseParticles: ParseParticles };
  const parseParticles = internals.parseParticles;
  /** Per name: the fields citeproc-js set, in the order it set them, and their values. */
  const kept = new Map<string, [string, unknown][]>();
  internals.parseParticles = function (name) {
    const read = READ.map((field) => name[field]);
    if (!read.every((value, i) => typeof value === 'string' || (i >= 2 && value === undefined))) {
      parseParticles(name);
      return;
    }
    const key = read.map((value) => (value === undefined ? '\u0001' : value)).join('\u0000');
    let set = kept.get(key);
    if (!set) {
      const probe: NameFields = {};
      READ.forEach((field, i) => {
        if (read[i] !== undefined) probe[field] = read[i];
      });
      parseParticles(probe);
      set = Object.entries(probe).filter(([field, value]) => {
        const at = (READ as readonly string[]).indexOf(field);
        return at < 0 || value !== read[at];
      });
      if (kept.size >= PARTICLE_SPLITS_KEPT) kept.clear();
      kept.set(key, set);
    }
    for (const [field, value] of set) name[field] = value;
  };
}
