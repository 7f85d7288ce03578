// The window's start-up order (startup.ts) over a stand-in bridge that notes when each call
// was sent and answered: the first page goes first, and nothing else is asked for until it
// is in the store.
import { describe, expect, it } from 'vitest';
import { bridgeClient } from '../bridge/bridgeClient.ts';
import type { BridgeResult, BridgeTransport } from '../../shared/bridge/contract.ts';
import { afterFirstRowsPainted, firstRowsOrTimeout, firstRowsPainted, prepareLibrary } from './startup.ts';

function recordingBridge(listDelayMs: number, failList = false) {
  const log: string[] = [];
  const transport: BridgeTransport = {
    async invoke(command, ..._args) {
      log.push(`sent ${command}`);
      if (command === 'documents.list') {
        await new Promise((resolve) => setTimeout(resolve, listDelayMs));
        log.push('answered documents.list');
        if (failList) return { ok: false, error: { code: 'internal', message: 'The replica is locked' } } as BridgeResult<never>;
        return { ok: true, value: { items: [{ id: 'd1', title: 'One', type: 'journal', trashed: false }], total: 1 } } as BridgeResult<never>;
      }
      return { ok: true, value: null } as BridgeResult<never>;
    },
    on: () => () => undefined,
  };
  return { bridge: bridgeClient(transport), log };
}

describe('window start-up', () => {
  it('asks for the first page before anything else, and the rest only once the rows are in', async () => {
    // The rows take longer than the wait for a frame: a start-up that did not wait for them
    // would send its requests before they arrive.
    const { bridge, log } = recordingBridge(250);
    const { library } = prepareLibrary(bridge);
    const rest = afterFirstRowsPainted(library).then(async () => {
      expect(library.getState().docAt(0)?.title).toBe('One');
      await bridge.call('settings.get');
    });
    await rest;
    expect(log).toEqual(['sent documents.list', 'answered documents.list', 'sent settings.get']);
  });

  it('the first render waits for the first rows, but not for ever', async () => {
    const quick = recordingBridge(5);
    const prepared = prepareLibrary(quick.bridge);
    await firstRowsOrTimeout(prepared.library, 10_000);
    expect(prepared.library.getState().total).toBe(1);

    const slow = recordingBridge(2_000);
    const late = prepareLibrary(slow.bridge);
    await firstRowsOrTimeout(late.library, 20);
    expect(late.library.getState().docAt(0)).toBeUndefined();
  });

  it('tells at once, once the first rows are painted, so the panes around the list mount without waiting again', async () => {
    const { bridge } = recordingBridge(5);
    const { library } = prepareLibrary(bridge);
    expect(firstRowsPainted(library)).toBe(false);
    await library.getState().whenFirstRows();
    expect(firstRowsPainted(library)).toBe(false); // in the store, not yet painted
    await afterFirstRowsPainted(library);
    expect(firstRowsPainted(library)).toBe(true);
    // Each window's library has its own first rows.
    expect(firstRowsPainted(prepareLibrary(bridge).library)).toBe(false);
  });

  it('a failed first page lets the window start (and shows why)', async () => {
    const { bridge, log } = recordingBridge(5, true);
    const { library } = prepareLibrary(bridge);
    await afterFirstRowsPainted(library);
    expect(library.getState().error).toBe('The replica is locked');
    expect(log).toEqual(['sent documents.list', 'answered documents.list']);
  });
});
