import CSL from 'citeproc';
import { describe, expect, it } from 'vitest';
import { pristineCiteproc } from './fixtures/pristineCiteproc.ts';
import { installParticleMemo } from './nameParticles.ts';

installParticleMemo(CSL);

type NameFields = Record<string, unknown>;
const parserOf = (csl: typeof CSL) => (csl as unknown as { parseParticles: (name: NameFields) => void }).parseParticles;

/** [family, given]: particles before the family name and after the given name, suffixes in the given name, "et al.", apostrophes, case, scripts. */
const NAMES: [string, string][] = [
  ['Beethoven', 'Ludwig van'], ['van Beethoven', 'Ludwig'], ['de la Peña', 'Luis'], ['Peña', 'Luis de la'], ['von der Leyen', 'Ursula'],
  ['Leyen', 'Ursula von der'], ['d\'Alembert', 'Jean'], ['Alembert', 'Jean d\''], ['D\'Alembert', 'Jean'], ['van', 'Jan'], ['Van Dyke', 'Dick'],
  ['King', 'Martin Luther, Jr.'], ['King', 'Martin Luther,! Jr.'], ['Smith', 'John, et al.'], ['Smith', 'John, III'], ['al-Khwarizmi', 'Muhammad'],
  ['ibn Sina', 'Abu Ali'], ['Dijk', 'Jan van'], ['’t Hooft', 'Gerard'], ['Hooft', 'Gerard ’t'], ['de Gaulle', 'Charles André Joseph Marie'],
  ['Müller', 'Hans-Jürgen'], ['Σωκράτης', 'Σ.'], ['Smith', 'J.'], ['la Fontaine', 'Jean de'], ['Uribe', 'Álvaro'], ['', 'Plato'],
];

/** Each name as citeproc-js's names code hands it over (every field present) and as a bare object, with and without a suffix or particle of its own. */
function variants(family: string, given: string): NameFields[] {
  const full = { literal: undefined, family, isInstitution: undefined, given, suffix: undefined, 'comma-suffix': undefined, 'non-dropping-particle': undefined, 'dropping-particle': undefined, 'comma-dropping-particle': '' };
  return [full, { family, given }, { ...full, suffix: 'Sr.' }, { family, given, 'dropping-particle': 'du' }, { family, given, suffix: null }];
}

describe('particles and suffixes kept per name', () => {
  it('leave every name as citeproc-js leaves it, asked twice', () => {
    const ours = parserOf(CSL);
    const theirs = parserOf(pristineCiteproc());
    expect(ours).not.toBe(theirs);
    for (const [family, given] of NAMES) {
      for (const variant of variants(family, given)) {
        const expected = structuredClone(variant);
        theirs(expected);
        for (const round of ['first', 'again']) {
          const got = structuredClone(variant);
          ours(got);
          expect(Object.entries(got), `${family} / ${given} ${JSON.stringify(variant)}, ${round}`).toEqual(Object.entries(expected));
        }
      }
    }
  });

  it('splits a name it was given before without matching it against the particles again', () => {
    const internals = CSL as unknown as { PARTICLE_FAMILY_REGEXP: RegExp };
    const particles = internals.PARTICLE_FAMILY_REGEXP;
    let matches = 0;
    class CountingRegExp extends RegExp {
      override [Symbol.match](text: string) {
        matches++;
        return super[Symbol.match](text);
      }
    }
    internals.PARTICLE_FAMILY_REGEXP = new CountingRegExp(particles.source, particles.flags);
    try {
      const parse = parserOf(CSL);
      const name = () => ({ family: 'van Kept Only Once', given: 'Anna' });
      const first = name();
      parse(first);
      expect(matches).toBeGreaterThan(0);
      const seen = matches;
      const again = name();
      parse(again);
      expect(again).toEqual(first);
      expect(matches).toBe(seen);
    } finally {
      internals.PARTICLE_FAMILY_REGEXP = particles;
    }
  });
});
