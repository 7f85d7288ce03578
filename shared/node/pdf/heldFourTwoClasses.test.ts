// Failure classes named by the corpus's held4 and held2 runs, fixed as classes and each shown on a
// synthetic page of its shape; laterRunClasses.test.ts and titlePageClasses.test.ts hold the earlier ones.
import { describe, expect, it } from 'vitest';
import { parsePersonName } from './personNames.ts';
import { extractPage } from './syntheticExtraction.ts';
import { bodyText } from './syntheticPdf.ts';

const lastNames = (r: Awaited<ReturnType<typeof extractPage>>) => r.fields.authors?.map((a) => a.last_name);

describe('labels and subtitles read as names', () => {
  it('takes no author from a label or a subtitle in capitalised words ("User Guide", "One Of Many Solutions", "Course Title")', async () => {
    const page = (under: string) => extractPage([
      { text: 'Turning Gears with Sprockets', x: 150, y: 700, size: 18 },
      { text: under, x: 220, y: 675, size: 14 },
      { text: 'Ada Lovelace', x: 230, y: 640, size: 12 },
      { text: 'March 7, 2005', x: 230, y: 620, size: 12 },
      ...bodyText(72, 560, 20),
    ]);
    for (const under of ['User Guide', 'User Manual', 'One Of Many Solutions', 'Course Title']) expect(lastNames(await page(under)), under).toEqual(['Lovelace']);
    expect(parsePersonName('Reference Handbook')).toBeUndefined();
    // Names stay names.
    expect(parsePersonName('Ada Lovelace')).toEqual({ first_name: 'Ada', last_name: 'Lovelace' });
  });
});

describe('roles after names', () => {
  it('reads "Ada Lovelace (Original author)" as a name with its role, on a cover that sets title and names alike', async () => {
    const r = await extractPage([
      { text: 'Gearbox Unwrapped', x: 72, y: 700, size: 20 },
      { text: 'https://example.org/gearbox', x: 72, y: 670, size: 20 },
      { text: 'Ada Lovelace (Original author)', x: 72, y: 616, size: 20 },
      { text: 'Alan Turing (Current developer)', x: 72, y: 582, size: 20 },
      { text: 'A manual for the Gearbox format', x: 72, y: 515, size: 14 },
      { text: 'Version 1.07', x: 72, y: 497, size: 14 },
    ]);
    expect(r.fields.title).toBe('Gearbox Unwrapped');
    expect(lastNames(r)).toEqual(['Lovelace', 'Turing']);
  });
});
