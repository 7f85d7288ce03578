// The app's own commands: what the app is, the shell's file and save dialogs, the account
// and the settings.
import type { AppInfo, CoreCommands } from '../../../shared/bridge/contract.ts';
import type { AccountControl, SettingsControl } from '../commands/controls.ts';
import { BridgeFailure } from '../commands/failure.ts';
import type { HandlersOf } from '../commands/handlerTypes.ts';
import { objectOf, requiredObject, stringField, stringList } from '../commands/requestChecks.ts';

export const APP_COMMANDS = ['app.info', 'app.chooseFiles', 'app.chooseSavePath', 'account.status', 'account.signIn', 'account.signOut', 'settings.get', 'settings.set'] as const;
export type AppCommands = Pick<CoreCommands, (typeof APP_COMMANDS)[number]>;

export interface AppDeps {
  account: AccountControl;
  settings: SettingsControl;
  appInfo(): AppInfo;
  /** The shell's native file dialog; absent in browser mode. */
  chooseFiles?: (options: { title?: string; extensions?: string[] }) => Promise<string[]>;
  /** The shell's native save dialog (undefined when cancelled); absent in browser mode. */
  chooseSavePath?: (options: { title?: string; defaultName: string; extensions?: string[] }) => Promise<string | undefined>;
}

export function appHandlers(deps: AppDeps): HandlersOf<AppCommands> {
  return {
    'app.info': () => deps.appInfo(),
    'app.chooseFiles': async (request) => {
      if (!deps.chooseFiles) throw new BridgeFailure('unsupported', 'File dialogs exist only in the desktop app; drop files on the window instead');
      const options = objectOf(request, 'app.chooseFiles');
      const extensions = options.extensions === undefined ? undefined : stringList(options, 'extensions');
      const title = typeof options.title === 'string' ? options.title : undefined;
      return { paths: await deps.chooseFiles({ title, extensions }) };
    },
    'app.chooseSavePath': async (request) => {
      if (!deps.chooseSavePath) throw new BridgeFailure('unsupported', 'Save dialogs exist only in the desktop app');
      const options = requiredObject(request, 'app.chooseSavePath');
      const defaultName = stringField(options, 'defaultName');
      const extensions = options.extensions === undefined ? undefined : stringList(options, 'extensions');
      const title = typeof options.title === 'string' ? options.title : undefined;
      const chosen = await deps.chooseSavePath({ title, defaultName, extensions });
      return chosen ? { path: chosen } : {};
    },

    'account.status': () => deps.account.status(),
    'account.signIn': () => deps.account.signIn(),
    'account.signOut': () => deps.account.signOut(),

    'settings.get': () => deps.settings.get(),
    'settings.set': (request) => deps.settings.set(request),
  };
}
