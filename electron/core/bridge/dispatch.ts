// The handler map both transports run, and the one function that calls into it: any
// command name from the wire is checked, and every outcome becomes a BridgeResult value.
import {
  COMMAND_NAMES, type BridgeResult, type CommandName, type CommandRequest, type CommandResponse,
} from '../../../shared/bridge/contract.ts';
import { toBridgeError } from './errors.ts';

export type Handler<K extends CommandName> = (request: CommandRequest<K>) => CommandResponse<K> | Promise<CommandResponse<K>>;
export type Handlers = { [K in CommandName]: Handler<K> };
/** The handlers of one area's command set (shared/bridge/*Commands.ts). */
export type HandlersOf<C> = { [K in keyof C & CommandName]: Handler<K> };

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
