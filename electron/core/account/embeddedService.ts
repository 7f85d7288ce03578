// The service that runs inside the app when no remote one is configured, so that sync
// works out of the box (server/embedded.ts: the real service on loopback). The app keeps
// the local account (its random password) in the token vault and signs that user in
// without a browser: the service runs in this process, so it issues the tokens itself.
import { startEmbeddedServer, type BuiltService } from '../../../server/embedded.ts';
import type { EmbeddedSignIn } from './account.ts';
import type { EmbeddedAccount, TokenVault } from './tokenVault.ts';

export { LOCAL_ACCOUNT_EMAIL } from '../../../server/embedded.ts';

export interface EmbeddedService extends EmbeddedSignIn {
  url: string;
  service: BuiltService;
  /** The local account, created on first use. */
  localAccount(): Promise<EmbeddedAccount>;
  close(): Promise<void>;
}

export async function startEmbeddedService(options: { dataDir: string; vault: TokenVault; logLevel?: string }): Promise<EmbeddedService> {
  const server = await startEmbeddedServer({ dataDir: options.dataDir, logLevel: options.logLevel });
  let creating: Promise<EmbeddedAccount> | undefined;

  async function create(): Promise<EmbeddedAccount> {
    const known = options.vault.read().embedded;
    const account = await server.localAccount(known);
    if (account !== known) options.vault.write({ ...options.vault.read(), embedded: account });
    return account;
  }

  const localAccount = (): Promise<EmbeddedAccount> => {
    creating ??= create().finally(() => {
      creating = undefined;
    });
    return creating;
  };

  return {
    url: server.url,
    service: server.service,
    localAccount,
    async signIn() {
      const account = await localAccount();
      return { clientId: account.clientId, profileId: account.profileId, ...(await server.issueTokens(account)) };
    },
    revoke: (session) => server.revoke(session),
    close: () => server.close(),
  };
}
