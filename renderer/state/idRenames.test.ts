// The window's one map of renamed ids, fed by the core's `ids.renamed` events.
import { describe, expect, it } from 'vitest';
import type { BridgeTransport, IdRenamed } from '../../shared/bridge/contract.ts';
import { createIdRenamesStore, followRenames } from './idRenames.ts';

/** A transport whose `ids.renamed` events the test sends. */
function eventSource() {
  const listeners = new Set<(rename: IdRenamed) => void>();
  const bridge: Pick<BridgeTransport, 'on'> = {
    on: ((event: string, listener: (rename: IdRenamed) => void) => {
      if (event === 'ids.renamed') listeners.add(listener);
      return () => void listeners.delete(listener);
    }) as BridgeTransport['on'],
  };
  return { bridge, rename: (rename: IdRenamed) => listeners.forEach((listener) => listener(rename)) };
}

describe('the renamed ids of the window', () => {
  it('follows each rename the core announces, both ways', () => {
    const { bridge, rename } = eventSource();
    const renames = createIdRenamesStore(bridge).getState;
    expect(renames().currentId('local:a')).toBe('local:a');
    rename({ kind: 'document', oldId: 'local:a', newId: 'srv-a' });
    expect(renames().currentId('local:a')).toBe('srv-a');
    expect(renames().currentId('srv-a')).toBe('srv-a');
    expect(renames().originalId('srv-a')).toBe('local:a');
    expect(renames().originalId('local:a')).toBe('local:a');
    expect(renames().currentId('local:other')).toBe('local:other');
  });

  it('keeps the first id through a chain of renames', () => {
    const { bridge, rename } = eventSource();
    const renames = createIdRenamesStore(bridge).getState;
    rename({ kind: 'annotation', oldId: 'local:n', newId: 'srv-1' });
    rename({ kind: 'annotation', oldId: 'srv-1', newId: 'srv-2' });
    expect(renames().currentId('local:n')).toBe('srv-2');
    expect(renames().originalId('srv-2')).toBe('local:n');
  });

  it('tells followers once per new rename, with the current-id function', () => {
    const { bridge, rename } = eventSource();
    const store = createIdRenamesStore(bridge);
    const held = ['local:x', 'local:y'];
    const followed: string[][] = [];
    const stop = followRenames(store, (currentId) => followed.push(held.map(currentId)));
    rename({ kind: 'folder', oldId: 'local:x', newId: 'srv-x' });
    rename({ kind: 'folder', oldId: 'local:x', newId: 'srv-x' }); // heard twice: nothing new
    expect(followed).toEqual([['srv-x', 'local:y']]);
    stop();
    rename({ kind: 'folder', oldId: 'local:y', newId: 'srv-y' });
    expect(followed).toHaveLength(1);
  });
});
