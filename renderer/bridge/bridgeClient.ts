// The renderer's side of the bridge. In the desktop app the preload exposes the transport
// as window.refshelf (Electron IPC); in a browser the page connects to the core's loopback
// WebSocket, presenting the secret it got in its URL fragment. Either way the renderer
// sees one BridgeTransport, and errors arrive as typed values.
import {
  WS_PATH, WS_PROTOCOL, WS_SECRET_PROTOCOL_PREFIX,
  type BridgeError, type BridgeResult, type DesktopBridge, type BridgeTransport, type CommandArgs, type CommandName, type CommandResponse,
  type EventListener, type EventName, type WsServerMessage,
} from '../../shared/bridge/contract.ts';

declare global {
  interface Window {
    refshelf?: DesktopBridge;
  }
}

/** A bridge failure as an exception, for code that prefers try/catch; keeps the typed error. */
export class BridgeCallError extends Error {
  override name = 'BridgeCallError';
  constructor(readonly error: BridgeError) {
    super(error.message);
  }
  get code() {
    return this.error.code;
  }
}

export interface BridgeClient extends BridgeTransport {
  /** Like invoke, but answers the value and throws a BridgeCallError on failure. */
  call<K extends CommandName>(command: K, ...args: CommandArgs<K>): Promise<CommandResponse<K>>;
}

export function bridgeClient(transport: BridgeTransport): BridgeClient {
  return {
    invoke: (command, ...args) => transport.invoke(command, ...args),
    on: (event, listener) => transport.on(event, listener),
    async call(command, ...args) {
      const result = await transport.invoke(command, ...args);
      if (!result.ok) throw new BridgeCallError(result.error);
      return result.value;
    },
  };
}

/** The WebSocket constructor shape the transport needs (the browser's, or ws in Node tests). */
export interface WebSocketLike {
  readyState: number;
  send(data: string): void;
  close(): void;
  addEventListener(type: 'open' | 'close' | 'error', listener: () => void): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}
export type WebSocketFactory = (url: string, protocols: string[]) => WebSocketLike;

const OPEN = 1;

/** Connects to browser mode's bridge; resolves once the socket is open. */
export function connectWebSocketBridge(origin: string, secret: string, factory: WebSocketFactory): Promise<BridgeTransport> {
  const url = `${origin.replace(/^http/, 'ws')}${WS_PATH}`;
  const socket = factory(url, [WS_PROTOCOL, `${WS_SECRET_PROTOCOL_PREFIX}${secret}`]);
  const pending = new Map<number, (result: BridgeResult<unknown>) => void>();
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  let nextId = 1;
  let closed = false;

  const failAll = () => {
    closed = true;
    for (const resolve of pending.values()) resolve({ ok: false, error: { code: 'network', message: 'The connection to RefShelf was lost; reload the page' } });
    pending.clear();
  };

  socket.addEventListener('message', (event) => {
    let message: WsServerMessage;
    try {
      message = JSON.parse(String(event.data)) as WsServerMessage;
    } catch {
      return;
    }
    if ('id' in message) {
      pending.get(message.id)?.(message.result);
      pending.delete(message.id);
    } else {
      for (const listener of listeners.get(message.event) ?? []) listener(message.payload);
    }
  });
  socket.addEventListener('close', failAll);

  const transport: BridgeTransport = {
    invoke(command, ...args) {
      if (closed || socket.readyState !== OPEN) {
        return Promise.resolve({ ok: false, error: { code: 'network', message: 'Not connected to RefShelf; reload the page' } });
      }
      const id = nextId++;
      return new Promise((resolve) => {
        pending.set(id, resolve as (result: BridgeResult<unknown>) => void);
        socket.send(JSON.stringify({ id, command, request: args[0] }));
      });
    },
    on<E extends EventName>(event: E, listener: EventListener<E>) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      const wrapped = listener as (payload: unknown) => void;
      set.add(wrapped);
      return () => void set.delete(wrapped);
    },
  };

  return new Promise((resolve, reject) => {
    socket.addEventListener('open', () => resolve(transport));
    socket.addEventListener('error', () => reject(new BridgeCallError({ code: 'forbidden', message: 'RefShelf refused the connection: open the exact address the app printed' })));
    socket.addEventListener('close', () => reject(new BridgeCallError({ code: 'network', message: 'RefShelf is not running' })));
  });
}

const SECRET_KEY = 'refshelf.bridgeSecret';

/**
 * The bridge of this page: the preload's in the desktop app, else browser mode's socket.
 * The secret moves from the URL fragment to session storage, so it leaves the address bar
 * (and screenshots, history) but survives a reload of the tab.
 */
export async function openBridge(win: Window = window): Promise<BridgeClient> {
  if (win.refshelf) return bridgeClient(win.refshelf);
  const fromFragment = new URLSearchParams(win.location.hash.slice(1)).get('secret');
  if (fromFragment) {
    win.sessionStorage.setItem(SECRET_KEY, fromFragment);
    win.history.replaceState(null, '', `${win.location.pathname}${win.location.search}`);
  }
  const secret = fromFragment ?? win.sessionStorage.getItem(SECRET_KEY);
  if (!secret) throw new BridgeCallError({ code: 'forbidden', message: 'Open RefShelf with the address `npm start` printed (it carries a secret)' });
  const transport = await connectWebSocketBridge(win.location.origin, secret, (url, protocols) => new WebSocket(url, protocols) as unknown as WebSocketLike);
  return bridgeClient(transport);
}
