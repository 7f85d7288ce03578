import { describe, expect, it } from 'vitest';
import type { LibraryAnnotation } from '../../../shared/bridge/contract.ts';
import { areaImageKey, areaImages } from './areaImages.ts';

const position = { top_left: { x: 100, y: 380 }, bottom_right: { x: 300, y: 300 }, page: 3 };
const area: LibraryAnnotation = { id: 'a1', document_id: 'd', type: 'highlight', style: 'area', privacy_level: 'private', filehash: 'f'.repeat(40), positions: [position] };

function memoryStore(): Map<string, string> & { getItem(k: string): string | null; setItem(k: string, v: string): void } {
  const map = new Map<string, string>();
  return Object.assign(map, { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) });
}

describe('area pictures', () => {
  it('are kept per file, page and rectangle, so a moved area or another file gets a new one', () => {
    const key = areaImageKey(area.filehash, position);
    expect(areaImageKey(area.filehash, { ...position, page: 4 })).not.toBe(key);
    expect(areaImageKey(area.filehash, { ...position, top_left: { x: 101, y: 380 } })).not.toBe(key);
    expect(areaImageKey('e'.repeat(40), position)).not.toBe(key);
  });

  it('come from the local cache when there, and only areas have one', () => {
    const store = memoryStore();
    const imageOf = areaImages(null, store);
    expect(imageOf(area)).toBeUndefined(); // not cut yet, and no page to cut it from
    store.setItem(areaImageKey(area.filehash, position), 'data:image/png;base64,AAAA');
    expect(imageOf(area)).toBe('data:image/png;base64,AAAA');
    // The same rectangle under another id (a device that synced it) finds it too.
    expect(imageOf({ ...area, id: 'server-id' })).toBe('data:image/png;base64,AAAA');
    expect(imageOf({ ...area, style: undefined })).toBeUndefined();
    expect(imageOf({ ...area, style: 'underline' })).toBeUndefined();
  });
});
