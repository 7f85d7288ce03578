// Marks the viewer as scrolling (data-scrolling) until it has been still for a moment. While
// it scrolls, the pages take no pointer events: Chromium hit-tests the element under a still
// mouse after every scroll step, and walking a page's text layer (hundreds of transformed
// spans) for that cost several milliseconds a frame. Set on the element, not in React state,
// so scrolling re-renders nothing.
import { useEffect, type RefObject } from 'react';

export const SCROLL_SETTLE_MS = 150;

export function useScrollingFlag(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = () => {
      timer = undefined;
      delete element.dataset.scrolling;
    };
    const onScroll = () => {
      if (timer === undefined) element.dataset.scrolling = '';
      else clearTimeout(timer);
      timer = setTimeout(settle, SCROLL_SETTLE_MS);
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      element.removeEventListener('scroll', onScroll);
      if (timer !== undefined) clearTimeout(timer);
      delete element.dataset.scrolling;
    };
  }, [ref]);
}
