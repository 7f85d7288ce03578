// The rows of a fixed-row-height scroller that are in view (rowWindow.ts), kept current as it
// scrolls and resizes. A scroll re-renders only when the first or last drawn row changes, and
// moving the scroller reads no layout: its offset is remembered from its scroll events.
import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { rowWindow, scrollOffsetFor, type RowWindow } from './rowWindow.ts';

/** Before the scroller is measured: a screenful of a typical window, so first rows draw at once. */
const UNMEASURED_HEIGHT = 800;

export interface RowWindowControl extends RowWindow {
  /** Scrolls to `top` px unless the scroller is there already (no layout read or write then). */
  scrollTo(top: number): void;
  /** Scrolls as little as needed to show row `index` whole. */
  scrollToRow(index: number): void;
}

export function useRowWindow(ref: RefObject<HTMLElement | null>, count: number, rowHeight: number, overscan: number): RowWindowControl {
  const [view, setView] = useState({ top: 0, height: UNMEASURED_HEIGHT });
  const seen = useRef({ top: 0, height: UNMEASURED_HEIGHT });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    // Keeps the state object while the drawn rows stay the same, so React skips the render.
    const update = () => {
      seen.current = { top: element.scrollTop, height: element.clientHeight || seen.current.height };
      const next = seen.current;
      setView((before) => {
        const a = rowWindow(before.top, before.height, rowHeight, Number.MAX_SAFE_INTEGER, 0);
        const b = rowWindow(next.top, next.height, rowHeight, Number.MAX_SAFE_INTEGER, 0);
        return a.first === b.first && a.last === b.last ? before : next;
      });
    };
    const observer = new ResizeObserver(update);
    observer.observe(element);
    element.addEventListener('scroll', update, { passive: true });
    return () => {
      observer.disconnect();
      element.removeEventListener('scroll', update);
    };
  }, [ref, rowHeight]);
  const scrollTo = useCallback((top: number) => {
    const element = ref.current;
    if (!element || seen.current.top === top) return;
    element.scrollTop = top;
    // The rows there are drawn in this frame, not after the scroll event of the next one.
    seen.current = { ...seen.current, top };
    setView({ ...seen.current });
  }, [ref]);
  const scrollToRow = useCallback((index: number) => {
    scrollTo(scrollOffsetFor(index, seen.current.top, seen.current.height, rowHeight));
  }, [scrollTo, rowHeight]);
  return { ...rowWindow(view.top, view.height, rowHeight, count, overscan), scrollTo, scrollToRow };
}
