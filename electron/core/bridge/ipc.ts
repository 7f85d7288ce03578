// The Electron IPC transport, without importing electron: main.ts passes ipcMain (and the
// window's send function) in. One channel per command; each call is answered only when it
// comes from a frame showing the app's own renderer, so a page that somehow got into a
// frame cannot drive the core.
import { COMMAND_NAMES, IPC_EVENT_CHANNEL, ipcChannel, type BridgeResult } from '../../../shared/bridge/contract.ts';
import { dispatch, type Handlers } from './dispatch.ts';
import type { EventHub } from '../commands/eventHub.ts';

export interface IpcInvokeEventLike {
  senderFrame: { url: string } | null;
}

export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcInvokeEventLike, ...args: unknown[]) => unknown): void;
  removeHandler(channel: string): void;
}

export interface IpcOptions {
  /** Whether a frame at this URL is the app's renderer. */
  isTrustedUrl(url: string): boolean;
}

/** Registers every command; returns the function that removes them again. */
export function registerIpcHandlers(ipcMain: IpcMainLike, handlers: Handlers, options: IpcOptions): () => void {
  for (const command of COMMAND_NAMES) {
    ipcMain.handle(ipcChannel(command), async (event, request): Promise<BridgeResult<unknown>> => {
      const url = event.senderFrame?.url;
      if (!url || !options.isTrustedUrl(url)) {
        return { ok: false, error: { code: 'forbidden', message: `The bridge refuses calls from ${url ?? 'a closed frame'}` } };
      }
      return dispatch(handlers, command, request);
    });
  }
  return () => {
    for (const command of COMMAND_NAMES) ipcMain.removeHandler(ipcChannel(command));
  };
}

/** Sends every core event to a window (webContents.send); returns the function that stops. */
export function forwardEventsToWindow(events: EventHub, send: (channel: string, event: string, payload: unknown) => void): () => void {
  return events.subscribe((event, payload) => send(IPC_EVENT_CHANNEL, event, payload));
}

/** Trusts frames whose URL lies under one of the given prefixes (file:// renderer, dev server). */
export function trustUrlsUnder(prefixes: readonly string[]): (url: string) => boolean {
  const normalised = prefixes.map((prefix) => new URL(prefix).href);
  return (url) => {
    let href: string;
    try {
      href = new URL(url).href;
    } catch {
      return false;
    }
    return normalised.some((prefix) => href === prefix || href.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`));
  };
}
