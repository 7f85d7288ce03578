// Dragging documents out of the list into another application (a word processor, a mail,
// a text editor) drops their formatted bibliography: HTML, so italics survive, and plain
// text. A drag's data must be set synchronously in `dragstart`, but formatting is a bridge
// call; so the bibliography of the documents a drag would carry is asked for ahead: when
// the selection settles and again when a mouse button goes down on a row (a drag always
// starts with one, and that refresh picks up edits and a changed style). A drag that starts
// before the answer is back carries the titles as plain text, as before.
import type { FormattedCitation } from '../../shared/bridge/contract.ts';
import type { CitingStore } from './citingStore.ts';
import type { LibraryStore } from '../state/libraryStore.ts';

/** Bigger selections are not formatted ahead: the core would spend seconds on a Ctrl+A. */
export const MAX_DRAG_CITATIONS = 500;
const SETTLE_MS = 250;

export interface DragCitations {
  /** Formats these documents' bibliography now, for a drag that may follow. */
  prepare(ids: readonly string[]): void;
  /** The formatted bibliography of exactly these documents, when it is ready. */
  forDrag(ids: readonly string[]): FormattedCitation | undefined;
  stop(): void;
}

const keyOf = (ids: readonly string[]) => [...ids].sort().join('\n');

export function createDragCitations(citing: Pick<CitingStore, 'format'>, library?: LibraryStore): DragCitations {
  let ready: { key: string; content: FormattedCitation } | undefined;
  let asked = 0;
  let settle: ReturnType<typeof setTimeout> | undefined;

  function prepare(ids: readonly string[]) {
    if (!ids.length || ids.length > MAX_DRAG_CITATIONS) return;
    const key = keyOf(ids);
    const ask = ++asked;
    citing.format({ ids: [...ids], kind: 'bibliography' }).then((content) => {
      if (ask === asked) ready = { key, content };
    }, () => {
      // Nothing to drop but the titles; the error shows when the person copies instead.
    });
  }

  const offSelection = library?.subscribe((state, previous) => {
    if (state.selection.ids === previous.selection.ids) return;
    clearTimeout(settle);
    const ids = [...state.selection.ids];
    settle = setTimeout(() => prepare(ids), SETTLE_MS);
  });

  return {
    prepare,
    forDrag: (ids) => (ready && ready.key === keyOf(ids) ? ready.content : undefined),
    stop() {
      clearTimeout(settle);
      offSelection?.();
    },
  };
}

/** What a drag of these documents carries out of the window, besides their ids. */
export function dragOutData(content: FormattedCitation | undefined, fallbackText: string): Record<string, string> {
  if (!content) return { 'text/plain': fallbackText };
  return { 'text/plain': content.text, 'text/html': content.html };
}
