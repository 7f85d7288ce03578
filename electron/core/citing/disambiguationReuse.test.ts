// The reuse of the insert render (disambiguationReuse.ts) against citeproc-js as it comes,
// loaded afresh without any of RefShelf's changes: the same registry (disambiguation keys,
// name and given-name levels, year suffixes), the same bibliography and the same in-text
// citations, on references built to be ambiguous in every bundled style, on 1,000-reference
// libraries in APA 7, Chicago author-date and IEEE, and on an engine that registered other
// references before (deletions, refreshed keys).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import CSL, { type Engine } from 'citeproc';
import { afterAll, describe, expect, it } from 'vitest';
import type { CslItem } from '../../../shared/csl/cslJson.ts';
import { installDisambiguationReuse } from './disambiguationReuse.ts';
import { ambiguousLibrary } from './fixtures/ambiguousLibrary.ts';
import { largeLibrary } from './fixtures/largeLibrary.ts';
import { pristineCiteproc } from './fixtures/pristineCiteproc.ts';
import { createStyleLibrary } from './styleLibrary.ts';

const userDir = mkdtempSync(path.join(tmpdir(), 'refshelf-styles-'));
afterAll(() => rmSync(userDir, { recursive: true, force: true }));
const styles = createStyleLibrary({ bundledDir: path.resolve(import.meta.dirname, '../../../resources/csl'), userDir });

interface Token {
  ambig: string;
  disambig: unknown;
  sortkeys: unknown;
}
interface EngineInternals {
  registry: { registry: Record<string, Token | undefined> };
}

/** An engine of `csl` whose items are whatever `store` holds at the time. */
function engineOf(csl: typeof CSL, style: string, store: Map<string, CslItem>, reuse: boolean) {
  const engine = new csl.Engine({
    retrieveLocale: (lang) => styles.localeXml(lang),
    retrieveItem: (id) => store.get(id) as Record<string, unknown>,
  }, styles.styleXml(style), 'en-US', true);
  if (reuse) installDisambiguationReuse(csl, engine);
  engine.setOutputFormat('text');
  return engine;
}

/** Everything a registration decided, and what it prints: sorted ids, tokens, bibliography, each reference's in-text citation. */
function state(engine: Engine, ids: string[]) {
  const sorted = (engine as unknown as { updateItems(ids: string[]): string[] }).updateItems(ids);
  const registry = (engine as unknown as EngineInternals).registry.registry;
  const tokens = sorted.map((id) => {
    const { ambig, disambig, sortkeys } = registry[id]!;
    return JSON.stringify({ id, ambig, disambig, sortkeys });
  });
  const made = engine.makeBibliography();
  const citations = ids.map((id) => engine.makeCitationCluster([{ id }]));
  return { sorted, tokens, bibliography: made ? made[1] : null, citations };
}

/** Registers `rounds` of selections in turn on our engine and on citeproc-js's own, comparing each. */
function compare(style: string, rounds: CslItem[][]) {
  const ours = new Map<string, CslItem>();
  const theirs = new Map<string, CslItem>();
  const ourEngine = engineOf(CSL, style, ours, true);
  const theirEngine = engineOf(pristineCiteproc(), style, theirs, false);
  for (const [round, items] of rounds.entries()) {
    for (const store of [ours, theirs]) {
      store.clear();
      for (const item of items) store.set(String(item.id), structuredClone(item));
    }
    const ids = items.map((item) => String(item.id));
    const own = state(theirEngine, ids);
    const got = state(ourEngine, ids);
    const label = `${style}, round ${round}`;
    expect(got.sorted, label).toEqual(own.sorted);
    expect(got.tokens, label).toEqual(own.tokens);
    expect(got.bibliography, label).toEqual(own.bibliography);
    expect(got.citations, label).toEqual(own.citations);
  }
}

/** Counts citeproc-js's renders of the citation form while `work` runs. */
function ambiguousCiteRenders(work: () => void): number {
  const internals = CSL as unknown as { getAmbiguousCite: (...args: unknown[]) => string };
  const getAmbiguousCite = internals.getAmbiguousCite;
  let renders = 0;
  internals.getAmbiguousCite = function (...args: unknown[]) {
    renders++;
    return getAmbiguousCite.apply(this, args);
  };
  try {
    work();
  } finally {
    internals.getAmbiguousCite = getAmbiguousCite;
  }
  return renders;
}

describe('the insert render of a reference alone under its disambiguation key, reused', () => {
  it('renders the citation form once per reference that nothing shares its key with, twice without the reuse', () => {
    const items = largeLibrary(30, 'once').filter((_, i) => i % 10 !== 9 && i % 10 !== 8); // no same-author-same-year twins
    const store = new Map(items.map((item) => [String(item.id), item]));
    const ids = [...store.keys()];
    expect(ambiguousCiteRenders(() => engineOf(CSL, 'apa', store, true).updateItems(ids))).toBe(ids.length);
    expect(ambiguousCiteRenders(() => engineOf(CSL, 'apa', store, false).updateItems(ids))).toBe(2 * ids.length);
  });

  it('gives citeproc-js\'s own registry, bibliography and citations on ambiguous references in every bundled style', () => {
    const items = ambiguousLibrary(2, 'ambiguous');
    for (const { id } of styles.styles().filter((s) => s.bundled)) {
      compare(id, [items, [...items.slice(5, 30), ...ambiguousLibrary(1, 'again'), ...items.slice(40)]]);
    }
  }, 300_000); // seconds on a quiet machine; minutes on a loaded one

  it('gives citeproc-js\'s own in APA 7, Chicago author-date and IEEE on 1,000 references, ambiguous ones among them', () => {
    const items = [...largeLibrary(1000 - 28 * 4, 'large'), ...ambiguousLibrary(4, 'ambiguous')];
    expect(items).toHaveLength(1000);
    for (const style of ['apa', 'chicago-author-date', 'ieee']) compare(style, [items]);
  }, 600_000); // seconds on a quiet machine; minutes on a loaded one
});
