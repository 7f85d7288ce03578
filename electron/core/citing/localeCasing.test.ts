import CSL from 'citeproc';
import { describe, expect, it } from 'vitest';
import { installLocaleCasing, neutralCasing } from './localeCasing.ts';

installLocaleCasing(CSL);
const state = (langs: string[]) => ({ tmp: { lang_array: langs } });
/** What citeproc-js's own functions do: an invalid language tag falls back to the neutral mapping. */
function orElse(mapped: () => string, neutral: string): string {
  try {
    return mapped();
  } catch {
    return neutral;
  }
}

const SAMPLES = ['Istanbul İzmir IŞIK', 'ılık Iı', 'Ĩ Į̇ Lietuva', 'Straße Σίσυφος ΟΔΟΣ', 'De la Cruz Ångström', 'և ŉ ǰ ĳ ﬀ hAcht'];
const LANGUAGE_LISTS = [['en-US'], ['en', 'en-US'], ['de-DE'], ['fr'], ['tr-TR', 'en-US'], ['az'], ['lt'], ['el'], ['en-US', 'tr'], ['TR'], ['tr_TR'], ['el-GR'], ['hy'], ['nl'], ['ga']];

describe('citeproc-js case mapping', () => {
  it('is language-neutral except for Azeri, Greek, Armenian, Lithuanian and Turkish first', () => {
    expect(neutralCasing(['en-US', 'tr'])).toBe(true);
    expect(neutralCasing(['de'])).toBe(true);
    expect(neutralCasing(['tr-TR'])).toBe(false);
    expect(neutralCasing(['lt'])).toBe(false);
    expect(neutralCasing(['AZ-Latn'])).toBe(false);
    expect(neutralCasing(['el-GR'])).toBe(false);
    expect(neutralCasing([])).toBe(false);
    expect(neutralCasing(undefined)).toBe(false);
  });

  it('gives exactly what String#toLocaleLowerCase/UpperCase give for the same languages', () => {
    for (const langs of LANGUAGE_LISTS) {
      for (const text of SAMPLES) {
        expect(CSL.toLocaleLowerCase.call(state(langs), text), `${langs} ${text}`).toBe(orElse(() => text.toLocaleLowerCase(langs), text.toLowerCase()));
        expect(CSL.toLocaleUpperCase.call(state(langs), text), `${langs} ${text}`).toBe(orElse(() => text.toLocaleUpperCase(langs), text.toUpperCase()));
      }
    }
    expect(CSL.toLocaleLowerCase.call(state(['tr']), 'I')).toBe('ı');
    expect(CSL.toLocaleLowerCase.call(state(['en-US']), 'I')).toBe('i');
  });
});
