// Test helper: one user's app core on its own replica, against the real test service: the
// bridge handlers as the renderer sees them (dispatch, so failures arrive as BridgeResults).
import type { BridgeResult, CommandArgs, CommandName, CommandResponse } from '../../../shared/bridge/contract.ts';
import type { TestUser } from '../../../server/testing/testService.ts';
import { dispatch, type Handlers } from '../bridge/dispatch.ts';
import { handlersOverDevice } from '../handlersTesting.ts';
import { openDevice, type Device } from '../sync/syncTesting.ts';

export interface AppUnderTest {
  device: Device;
  user: TestUser;
  handlers: Handlers;
  /** A command's answer; a failure throws with its code and message. */
  run<K extends CommandName>(command: K, ...args: CommandArgs<K>): Promise<CommandResponse<K>>;
  /** A command's BridgeResult as the renderer gets it. */
  attempt<K extends CommandName>(command: K, ...args: CommandArgs<K>): Promise<BridgeResult<CommandResponse<K>>>;
}

export function openApp(serviceUrl: string, user: TestUser, options: { signedIn?: () => boolean } = {}): AppUnderTest {
  const device = openDevice(serviceUrl, user.token);
  const signedIn = options.signedIn ?? (() => true);
  const handlers = handlersOverDevice(device, {
    serviceUrl,
    account: {
      status: () => (signedIn() ? { signedIn: true, embedded: false, serviceUrl, profile: { id: user.id, email: user.email } } : { signedIn: false, embedded: false }),
      signIn: () => Promise.reject(new Error('tests sign in with a token')),
      signOut: () => Promise.reject(new Error('tests sign in with a token')),
    },
  });
  const attempt = <K extends CommandName>(command: K, ...args: CommandArgs<K>) =>
    dispatch(handlers, command, args[0]) as Promise<BridgeResult<CommandResponse<K>>>;
  return {
    device, user, handlers, attempt,
    async run(command, ...args) {
      const result = await attempt(command, ...args);
      if (!result.ok) throw new Error(`${command} failed: ${result.error.code}: ${result.error.message}`);
      return result.value;
    },
  };
}
