// BibTeX name lists ("Last, First and First von Last and {Corporate Name}") to Persons.
// Splitting happens on the raw LaTeX value, at brace depth 0, so braces protect "and",
// commas and spaces inside corporate names; each part is then decoded to Unicode.
import type { Person } from '../schemas/common.ts';
import { latexToUnicode } from './latexToUnicode.ts';

/** Whether a character (by code) is a blank as \s counts them. */
function isBlank(code: number): boolean {
  return code < 128 ? code === 32 || (code >= 9 && code <= 13) : /\s/.test(String.fromCharCode(code));
}

const isComma = (code: number) => code === 44;

/**
 * Splits `text` on `separator` (a sticky regex) outside braces. The separator is only tried
 * where `mayStart` says a match can begin (its first character), not at every character.
 */
function splitTopLevel(text: string, separator: RegExp, mayStart: (code: number) => boolean): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\\') {
      i++;
      continue;
    }
    if (ch === '{') depth++;
    else if (ch === '}') depth = Math.max(0, depth - 1);
    else if (depth === 0 && mayStart(text.charCodeAt(i))) {
      separator.lastIndex = i;
      const m = separator.exec(text);
      if (m && m.index === i) {
        parts.push(text.slice(start, i));
        start = i + m[0].length;
        i = start - 1;
      }
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim()).filter(Boolean);
}

/** A word is "lower case" (a von particle) when its first letter outside braces is. */
function isLowerWord(word: string): boolean {
  let depth = 0;
  for (let i = 0; i < word.length; i++) {
    const ch = word[i]!;
    if (ch === '{') {
      // {\'e}cole: a special character at depth 1 counts by its letter (not one inside a braced group: {J{\"o}rg}).
      if (depth === 0 && word[i + 1] === '\\') {
        const m = /^\{\\[^A-Za-z]?\s*\{?([A-Za-z])/.exec(word.slice(i));
        if (m) return m[1] === m[1]!.toLowerCase();
      }
      depth++;
      continue;
    }
    if (ch === '}') {
      depth--;
      continue;
    }
    if (depth === 0 && /\p{L}/u.test(ch)) return ch === ch.toLowerCase() && ch !== ch.toUpperCase();
  }
  return false;
}

const clean = (text: string) => latexToUnicode(text).replace(/^[\s,]+|[\s,]+$/g, '');

export function parseBibtexName(raw: string): Person | undefined {
  const name = raw.trim();
  if (!name) return undefined;
  // {{World Health Organization}} or {World Health Organization}: one corporate last name.
  const whole = /^\{([^]*)\}$/.exec(name);
  if (whole && splitTopLevel(whole[1]!, /\s+/y, isBlank).length >= 1 && !/^\{?\\/.test(whole[1]!) && balanced(whole[1]!)) {
    const corporate = clean(whole[1]!);
    return corporate ? { last_name: corporate } : undefined;
  }
  const commaParts = splitTopLevel(name, /,/y, isComma);
  let first = '';
  let last = '';
  let jr = '';
  if (commaParts.length >= 2) {
    // "von Last, First" or "von Last, Jr, First"
    last = commaParts[0]!;
    if (commaParts.length >= 3) {
      jr = commaParts[1]!;
      first = commaParts.slice(2).join(' ');
    } else {
      first = commaParts[1]!;
    }
  } else {
    // "First von Last": the von part starts at the first lower-case word that is not the last word.
    const words = splitTopLevel(name, /\s+/y, isBlank);
    if (words.length === 1) {
      last = words[0]!;
    } else {
      let vonStart = -1;
      for (let i = 0; i < words.length - 1; i++) {
        if (isLowerWord(words[i]!)) {
          vonStart = i;
          break;
        }
      }
      if (vonStart >= 0) {
        first = words.slice(0, vonStart).join(' ');
        last = words.slice(vonStart).join(' ');
      } else {
        first = words.slice(0, -1).join(' ');
        last = words[words.length - 1]!;
      }
    }
  }
  const lastName = clean(last);
  const suffix = clean(jr);
  const firstName = clean(first);
  if (!lastName) return firstName ? { last_name: firstName } : undefined;
  return { last_name: lastName, ...(firstName ? { first_name: firstName } : {}), ...(suffix ? { suffix } : {}) };
}

function balanced(text: string): boolean {
  let depth = 0;
  for (const ch of text) {
    if (ch === '{') depth++;
    else if (ch === '}' && --depth < 0) return false;
  }
  return depth === 0;
}

/** "A and B and others": the people, without the "others" marker. */
export function parseBibtexNames(raw: string): Person[] {
  // "~" ties initials ("W.~C.~Reynolds") and "\ " is an escaped space: both separate words.
  // "and and" (a name left out) separates once.
  const spaced = raw.replace(/(?<!\\)~|\\(?=\s)/g, ' ').replace(/\s+/g, ' ');
  return splitTopLevel(spaced, /\s+and(?:\s+and)*\s+/iy, isBlank)
    .filter((part) => part.toLowerCase() !== 'others')
    .map(parseBibtexName)
    .filter((p): p is Person => Boolean(p));
}
