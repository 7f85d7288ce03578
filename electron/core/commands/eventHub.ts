// The core's events for the renderer (sync status, library changes, account changes...),
// fanned out to every transport that listens (the Electron window, browser-mode sockets).
import type { BridgeEvents, EventName } from '../../../shared/bridge/contract.ts';

export type AnyEventListener = <E extends EventName>(event: E, payload: BridgeEvents[E]) => void;

export interface EventHub {
  emit<E extends EventName>(event: E, payload: BridgeEvents[E]): void;
  /** Listens to every event; returns the function that stops listening. */
  subscribe(listener: AnyEventListener): () => void;
}

export function createEventHub(onListenerError: (error: unknown) => void = () => {}): EventHub {
  const listeners = new Set<AnyEventListener>();
  return {
    emit(event, payload) {
      for (const listener of [...listeners]) {
        // One broken transport (a closed window) must not keep the others from hearing.
        try {
          listener(event, payload);
        } catch (error) {
          onListenerError(error);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
