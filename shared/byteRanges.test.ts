import { describe, expect, it } from 'vitest';
import { parseRange } from './byteRanges.ts';

describe('parseRange', () => {
  it('reads single ranges', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ kind: 'partial', start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ kind: 'partial', start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ kind: 'partial', start: 90, end: 99 });
    expect(parseRange('bytes=-1000', 100)).toEqual({ kind: 'partial', start: 0, end: 99 });
    expect(parseRange('bytes=50-5000', 100)).toEqual({ kind: 'partial', start: 50, end: 99 });
  });

  it('serves the whole body for absent, malformed or multiple ranges', () => {
    for (const header of [undefined, 'bytes=', 'items=0-1', 'bytes=0-1,5-6', 'bytes=9-2', 'nonsense']) {
      expect(parseRange(header, 100)).toEqual({ kind: 'full' });
    }
  });

  it('reports ranges outside the body', () => {
    expect(parseRange('bytes=100-', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-0', 100)).toEqual({ kind: 'unsatisfiable' });
  });
});
