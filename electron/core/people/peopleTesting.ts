// Test helper: one user's app core on its own replica, against the real test service: the
// bridge handlers as the renderer sees them (dispatch, so failures arrive as BridgeResults).
import path from 'node:path';
import type { AppInfo, BridgeResult, CommandArgs, CommandName, CommandResponse } from '../../../shared/bridge/contract.ts';
import type { TestUser } from '../../../server/testing/testService.ts';
import { dispatch, type Handlers } from '../bridge/dispatch.ts';
import { createEventHub } from '../bridge/eventHub.ts';
import { createHandlers } from '../bridge/handlers.ts';
import { createSettingsStore } from '../settings/settings.ts';
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
  const handlers = createHandlers({
    replica: device.replica,
    api: device.api,
    fileStore: device.fileStore,
    sync: {
      status: () => device.engine.status(),
      syncNow: () => device.engine.syncNow(),
      requestSync: () => device.engine.requestSync(),
      confirmDeletions: (accept) => device.engine.confirmDeletions(accept),
    },
    account: {
      status: () => (signedIn() ? { signedIn: true, embedded: false, serviceUrl, profile: { id: user.id, email: user.email } } : { signedIn: false, embedded: false }),
      signIn: () => Promise.reject(new Error('tests sign in with a token')),
      signOut: () => Promise.reject(new Error('tests sign in with a token')),
    },
    settings: createSettingsStore(path.join(device.dir, 'settings.json')),
    events: createEventHub(),
    appInfo: (): AppInfo => ({ name: 'RefShelf', version: 'test', platform: process.platform, dataDir: device.dir, serviceUrl, embeddedService: false }),
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
