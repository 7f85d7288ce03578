// Test helper: the bridge's handler map over a device (replica, file store, service client)
// signed in to the real test service, with the events it emits and the syncs it asks for.
import type { BridgeEvents, BridgeResult, CommandName, CommandRequest, CommandResponse, EventName } from '../../../shared/bridge/contract.ts';
import type { LibraryApi } from '../../../shared/client/libraryApi.ts';
import { createEventHub } from '../commands/eventHub.ts';
import { dispatch } from '../bridge/dispatch.ts';
import { handlersOverDevice } from '../handlersTesting.ts';
import type { Device } from '../sync/syncTesting.ts';

export interface BridgeUnderTest {
  call<K extends CommandName>(command: K, request?: CommandRequest<K>): Promise<BridgeResult<CommandResponse<K>>>;
  /** Like call, but answers the value and fails the test on an error. */
  value<K extends CommandName>(command: K, request?: CommandRequest<K>): Promise<CommandResponse<K>>;
  events: { name: EventName; payload: BridgeEvents[EventName] }[];
  syncRequests(): number;
}

export function bridgeOver(device: Device, options: { signedIn?: boolean; api?: LibraryApi } = {}): BridgeUnderTest {
  const events = createEventHub();
  const seen: BridgeUnderTest['events'] = [];
  events.subscribe((name, payload) => seen.push({ name, payload }));
  let syncRequests = 0;
  const signedIn = options.signedIn ?? true;
  const handlers = handlersOverDevice(device, {
    api: options.api,
    events,
    sync: { status: () => ({ state: 'idle', pendingChanges: 0, conflicts: 0, heldChanges: 0 }), syncNow: async () => ({}), requestSync: () => void syncRequests++, confirmDeletions: () => {} },
    account: {
      status: () => ({ signedIn, embedded: true }),
      signIn: async () => ({ signedIn: true, embedded: true }),
      signOut: async () => ({ signedIn: false, embedded: true }),
    },
  });
  const call = <K extends CommandName>(command: K, request?: CommandRequest<K>) =>
    dispatch(handlers, command, request) as Promise<BridgeResult<CommandResponse<K>>>;
  return {
    call,
    async value(command, request) {
      const result = await call(command, request);
      if (!result.ok) throw new Error(`${command} failed: ${result.error.code}: ${result.error.message}`);
      return result.value;
    },
    events: seen,
    syncRequests: () => syncRequests,
  };
}
