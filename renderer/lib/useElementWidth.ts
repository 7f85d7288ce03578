// An element's width in CSS pixels, kept current as the window or its panes resize. It comes
// from the ResizeObserver's reports, never from reading the element: a read of clientWidth
// while the window first mounted forced the whole window's first style and layout inside
// React's commit (half of the first rows' long task), ahead of the frame that does them anyway.
import { useLayoutEffect, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';

type Observer = Pick<ResizeObserver, 'observe' | 'disconnect'>;
type ObserverConstructor = new (callback: (entries: readonly Pick<ResizeObserverEntry, 'contentRect'>[]) => void) => Observer;

/**
 * Calls `onWidth` with the element's content width each time the observer reports it (the
 * first report comes in the first frame, after its layout and before its paint); answers
 * the function that stops observing.
 */
export function observeWidth(element: Element, onWidth: (width: number) => void, Observer: ObserverConstructor = ResizeObserver): () => void {
  const observer = new Observer((entries) => {
    const last = entries[entries.length - 1];
    if (last) onWidth(Math.round(last.contentRect.width));
  });
  observer.observe(element);
  return () => observer.disconnect();
}

/** Infinity until the element is measured (nothing gives way before then). */
export function useElementWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(Number.POSITIVE_INFINITY);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    // Applied in the frame that reported it, before its paint: columns that give way in a
    // narrow window are gone from the first frame, not the one after it.
    return observeWidth(element, (next) => flushSync(() => setWidth(next)));
  }, [ref]);
  return width;
}
