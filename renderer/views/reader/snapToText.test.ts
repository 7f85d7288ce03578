import { describe, expect, it } from 'vitest';
import { runsOfTextItems, snapToText } from './snapToText.ts';

describe('snapToText', () => {
  const runs = runsOfTextItems([
    { str: 'and support for heavy tailed distributions', transform: [10, 0, 0, 10, 72, 389], width: 300 },
    { str: 'was officially launched', transform: [10, 0, 0, 10, 72, 376], width: 200 },
    { str: ' ', transform: [10, 0, 0, 10, 380, 389], width: 3 },
  ]);

  it('takes the vertical extent of a line from the text under it', () => {
    // The browser's box sat half a line low: 386.5..396.5 instead of about 387..397.
    const line = { top_left: { x: 90, y: 391.5 }, bottom_right: { x: 250, y: 381.5 }, page: 1 };
    expect(snapToText([line], () => runs)).toEqual([{ top_left: { x: 90, y: 397 }, bottom_right: { x: 250, y: 386.8 }, page: 1 }]);
  });

  it('leaves a line without text under it as it was', () => {
    const line = { top_left: { x: 400, y: 300 }, bottom_right: { x: 500, y: 290 }, page: 1 };
    expect(snapToText([line], () => runs)).toEqual([line]);
  });
});
