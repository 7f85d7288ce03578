// The pieces an area store (a view's *Store.ts) is made of: one command of the bridge's
// contract as a function, and the store handed to the view's components. The components
// then name what they do (`groups.join({ id })`) and never hold the bridge.
import { useMemo } from 'react';
import type { BridgeResult, CommandArgs, CommandName, CommandResponse } from '../../shared/bridge/contract.ts';
import type { BridgeClient } from '../bridge/bridgeClient.ts';
import { useStores } from './context.tsx';

/** The command `name`: answers its value, throws a BridgeCallError on failure. */
export function command<K extends CommandName>(bridge: Pick<BridgeClient, 'call'>, name: K): (...args: CommandArgs<K>) => Promise<CommandResponse<K>> {
  return (...args) => bridge.call(name, ...args);
}

/** The command `name` answering its typed result, for callers that ignore a failure. */
export function commandResult<K extends CommandName>(bridge: Pick<BridgeClient, 'invoke'>, name: K): (...args: CommandArgs<K>) => Promise<BridgeResult<CommandResponse<K>>> {
  return (...args) => bridge.invoke(name, ...args);
}

/** An area store made once per bridge, for the components of one view. */
export function useAreaStore<T>(create: (bridge: BridgeClient) => T): T {
  const { bridge } = useStores();
  return useMemo(() => create(bridge), [bridge, create]);
}
