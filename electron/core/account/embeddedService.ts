// The service that runs inside the app when no remote one is configured, so that sync
// works out of the box: the real service (server/) on 127.0.0.1 and a free port, its data
// in <appData>/service. The app registers itself there as a public client once, creates a
// local account once (its random password kept in the token vault), and signs that user in
// without a browser: the service runs in this process, so the app issues the tokens itself.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import os from 'node:os';
import { buildService, type BuiltService } from '../../../server/app.ts';
import { createAccount, registerClient } from '../../../server/auth/accounts.ts';
import { hashPassword } from '../../../server/auth/passwords.ts';
import { resolveConfig } from '../../../server/config.ts';
import { resolverEnvironment } from '../../../server/metadata/resolverSettings.ts';
import type { EmbeddedSignIn } from './account.ts';
import type { EmbeddedAccount, TokenVault } from './tokenVault.ts';

export const LOCAL_ACCOUNT_EMAIL = 'me@refshelf.localhost';
export const LOOPBACK_REDIRECT_URI = 'http://127.0.0.1/callback';

export interface EmbeddedService extends EmbeddedSignIn {
  url: string;
  service: BuiltService;
  /** The local account, created on first use. */
  localAccount(): Promise<EmbeddedAccount>;
  close(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('No free port'))));
    });
  });
}

async function listen(dataDir: string, logLevel: string): Promise<BuiltService> {
  // The public URL must name the real port (Location headers use it), so pick the port first;
  // another process may take it in between, hence the retries.
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    // Identifier resolution may be set from the environment (contact address, mirrors, off).
    const config = resolveConfig({ host: '127.0.0.1', port, dataDir, logLevel, publicUrl: `http://127.0.0.1:${port}` }, [], resolverEnvironment(process.env));
    const service = await buildService(config);
    try {
      await service.app.listen({ host: '127.0.0.1', port });
      return service;
    } catch (error) {
      await service.close();
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt >= 5) throw error;
    }
  }
}

export async function startEmbeddedService(options: { dataDir: string; vault: TokenVault; logLevel?: string }): Promise<EmbeddedService> {
  const service = await listen(options.dataDir, options.logLevel ?? 'warn');
  const { db, tokens } = service.ctx;
  const url = service.ctx.config.publicUrl;
  let creating: Promise<EmbeddedAccount> | undefined;

  async function stillValid(account: EmbeddedAccount): Promise<boolean> {
    const client = await db.selectFrom('oauth_clients').select('id').where('id', '=', account.clientId).executeTakeFirst();
    const profile = await db.selectFrom('profiles').select('id').where('id', '=', account.profileId).executeTakeFirst();
    return client !== undefined && profile !== undefined;
  }

  async function create(): Promise<EmbeddedAccount> {
    const known = options.vault.read().embedded;
    if (known && (await stillValid(known))) return known;
    const client = await registerClient(db, { name: 'RefShelf Desktop', redirectUris: [LOOPBACK_REDIRECT_URI], isPublic: true });
    const password = randomBytes(24).toString('base64url');
    const existing = await db.selectFrom('profiles').select('id').where('email', '=', LOCAL_ACCOUNT_EMAIL).executeTakeFirst();
    let profileId: string;
    if (existing) {
      // The vault was lost but the service's data was kept: take the account over.
      await db.updateTable('profiles').set({ password_hash: await hashPassword(password) }).where('id', '=', existing.id).execute();
      profileId = existing.id;
    } else {
      const firstName = (() => {
        try {
          return os.userInfo().username || 'Local';
        } catch {
          return 'Local';
        }
      })();
      profileId = (await createAccount(db, { email: LOCAL_ACCOUNT_EMAIL, password, first_name: firstName, last_name: 'User' })).id;
    }
    const account = { clientId: client.id, profileId, email: LOCAL_ACCOUNT_EMAIL, password };
    const data = options.vault.read();
    options.vault.write({ ...data, embedded: account });
    return account;
  }

  const localAccount = (): Promise<EmbeddedAccount> => {
    creating ??= create().finally(() => {
      creating = undefined;
    });
    return creating;
  };

  return {
    url,
    service,
    localAccount,
    async signIn() {
      const account = await localAccount();
      const issued = await tokens.issue(account.clientId, account.profileId, 'all', true);
      return { clientId: account.clientId, profileId: account.profileId, accessToken: issued.accessToken, refreshToken: issued.refreshToken, expiresAt: issued.accessExpiresAt };
    },
    async revoke(session) {
      if (session.refreshToken) await tokens.revokeRefresh(session.refreshToken);
      await tokens.revokeAccess(session.accessToken);
    },
    close: () => service.close(),
  };
}
