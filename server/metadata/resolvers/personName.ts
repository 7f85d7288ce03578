// Names as the upstreams write them, split into first and last names.
import type { Person } from '../../../shared/schemas/common.ts';

const PARTICLES = new Set(['van', 'von', 'der', 'den', 'de', 'del', 'della', 'di', 'da', 'du', 'la', 'le', 'dos', 'das', 'ter', 'ten', 'zu', 'bin', 'al']);

/** "Donald E. Knuth" and "Ludwig van Beethoven": the last word, with lower-case particles before it. */
export function personFromFullName(name: string): Person | undefined {
  const words = name.replace(/\s+/g, ' ').trim().split(' ').filter(Boolean);
  if (!words.length) return undefined;
  if (name.includes(',')) {
    const [last, first] = name.split(',', 2).map((p) => p.trim());
    return first ? { last_name: last!, first_name: first } : { last_name: last! };
  }
  let start = words.length - 1;
  while (start > 1 && PARTICLES.has(words[start - 1]!.toLowerCase())) start--;
  const first = words.slice(0, start).join(' ');
  const last = words.slice(start).join(' ');
  return first ? { last_name: last, first_name: first } : { last_name: last };
}

/** PubMed's "Smith JA" and "van der Berg A": initials last. */
export function personFromInitialsLast(name: string): Person | undefined {
  const words = name.replace(/\s+/g, ' ').trim().split(' ').filter(Boolean);
  if (!words.length) return undefined;
  const lastWord = words[words.length - 1]!;
  if (words.length > 1 && /^[A-Z]{1,4}$/.test(lastWord)) {
    return { last_name: words.slice(0, -1).join(' '), first_name: lastWord.split('').join('. ') + '.' };
  }
  return { last_name: words.join(' ') };
}
