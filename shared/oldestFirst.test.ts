import { describe, expect, it } from 'vitest';
import { OldestFirst } from './oldestFirst.ts';

describe('OldestFirst', () => {
  it('drops entries in insertion order, one moved last by delete-and-set going last', () => {
    const map = new Map<string, number>([['a', 1], ['b', 2], ['c', 3]]);
    const oldest = new OldestFirst(map);
    expect(oldest.dropOldest()?.[0]).toBe('a');
    map.delete('b');
    map.set('b', 2); // used again: now the newest
    map.set('d', 4);
    expect(oldest.dropOldest()?.[0]).toBe('c');
    expect(oldest.dropOldest()?.[0]).toBe('b');
    expect(oldest.dropOldest()?.[0]).toBe('d');
    expect(oldest.dropOldest()?.[0]).toBeUndefined();
    map.set('e', 5); // after the map was emptied (its iterator finished)
    expect(oldest.dropOldest()?.[0]).toBe('e');
    expect(map.size).toBe(0);
  });

  it('is exact against a plain model through a long random run of sets, uses and drops', () => {
    const map = new Map<number, number>();
    const oldest = new OldestFirst(map);
    const model: number[] = [];
    let seed = 1;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let step = 0; step < 20_000; step++) {
      const key = Math.floor(random() * 300);
      const roll = random();
      if (roll < 0.5) {
        if (map.has(key)) model.splice(model.indexOf(key), 1);
        map.delete(key);
        map.set(key, step);
        model.push(key);
      } else if (roll < 0.8) {
        expect(oldest.dropOldest()?.[0]).toBe(model.shift());
      } else if (map.has(key)) {
        map.delete(key);
        model.splice(model.indexOf(key), 1);
      }
      expect(map.size).toBe(model.length);
    }
  });

  it('keeps one iteration open through a long run of drops (a fresh one per drop steps over every hole)', () => {
    const map = new Map<number, number>();
    for (let i = 0; i < 1_000; i++) map.set(i, i);
    let iterations = 0;
    const entries = map.entries.bind(map);
    map.entries = () => {
      iterations++;
      return entries();
    };
    const oldest = new OldestFirst(map);
    for (let i = 1_000; i < 50_000; i++) {
      map.set(i, i);
      expect(oldest.dropOldest()?.[0]).toBe(i - 1_000);
    }
    expect(iterations).toBe(1);
  });
});
