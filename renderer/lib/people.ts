// "Curie, Marie; Einstein, Albert" (or "Marie Curie") into people, the way the new
// document dialog takes authors on one line.
import type { Person } from '../../shared/schemas/common.ts';

export function parsePerson(text: string): Person | undefined {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  if (!trimmed) return undefined;
  if (trimmed.includes(',')) {
    const [last, ...rest] = trimmed.split(',');
    const first = rest.join(',').trim();
    return first ? { last_name: last!.trim(), first_name: first } : { last_name: last!.trim() };
  }
  const words = trimmed.split(' ');
  if (words.length === 1) return { last_name: words[0]! };
  return { last_name: words[words.length - 1]!, first_name: words.slice(0, -1).join(' ') };
}

export function parsePeople(text: string): Person[] {
  return text.split(';').map(parsePerson).filter((p): p is Person => p !== undefined);
}
