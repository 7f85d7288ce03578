// Citation keys made by a pattern the user sets, e.g. "auth.lower + year + shorttitle":
// parts joined by "+", each a field of the document or a quoted text, with optional
// .lower / .upper. A made key is written into the document (`citation_key`), so it stays
// as it is whatever is edited later, until the user changes it.
import type { LibraryDocument } from '../../../shared/bridge/contract.ts';

const PARTS = ['auth', 'authors', 'year', 'title', 'shorttitle', 'veryshorttitle'] as const;
type PartName = (typeof PARTS)[number];
interface Part {
  name: PartName | 'text';
  text?: string;
  modifier?: 'lower' | 'upper';
}

/** Words a short title skips (English function words, as Better BibTeX does). */
const SKIPPED = new Set(['a', 'an', 'the', 'of', 'on', 'in', 'and', 'or', 'for', 'to', 'at', 'by', 'with', 'from', 'is', 'are', 'as']);

/** ASCII letters and digits only: the characters every BibTeX and biber accepts in a key. */
export function asciiFold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').replace(/ß/g, 'ss').replace(/[^A-Za-z0-9]/g, '');
}

function parse(pattern: string): Part[] | string {
  const parts: Part[] = [];
  for (const raw of pattern.split('+').map((p) => p.trim())) {
    if (!raw) return 'The key pattern has an empty part between two "+"';
    const quoted = /^"([^"]*)"$|^'([^']*)'$/.exec(raw);
    if (quoted) {
      const text = quoted[1] ?? quoted[2] ?? '';
      if (/[\s,{}()"'#%~\\=]/.test(text)) return `The text "${text}" cannot be part of a citation key`;
      parts.push({ name: 'text', text });
      continue;
    }
    const [name, modifier, extra] = raw.split('.');
    if (!PARTS.includes(name as PartName)) return `Unknown key part "${raw}": use ${PARTS.join(', ')}, or a "quoted text"`;
    if (extra !== undefined || (modifier !== undefined && modifier !== 'lower' && modifier !== 'upper')) return `"${raw}": a part may end in .lower or .upper only`;
    parts.push({ name: name as PartName, ...(modifier ? { modifier: modifier as 'lower' | 'upper' } : {}) });
  }
  return parts.length ? parts : 'The key pattern is empty';
}

export function keyPatternProblem(pattern: string): string | undefined {
  const parsed = parse(pattern);
  return typeof parsed === 'string' ? parsed : undefined;
}

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

function titleWords(title: string, count: number): string {
  const words = title.split(/[\s\-–—:;,.!?/]+/).map(asciiFold).filter(Boolean);
  const kept = words.filter((w) => !SKIPPED.has(w.toLowerCase()));
  return (kept.length ? kept : words).slice(0, count).map(capital).join('');
}

function familyOf(person: { last_name: string }): string {
  // "van Beethoven" -> "Beethoven": particles are not part of the key, as in BibTeX styles.
  const family = person.last_name.replace(/^(?:[a-z]+\s+)+(?=\p{Lu})/u, '');
  return asciiFold(family);
}

function partValue(part: Part, d: LibraryDocument): string {
  const people = d.authors?.length ? d.authors : d.editors ?? [];
  switch (part.name) {
    case 'text': return part.text ?? '';
    case 'auth': return people[0] ? familyOf(people[0]) : '';
    case 'authors': return people.slice(0, 3).map(familyOf).join('') + (people.length > 3 ? 'EtAl' : '');
    case 'year': return typeof d.year === 'number' ? String(d.year) : '';
    case 'title': return asciiFold(d.title);
    case 'shorttitle': return titleWords(d.title, 3);
    case 'veryshorttitle': return titleWords(d.title, 1);
  }
}

/** The key the pattern makes for a document (before it is made unique). */
export function keyFor(pattern: string, d: LibraryDocument): string {
  const parts = parse(pattern);
  if (typeof parts === 'string') throw new Error(parts);
  const key = parts.map((part) => {
    const value = partValue(part, d);
    return part.modifier === 'lower' ? value.toLowerCase() : part.modifier === 'upper' ? value.toUpperCase() : value;
  }).join('');
  return key || titleWords(d.title, 1) || 'untitled';
}

/** Appends a, b, ... z, aa ... until the key is free (keys compare case-insensitively). */
export function uniqueKey(base: string, taken: Set<string>): string {
  let key = base;
  for (let n = 0; taken.has(key.toLowerCase()); n++) {
    let suffix = '';
    for (let i = n; i >= 0; i = Math.floor(i / 26) - 1) suffix = String.fromCharCode(97 + (i % 26)) + suffix;
    key = base + suffix;
  }
  taken.add(key.toLowerCase());
  return key;
}
