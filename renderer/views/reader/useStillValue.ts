// A value as it stood when the viewer last stood still. While the viewer scrolls
// (useScrollingFlag's data-scrolling), pdf.js draws page after page, and each page drawn
// changes the reader's layout and text versions: the annotation panel, memoised on those,
// went through its whole list (a thousand entries, their quotes and pictures) for every
// page, in the middle of the scroll's frames. Given this value instead, it catches up once,
// when the scrolling settles. While the viewer is still, the value passes straight through.
import { useEffect, useReducer, useRef, type RefObject } from 'react';

const scrolling = (element: HTMLElement | null) => element !== null && element.dataset.scrolling !== undefined;

export function useStillValue<T>(ref: RefObject<HTMLElement | null>, value: T): T {
  const still = useRef(value);
  const [, caughtUp] = useReducer((n: number) => n + 1, 0);
  if (!scrolling(ref.current)) still.current = value;
  const behind = still.current !== value;
  useEffect(() => {
    const element = ref.current;
    if (!behind || !element) return;
    // The flag is an attribute: its removal is the moment the scrolling settled.
    const observer = new MutationObserver(() => {
      if (scrolling(element)) return;
      observer.disconnect();
      caughtUp();
    });
    observer.observe(element, { attributes: true, attributeFilter: ['data-scrolling'] });
    if (!scrolling(element)) caughtUp();
    return () => observer.disconnect();
  }, [ref, behind, value]);
  return still.current;
}
