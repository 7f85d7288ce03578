// The text under each highlight, read from the text layer once and kept. Reading it costs a
// layout of the page's text spans; doing that for every highlight on every page render made
// scrolling a heavily annotated PDF drop frames. The text under a highlight does not change
// with zoom or rotation, so a quote is read once per annotation and its positions.
import type { LibraryAnnotation } from '../../../shared/bridge/contract.ts';

export interface QuoteCache {
  /** The cached quote, or one read now with `read` (kept when it found text). */
  quoteOf(annotation: LibraryAnnotation): string | undefined;
}

/** `read` answers the text (maybe none) once the pages' text layers are drawn, undefined before. */
export function createQuoteCache(read: (annotation: LibraryAnnotation) => string | undefined): QuoteCache {
  const quotes = new Map<string, string>();
  return {
    quoteOf(annotation) {
      if (!annotation.positions?.length) return undefined;
      const key = `${annotation.id}|${JSON.stringify(annotation.positions)}`;
      const known = quotes.get(key);
      if (known !== undefined) return known || undefined;
      // Not readable yet (its page's text layer is not drawn): asked again after the next one is.
      const text = read(annotation);
      if (text === undefined) return undefined;
      quotes.set(key, text);
      return text || undefined;
    },
  };
}
