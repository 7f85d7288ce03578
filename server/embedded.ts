// The service as the desktop app embeds it (when no remote service is configured): the
// real service on 127.0.0.1 and a free port, a local account for the one person using the
// app, and tokens issued in-process (no browser). The only module of server/ the desktop
// imports (lint enforces it), so the service's internals can change behind it.
import { randomBytes } from 'node:crypto';
import { osPersonName } from '../shared/node/osPersonName.ts';
import { buildService, type BuiltService } from './app.ts';
import { createAccount, registerClient } from './auth/accounts.ts';
import { hashPassword } from './auth/passwords.ts';
import { resolveConfig } from './config.ts';
import { resolverEnvironment } from './metadata/resolverSettings.ts';
import { freePort } from '../shared/node/freePort.ts';

export type { BuiltService } from './app.ts';

export const LOCAL_ACCOUNT_EMAIL = 'me@refshelf.localhost';
export const LOOPBACK_REDIRECT_URI = 'http://127.0.0.1/callback';

/** The desktop's public client and the local account, with the password the app keeps. */
export interface LocalAccount {
  clientId: string;
  profileId: string;
  email: string;
  password: string;
}

export interface IssuedTokens {
  accessToken: string;
  refreshToken?: string;
  expiresAt: number;
}

export interface EmbeddedServer {
  url: string;
  /** The running service (tests reach its context). */
  service: BuiltService;
  /**
   * The local account: `known` while the service still has its client and profile; else a
   * new client and account, or (the app lost its copy, the service kept its data) the
   * account taken over with a new password.
   */
  localAccount(known: LocalAccount | undefined): Promise<LocalAccount>;
  issueTokens(account: Pick<LocalAccount, 'clientId' | 'profileId'>): Promise<IssuedTokens>;
  revoke(tokens: { accessToken: string; refreshToken?: string }): Promise<void>;
  close(): Promise<void>;
}


async function listen(dataDir: string, logLevel: string): Promise<BuiltService> {
  // The public URL must name the real port (Location headers use it), so pick the port first;
  // another process may take it in between, hence the retries.
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    // Identifier resolution may be set from the environment (contact address, mirrors, off).
    const service = await buildService(resolveConfig({ host: '127.0.0.1', port, dataDir, logLevel, publicUrl: `http://127.0.0.1:${port}` }, [], resolverEnvironment(process.env)));
    try {
      await service.app.listen({ host: '127.0.0.1', port });
      return service;
    } catch (error) {
      await service.close();
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt >= 5) throw error;
    }
  }
}

export async function startEmbeddedServer(options: { dataDir: string; logLevel?: string }): Promise<EmbeddedServer> {
  const service = await listen(options.dataDir, options.logLevel ?? 'warn');
  const { db, tokens } = service.ctx;

  async function stillValid(account: LocalAccount): Promise<boolean> {
    const client = await db.selectFrom('oauth_clients').select('id').where('id', '=', account.clientId).executeTakeFirst();
    const profile = await db.selectFrom('profiles').select('id').where('id', '=', account.profileId).executeTakeFirst();
    return client !== undefined && profile !== undefined;
  }

  return {
    url: service.ctx.config.publicUrl,
    service,
    async localAccount(known) {
      if (known && (await stillValid(known))) return known;
      const client = await registerClient(db, { name: 'RefShelf Desktop', redirectUris: [LOOPBACK_REDIRECT_URI], isPublic: true });
      const password = randomBytes(24).toString('base64url');
      const existing = await db.selectFrom('profiles').select('id').where('email', '=', LOCAL_ACCOUNT_EMAIL).executeTakeFirst();
      let profileId: string;
      if (existing) {
        await db.updateTable('profiles').set({ password_hash: await hashPassword(password) }).where('id', '=', existing.id).execute();
        profileId = existing.id;
      } else {
        const person = osPersonName();
        profileId = (await createAccount(db, { email: LOCAL_ACCOUNT_EMAIL, password, first_name: person.first, last_name: person.last })).id;
      }
      return { clientId: client.id, profileId, email: LOCAL_ACCOUNT_EMAIL, password };
    },
    async issueTokens(account) {
      const issued = await tokens.issue(account.clientId, account.profileId, 'all', true);
      return { accessToken: issued.accessToken, refreshToken: issued.refreshToken, expiresAt: issued.accessExpiresAt };
    },
    async revoke(session) {
      if (session.refreshToken) await tokens.revokeRefresh(session.refreshToken);
      await tokens.revokeAccess(session.accessToken);
    },
    close: () => service.close(),
  };
}
