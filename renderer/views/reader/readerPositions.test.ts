import { describe, expect, it } from 'vitest';
import { POSITIONS_KEPT, readPosition, writePosition } from './readerPositions.ts';

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), items };
}

describe('reader positions', () => {
  it('keeps the place per file and gives it back', () => {
    const storage = memoryStorage();
    writePosition(storage, 'aaa', { hash: 'page=2&zoom=150,10,600', rotation: 0 });
    writePosition(storage, 'bbb', { hash: 'page=7&zoom=page-width,-4,300', rotation: 90 });
    writePosition(storage, 'aaa', { hash: 'page=3&zoom=150,10,500', rotation: 0 });
    expect(readPosition(storage, 'aaa')).toEqual({ hash: 'page=3&zoom=150,10,500', rotation: 0 });
    expect(readPosition(storage, 'bbb')).toEqual({ hash: 'page=7&zoom=page-width,-4,300', rotation: 90 });
    expect(readPosition(storage, 'ccc')).toBeUndefined();
  });

  it('drops the least recently read files beyond the limit and survives damaged storage', () => {
    const storage = memoryStorage();
    for (let i = 0; i <= POSITIONS_KEPT; i++) writePosition(storage, `f${i}`, { hash: `page=${i}`, rotation: 0 });
    expect(readPosition(storage, 'f0')).toBeUndefined();
    expect(readPosition(storage, `f${POSITIONS_KEPT}`)).toEqual({ hash: `page=${POSITIONS_KEPT}`, rotation: 0 });
    storage.setItem('refshelf.reader.positions', '{not json');
    expect(readPosition(storage, 'f1')).toBeUndefined();
    writePosition(storage, 'f1', { hash: 'page=1', rotation: 0 });
    expect(readPosition(storage, 'f1')).toEqual({ hash: 'page=1', rotation: 0 });
  });
});
