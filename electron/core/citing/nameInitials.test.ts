import CSL from 'citeproc';
import { describe, expect, it } from 'vitest';
import { pristineCiteproc } from './fixtures/pristineCiteproc.ts';
import { installLocaleCasing } from './localeCasing.ts';
import { installInitialsMemo } from './nameInitials.ts';

installLocaleCasing(CSL);
installInitialsMemo(CSL);

type InitializeWith = (state: unknown, name: unknown, terminator: unknown, normalizeOnly?: unknown) => string;
const namesOf = (csl: typeof CSL) => (csl as unknown as { Util: { Names: { initializeWith: InitializeWith } } }).Util.Names;
const state = (langs: string[], hyphen: boolean) => ({ opt: { 'initialize-with-hyphen': hyphen }, tmp: { lang_array: langs } });

/** Given names of the kinds bibliographies hold: initials with and without periods, hyphens, particles, scripts, markup, case oddities. */
const GIVEN = [
  'Jane', 'Ann B.', 'A. B.', 'A.B.', 'AB', 'J.-P.', 'Jean-Pierre', 'jean-pierre', 'Jean - Pierre', 'Marie-josé', 'John Ronald Reuel',
  'Ludwig van', 'de la', 'Thomas Jr.', 'Lord', 'Lady', 'Ma', 'MaryAnn', 'DJ', 'McKay', 'Ångström', 'Ilya', 'İsmail', 'ılgın',
  'Σωκράτης', 'Михаил Юрьевич', '村上', '<i>Jane</i> Doe', 'J', 'j', 'Ж.', '', ' ', 'Dr. Who', 'Jo.Anne', 'X Æ A-12',
];
const TERMINATORS = [undefined, '', '.', '. ', '.\u00a0', '%s', ''];

describe('initials kept per name', () => {
  it('are citeproc-js\'s own initials for every name, terminator, hyphen rule, normalisation and language, asked twice', () => {
    const ours = namesOf(CSL);
    const theirs = namesOf(pristineCiteproc());
    expect(ours.initializeWith).not.toBe(theirs.initializeWith);
    for (const langs of [['en-US'], ['de-DE', 'en-US'], ['tr-TR'], ['lt']]) {
      for (const hyphen of [true, false]) {
        for (const normalizeOnly of [false, true, undefined]) {
          for (const terminator of TERMINATORS) {
            for (const given of GIVEN) {
              const expected = theirs.initializeWith(state(langs, hyphen), given, terminator, normalizeOnly);
              const label = `${langs} hyphen=${hyphen} normalize=${normalizeOnly} "${terminator}" "${given}"`;
              expect(ours.initializeWith(state(langs, hyphen), given, terminator, normalizeOnly), label).toBe(expected);
              expect(ours.initializeWith(state(langs, hyphen), given, terminator, normalizeOnly), `${label}, again`).toBe(expected);
            }
          }
        }
      }
    }
  });

  it('answers a name it was given before without asking citeproc-js', () => {
    const names = namesOf(CSL) as unknown as { initializeWith: InitializeWith; doInitialize: (...args: unknown[]) => string };
    const doInitialize = names.doInitialize;
    let calls = 0;
    names.doInitialize = function (...args: unknown[]) {
      calls++;
      return doInitialize.apply(this, args);
    };
    try {
      const first = names.initializeWith(state(['en-US'], true), 'Kept Only Once', '. ');
      expect(calls).toBe(1);
      expect(names.initializeWith(state(['en-US'], true), 'Kept Only Once', '. ')).toBe(first);
      expect(calls).toBe(1);
      names.initializeWith(state(['tr-TR'], true), 'Kept Only Once', '. '); // Turkish case mapping: always citeproc-js's own
      expect(calls).toBe(2);
    } finally {
      names.doInitialize = doInitialize;
    }
  });
});
