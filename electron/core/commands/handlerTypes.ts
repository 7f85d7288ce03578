// The shape of command handlers: one function per command of the bridge contract. Each area
// answers its own command set (HandlersOf<its commands>); createCore joins them into one
// map (Handlers) that the bridge's transports dispatch to.
import type { CommandName, CommandRequest, CommandResponse } from '../../../shared/bridge/contract.ts';

export type Handler<K extends CommandName> = (request: CommandRequest<K>) => CommandResponse<K> | Promise<CommandResponse<K>>;
export type Handlers = { [K in CommandName]: Handler<K> };
/** The handlers of one area's command set (shared/bridge/*Commands.ts). */
export type HandlersOf<C> = { [K in keyof C & CommandName]: Handler<K> };
