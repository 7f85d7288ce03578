// A highlight's style (underline, area) goes through the real service: created on one
// device, seen on another, changed and cleared there, and back on the first.
import { describe, expect, it } from 'vitest';
import { oneUserDevices } from './syncTesting.ts';

const { device } = oneUserDevices();
const HASH = 'ab'.repeat(20);
const box = (x1: number, y1: number, x2: number, y2: number) => ({ top_left: { x: x1, y: y2 }, bottom_right: { x: x2, y: y1 }, page: 1 });

describe('highlight styles through sync', () => {
  it('syncs underline and area styles both ways, and a cleared style comes back as a plain highlight', async () => {
    const a = device();
    const b = device();
    const doc = a.replica.createDocument({ title: 'Styled', type: 'journal' } as never);
    a.replica.createAnnotation({ document_id: doc.id, type: 'highlight', filehash: HASH, positions: [box(72, 600, 300, 612)], style: 'underline', color: { r: 0, g: 90, b: 200 } });
    a.replica.createAnnotation({ document_id: doc.id, type: 'highlight', filehash: HASH, positions: [box(100, 300, 300, 380)], style: 'area', text: 'The figure' });
    expect(() => a.replica.createAnnotation({ document_id: doc.id, type: 'sticky_note', filehash: HASH, positions: [box(5, 5, 5, 5)], text: 'x', style: 'area' })).toThrow(/Only a highlight has a style/);
    await a.sync();
    await b.sync();

    const serverId = a.replica.listDocuments({}).find((d) => d.title === 'Styled')!.id;
    const seen = b.replica.listAnnotations(serverId);
    expect(seen.map((x) => [x.style, x.text]).sort()).toEqual([['area', 'The figure'], ['underline', undefined]]);

    const underline = seen.find((x) => x.style === 'underline')!;
    const area = seen.find((x) => x.style === 'area')!;
    b.replica.updateAnnotation(underline.id, { style: null });
    b.replica.updateAnnotation(area.id, { style: 'underline' });
    await b.sync();
    await a.sync();
    const back = a.replica.listAnnotations(serverId);
    expect(back.find((x) => x.id === underline.id)!.style).toBeUndefined();
    expect(back.find((x) => x.id === area.id)!.style).toBe('underline');
  });
});
