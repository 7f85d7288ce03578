// Which existing tags to offer while a tag is typed: those starting with the typed text
// first, then those containing it, each group most used first (the core's order), never one
// the document has already. Reusing a tag beats creating "Statistics" next to "statistics".
import type { TagCount } from '../../shared/bridge/index.ts';

export const TAG_SUGGESTIONS_MAX = 8;

export function suggestTags(tags: readonly TagCount[], typed: string, taken: readonly string[], max = TAG_SUGGESTIONS_MAX): string[] {
  const needle = typed.trim().toLocaleLowerCase();
  if (!needle) return [];
  const have = new Set(taken.map((t) => t.toLocaleLowerCase()));
  const starting: string[] = [];
  const containing: string[] = [];
  for (const { tag } of tags) {
    const lower = tag.toLocaleLowerCase();
    if (have.has(lower)) continue;
    if (lower.startsWith(needle)) starting.push(tag);
    else if (lower.includes(needle)) containing.push(tag);
    if (starting.length >= max) break;
  }
  return [...starting, ...containing].slice(0, max);
}
