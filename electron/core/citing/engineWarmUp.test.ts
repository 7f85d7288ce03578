import { describe, expect, it } from 'vitest';
import type { CslItem } from '../../../shared/csl/cslJson.ts';
import type { CitationFormatter } from './citationFormatter.ts';
import { WARM_UP_REFERENCES, WARM_UP_STEP, warmUpFormatter, warmUpSteps } from './engineWarmUp.ts';

function recordingFormatter() {
  const calls: { kind: string; ids: string[] }[] = [];
  const formatter = {
    allOutputs: (kind: string, items: readonly CslItem[]) => {
      calls.push({ kind, ids: items.map((item) => String(item.id)) });
      return { html: '', text: '', rtf: '' };
    },
  } as unknown as CitationFormatter;
  return { formatter, calls };
}

const items = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `r${i}`, type: 'book', title: `Book ${i}` }) as CslItem);
const options = { style: 'apa', locale: 'en-US' };

describe('the citation engine warm-up', () => {
  it('formats the first references in short steps, then a citation, and no step until it is run', () => {
    const { formatter, calls } = recordingFormatter();
    const steps = warmUpSteps(formatter, items(250), options);
    expect(calls).toEqual([]);
    expect(steps).toHaveLength(WARM_UP_REFERENCES / WARM_UP_STEP + 1);
    for (const step of steps) step();
    const bibliographies = calls.filter((c) => c.kind === 'bibliography');
    expect(bibliographies.every((c) => c.ids.length <= WARM_UP_STEP)).toBe(true);
    expect(bibliographies.flatMap((c) => c.ids)).toEqual(items(WARM_UP_REFERENCES).map((i) => i.id));
    expect(calls.at(-1)).toEqual({ kind: 'citation', ids: ['r0', 'r1', 'r2'] });
  });

  it('has nothing to do for an empty library', () => {
    const { formatter, calls } = recordingFormatter();
    expect(warmUpSteps(formatter, [], options)).toEqual([]);
    expect(warmUpFormatter(formatter, [], options)).toBe(false);
    expect(warmUpFormatter(formatter, items(3), options)).toBe(true);
    expect(calls.map((c) => c.kind)).toEqual(['bibliography', 'citation']);
  });
});
