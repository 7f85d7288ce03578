// A per-reference render cache for quick copy's bibliography: a copy of 1,000 references
// costs seconds of citeproc-js work, nearly all of it repeated from the last copy. For a
// (style, locale) and a reference's CSL-JSON it keeps what citeproc-js computed for that
// reference alone: its bibliography entry (HTML, and the text and RTF htmlOutput.ts
// derives from it), its bibliography sort keys and its disambiguation key (the registry's
// `ambig`: the citation form collisions are decided on). A copy then takes cached entries,
// orders them with citeproc-js's own comparison of those sort keys (ties by selection
// order, as citeproc-js does), and has citeproc-js format only what it cannot know alone:
// - references not seen before;
// - references whose disambiguation key another selected one shares (same author, same
//   year: the a/b suffixes and the `disambiguate` condition are decided within such a
//   group and only there): the whole group is formatted together, and its result is kept
//   too, keyed by its members;
// - every reference of a style whose entries depend on the set in other ways
//   (styleCacheability.ts): that copy returns undefined and takes the plain path.
// Keys hold the citeproc-js version, this module's format, the style's and the locale's
// XML and a hash of the reference's JSON, so an edit, a changed style or a new citeproc-js
// never meets an old entry. renderCache.test.ts compares the result with an untouched
// citeproc-js on every bundled style.
import { createRequire } from 'node:module';
import { createHash } from 'node:crypto';
import type { CslItem } from '../../../shared/csl/cslJson.ts';
import { wholeBibliography, type AllOutputs, type CitationFormatter, type ItemRenders, type SortToken } from './citationFormatter.ts';
import { htmlToTextAndRtf } from './htmlOutput.ts';
import type { RenderCacheStore } from '../replica/index.ts';
import { StyleProblem } from './styleInfo.ts';
import { setDependence } from './styleCacheability.ts';

// Read at run time, not imported as JSON: the packaged core's build drops import attributes.
const CITEPROC_VERSION = (createRequire(import.meta.url)('citeproc/package.json') as { version: string }).version;

/** Raised when what is kept here is read or written differently. */
const RENDER_FORMAT = 1;

type Options = { style: string; locale: string };
/** An entry in the three outputs; null when the style prints no entry for the reference. */
type Entry = [html: string, text: string, rtf: string] | null;

/** What is kept for one reference: disambiguation key, sort keys (null for a missing key), its entry alone when known. */
interface ItemRecord {
  a: string;
  k: (string | null)[];
  e?: Entry;
}

/** What is kept for a group of references that read the same in a citation: their entries, in the key's member order. */
interface GroupRecord {
  e: Entry[];
}

export interface RenderCache {
  /** Quick copy's bibliography of `items`; undefined when the style or the items need the plain path. */
  bibliography(items: readonly CslItem[], options: Options): AllOutputs | undefined;
  /** Formats and keeps what is not kept yet for these references alone; answers each one's disambiguation key (undefined: style not cached). */
  fill(items: readonly CslItem[], options: Options): Map<string, string> | undefined;
  /** Formats and keeps a group of references with one disambiguation key, formatted together. */
  fillGroup(members: readonly CslItem[], options: Options): void;
  /** Whether copies in this style use the cache. */
  covers(options: Options): boolean;
}

const sha1 = (text: string) => createHash('sha1').update(text).digest('base64url');

/**
 * A reference's identity in the cache: the hash of its JSON. documentToCsl writes fields in
 * a fixed order, so a document always hashes the same; the same fields in another order would
 * only be formatted again, never given another reference's entry. (Sorting keys first cost
 * five times as much: a quarter of a cached 1,000-reference copy.)
 */
export const referenceHash = (item: CslItem) => sha1(JSON.stringify(item));

function entryOf(html: string | null): Entry {
  if (html === null) return null;
  const { text, rtf } = htmlToTextAndRtf(html);
  return [html, text, rtf];
}

const toToken = (record: ItemRecord, seq: number): SortToken => ({ sortkeys: record.k.map((k) => k ?? undefined), seq });

/** Sort keys as citeproc-js makes them: strings, or missing (kept as null in JSON). Anything else and the copy takes the plain path. */
function checkedKeys(keys: readonly unknown[]): (string | null)[] {
  if (!keys.every((k) => typeof k === 'string' || k === undefined)) throw new Error('citeproc-js made sort keys the render cache cannot keep');
  return keys.map((k) => (k === undefined ? null : (k as string)));
}

/** Items this path cannot take: citeproc-js joins or drops some by these fields, and repeats would be one entry. */
function plainPathItems(items: readonly CslItem[]): boolean {
  const ids = new Set(items.map((item) => String(item.id)));
  return ids.size !== items.length || items.some((item) => 'container_id' in item || 'legislation_id' in item);
}

export function createRenderCache(formatter: CitationFormatter, store: RenderCacheStore): RenderCache {
  /** Per style and locale: the XML the prefix was made from, and the prefix. */
  const namespaces = new Map<string, { styleXml: string; localeXml: string | undefined; ns: string | null }>();

  /** The key prefix for a style and locale; null when the style's entries depend on the set. */
  function namespace(options: Options): string | null {
    const id = `${options.style}\u0000${options.locale}`;
    const { styleXml, localeXml } = formatter.sources(options);
    const known = namespaces.get(id);
    // Compared, not assumed: a user's style added again under the same id has new XML.
    if (known && known.styleXml === styleXml && known.localeXml === localeXml) return known.ns;
    const ns = setDependence(styleXml) ? null
      : sha1([CITEPROC_VERSION, RENDER_FORMAT, options.style, styleXml, options.locale, localeXml ?? ''].join('\u0000'));
    namespaces.set(id, { styleXml, localeXml, ns });
    return ns;
  }

  function readJson<T>(text: string | undefined): T | undefined {
    if (text === undefined) return undefined;
    try {
      return JSON.parse(text) as T;
    } catch {
      return undefined;
    }
  }

  /** Records of the references given, kept or made now by one citeproc-js pass over those not kept (they are kept too). */
  function records(items: readonly CslItem[], keys: readonly string[], options: Options, alsoAlone: boolean): { records: ItemRecord[]; renders?: ItemRenders } {
    const kept = store.get(keys);
    const found = keys.map((key) => {
      const record = readJson<ItemRecord>(kept.get(key));
      return record && typeof record.a === 'string' && Array.isArray(record.k) ? record : undefined;
    });
    const missing = items.filter((_, i) => !found[i] || (alsoAlone && found[i].e === undefined));
    if (!missing.length) return { records: found as ItemRecord[] };
    const renders = formatter.renderEach(missing, options);
    const sharing = new Map<string, number>();
    for (const made of renders.items.values()) sharing.set(made.ambig, (sharing.get(made.ambig) ?? 0) + 1);
    const toKeep = new Map<string, string>();
    const all = items.map((item, i) => {
      const made = renders.items.get(String(item.id));
      if (!made || (found[i] && !alsoAlone)) return found[i]!;
      // An entry is the reference's alone only when nothing else in this pass read the same.
      const record: ItemRecord = { a: made.ambig, k: checkedKeys(made.sortkeys), ...(sharing.get(made.ambig) === 1 ? { e: entryOf(made.html) } : {}) };
      toKeep.set(keys[i]!, JSON.stringify(record));
      return record;
    });
    store.put(toKeep);
    return { records: all, renders };
  }

  /** The group's cache key and its members in the key's order: by hash when citeproc-js orders them by sort keys alone, else in selection order. */
  function groupKey(ns: string, members: readonly number[], hashes: readonly string[], recs: readonly ItemRecord[], compare: ItemRenders['compare']): { key: string; order: number[] } {
    const distinct = members.every((a, i) => members.slice(i + 1).every((b) => compare(toToken(recs[a]!, 0), toToken(recs[b]!, 0)) !== 0));
    const order = distinct ? [...members].sort((a, b) => (hashes[a]! < hashes[b]! ? -1 : hashes[a]! > hashes[b]! ? 1 : 0)) : [...members];
    return { key: `${distinct ? 'g' : 'o'}${ns}${sha1(order.map((i) => hashes[i]).join(','))}`, order };
  }

  function bibliography(items: readonly CslItem[], options: Options): AllOutputs | undefined {
    const ns = namespace(options);
    if (ns === null || !items.length || plainPathItems(items)) return undefined;
    const hashes = items.map(referenceHash);
    const itemKeys = hashes.map((hash) => `i${ns}${hash}`);
    const { records: recs, renders } = records(items, itemKeys, options, false);
    let compare = renders?.compare;
    const compareNow = () => (compare ??= formatter.renderEach([], options).compare);

    const byAmbig = new Map<string, number[]>();
    recs.forEach((record, i) => byAmbig.set(record.a, [...(byAmbig.get(record.a) ?? []), i]));
    const entries: (Entry | undefined)[] = recs.map((record) => (byAmbig.get(record.a)!.length === 1 ? record.e : undefined));
    // References first seen in this copy: that pass's entry holds for those alone in the
    // selection, and for whole groups it formatted (the same references, in the same order).
    const firstSeen = (i: number) => renders?.items.get(String(items[i]!.id));
    for (const members of byAmbig.values()) {
      if (members.every((i) => firstSeen(i))) for (const i of members) entries[i] = entryOf(firstSeen(i)!.html);
    }
    const groups = [...byAmbig.values()].filter((members) => members.length > 1).map((members) => groupKey(ns, members, hashes, recs, compareNow()));
    const keptGroups = store.get(groups.filter((g) => g.order.some((i) => entries[i] === undefined)).map((g) => g.key));
    const newGroups = new Map<string, string>();
    for (const group of groups) {
      if (group.order.every((i) => entries[i] !== undefined)) {
        newGroups.set(group.key, JSON.stringify({ e: group.order.map((i) => entries[i]!) } satisfies GroupRecord));
        continue;
      }
      const record = readJson<GroupRecord>(keptGroups.get(group.key));
      if (record && Array.isArray(record.e) && record.e.length === group.order.length) group.order.forEach((i, n) => (entries[i] = record.e[n]!));
    }
    store.put(newGroups);
    // What is still unknown is formatted together, in selection order: whole groups, and references kept without their entry alone.
    const unknown = entries.flatMap((entry, i) => (entry === undefined ? [i] : []));
    if (unknown.length) {
      const together = formatter.renderEach(unknown.map((i) => items[i]!), options);
      compare = together.compare;
      for (const i of unknown) entries[i] = entryOf(together.items.get(String(items[i]!.id))!.html);
      const toKeep = new Map<string, string>();
      const formatted = new Set(unknown);
      for (const group of groups) {
        if (group.order.every((i) => formatted.has(i))) toKeep.set(group.key, JSON.stringify({ e: group.order.map((i) => entries[i]!) } satisfies GroupRecord));
      }
      for (const i of unknown) {
        if (byAmbig.get(recs[i]!.a)!.length === 1) toKeep.set(itemKeys[i]!, JSON.stringify({ ...recs[i]!, e: entries[i]! }));
      }
      store.put(toKeep);
    }
    const order = recs.map((_, i) => i).sort((a, b) => compareNow()(toToken(recs[a]!, a + 1), toToken(recs[b]!, b + 1)));
    const printed = order.map((i) => entries[i]!).filter((entry): entry is NonNullable<Entry> => entry !== null);
    return {
      html: wholeBibliography(printed.map((e) => e[0]), 'html'),
      text: wholeBibliography(printed.map((e) => e[1]), 'text'),
      rtf: wholeBibliography(printed.map((e) => e[2]), 'rtf'),
    };
  }

  return {
    bibliography,
    covers: (options) => namespace(options) !== null,
    fill(items, options) {
      const ns = namespace(options);
      if (ns === null) return undefined;
      const usable = items.filter((item) => !plainPathItems([item]));
      const keys = usable.map((item) => `i${ns}${referenceHash(item)}`);
      const { records: recs } = records(usable, keys, options, true);
      // References that read the same as another of this pass: formatted once more each, alone.
      const toKeep = new Map<string, string>();
      recs.forEach((record, i) => {
        if (record.e !== undefined) return;
        const made = formatter.renderEach([usable[i]!], options).items.get(String(usable[i]!.id))!;
        const alone: ItemRecord = { a: made.ambig, k: checkedKeys(made.sortkeys), e: entryOf(made.html) };
        recs[i] = alone;
        toKeep.set(keys[i]!, JSON.stringify(alone));
      });
      store.put(toKeep);
      return new Map(usable.map((item, i) => [String(item.id), recs[i]!.a]));
    },
    fillGroup(members, options) {
      if (members.length > 1) bibliography(members, options);
    },
  };
}

/**
 * The formatter quick copy uses: bibliographies through the cache where it applies, the
 * plain path otherwise. A cache that fails (a citeproc-js shape it does not expect) is
 * reported and the copy takes the plain path, which also reports a style that cannot be used.
 */
export function withRenderCache(formatter: CitationFormatter, cache: RenderCache): CitationFormatter {
  return {
    ...formatter,
    allOutputs(kind, items, options) {
      if (kind === 'bibliography') {
        try {
          const cached = cache.bibliography(items, options);
          if (cached) return cached;
        } catch (error) {
          if (!(error instanceof StyleProblem)) console.error('[refshelf] the citation render cache was passed by:', error);
        }
      }
      return formatter.allOutputs(kind, items, options);
    },
  };
}
