import { describe, expect, it } from 'vitest';
import { observeWidth } from './useElementWidth.ts';

/** An element whose layout must not be read: each read would force a layout. */
const unreadable = new Proxy({}, {
  get(_target, key) {
    throw new Error(`read ${String(key)} of the element`);
  },
}) as Element;

class FakeObserver {
  static last: FakeObserver | undefined;
  observed: Element[] = [];
  disconnected = false;
  constructor(readonly report: (entries: { contentRect: DOMRectReadOnly }[]) => void) {
    FakeObserver.last = this;
  }
  observe(element: Element) { this.observed.push(element); }
  disconnect() { this.disconnected = true; }
}

const entry = (width: number) => ({ contentRect: { width } as DOMRectReadOnly });

describe('observeWidth', () => {
  it('takes the width from the observer, never from the element', () => {
    const widths: number[] = [];
    const stop = observeWidth(unreadable, (w) => widths.push(w), FakeObserver);
    const observer = FakeObserver.last!;
    expect(observer.observed.length).toBe(1);
    expect(observer.observed[0] === unreadable).toBe(true);
    expect(widths).toEqual([]); // nothing measured while mounting
    observer.report([entry(612.4)]);
    observer.report([entry(300), entry(480.6)]); // the latest of a batch
    expect(widths).toEqual([612, 481]);
    stop();
    expect(observer.disconnected).toBe(true);
  });
});
