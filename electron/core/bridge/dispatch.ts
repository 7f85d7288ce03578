// The handler map both transports run, and the one function that calls into it: any
// command name from the wire is checked, and every outcome becomes a BridgeResult value.
import { COMMAND_NAMES, type BridgeResult, type CommandName } from '../../../shared/bridge/contract.ts';
import type { Handlers } from '../commands/handlerTypes.ts';
import { toBridgeError } from './errors.ts';

export type { Handler, Handlers } from '../commands/handlerTypes.ts';

const KNOWN = new Set<string>(COMMAND_NAMES);

export function isCommandName(name: unknown): name is CommandName {
  return typeof name === 'string' && KNOWN.has(name);
}

/** Runs a command from either transport; never throws. */
export async function dispatch(handlers: Handlers, command: unknown, request: unknown): Promise<BridgeResult<unknown>> {
  if (!isCommandName(command)) {
    return { ok: false, error: { code: 'unknown_command', message: `Unknown command ${JSON.stringify(String(command)).slice(0, 120)}` } };
  }
  try {
    const handler = handlers[command] as (request: unknown) => unknown;
    const value = await handler(request);
    return { ok: true, value: value === undefined ? null : value };
  } catch (error) {
    return { ok: false, error: toBridgeError(error) };
  }
}
