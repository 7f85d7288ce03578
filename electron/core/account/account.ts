// The signed-in account of the desktop: sign-in (the embedded service at once; a remote
// one through the system browser with the authorization code grant, PKCE and a loopback
// redirect, RFC 8252), access tokens for the API client (refreshed shortly before they
// expire, and once more when the service says one expired), and sign-out.
import type { AccountStatus } from '../../../shared/bridge/contract.ts';
import { ServiceClient } from '../../../shared/client/serviceClient.ts';
import { profilesApi } from '../../../shared/client/profilesApi.ts';
import { BridgeFailure } from '../commands/failure.ts';
import { startLoopbackListener, type LoopbackListener } from './loopbackListener.ts';
import { createPkcePair, randomState } from './pkce.ts';
import { requestTokens, TokenEndpointError, type TokenSet } from './tokenEndpoint.ts';
import type { StoredSession, TokenVault } from './tokenVault.ts';
import { systemClock, type Clock } from '../clock.ts';

/** Refresh this long before the access token expires, so calls rarely meet an expired one. */
export const REFRESH_MARGIN_MS = 60_000;

export interface EmbeddedSignIn {
  signIn(): Promise<TokenSet & { clientId: string; profileId: string }>;
  /** Revokes the session's tokens at the embedded service (it runs in this process). */
  revoke(session: StoredSession): Promise<void>;
}

export interface AccountOptions {
  vault: TokenVault;
  serviceUrl: string;
  /** Present when serviceUrl is the embedded service. */
  embedded?: EmbeddedSignIn;
  /** The registered client id of a remote service (from settings). */
  clientId?: string | null;
  /** Opens the system browser (the shell's shell.openExternal; browser mode prints the URL). */
  openExternal(url: string): void | Promise<void>;
  vendor?: string;
  fetch?: typeof fetch;
  /** The core's clock: token expiry is judged by it, and the sign-in's time limit waits on it. */
  clock?: Clock;
  signInTimeoutMs?: number;
}

export interface AccountManager {
  status(): AccountStatus;
  signIn(): Promise<AccountStatus>;
  signOut(): Promise<AccountStatus>;
  /** The current access token (refreshed first when about to expire); undefined when signed out. */
  getAccessToken(): Promise<string | undefined>;
  /** Gets a new access token with the refresh token; undefined (and signed out) when that fails for good. */
  refreshAccessToken(): Promise<string | undefined>;
  onChange(listener: (status: AccountStatus) => void): () => void;
  /** Cancels a pending browser sign-in. */
  dispose(): Promise<void>;
}

export function createAccountManager(options: AccountOptions): AccountManager {
  const { vault, serviceUrl } = options;
  const key = options.embedded ? 'embedded' : serviceUrl;
  const clock = options.clock ?? systemClock;
  const now = () => clock.now();
  const fetchImpl = options.fetch ?? fetch;
  const listeners = new Set<(status: AccountStatus) => void>();
  let pending: { listener: LoopbackListener; authorizationUrl: string } | undefined;
  let refreshing: Promise<string | undefined> | undefined;

  const session = (): StoredSession | undefined => vault.read().sessions[key];

  function store(next: StoredSession | undefined): void {
    const data = vault.read();
    if (next) data.sessions[key] = next;
    else delete data.sessions[key];
    vault.write(data);
  }

  function status(): AccountStatus {
    const current = session();
    const result: AccountStatus = { signedIn: current !== undefined, serviceUrl, embedded: options.embedded !== undefined };
    if (current?.profileId) {
      result.profile = { id: current.profileId };
      if (current.email) result.profile.email = current.email;
      if (current.displayName) result.profile.displayName = current.displayName;
    }
    if (pending) result.pendingSignIn = { authorizationUrl: pending.authorizationUrl };
    return result;
  }

  function announce(): AccountStatus {
    const current = status();
    for (const listener of listeners) listener(current);
    return current;
  }

  /** Fills in who signed in; a failure leaves the profile out (sync still works). */
  async function withProfile(tokens: StoredSession): Promise<StoredSession> {
    try {
      const client = new ServiceClient({ baseUrl: serviceUrl, vendor: options.vendor, getAccessToken: async () => tokens.accessToken, fetch: fetchImpl });
      const me = await profilesApi(client).me();
      return { ...tokens, profileId: me.id, email: me.email, displayName: me.display_name };
    } catch {
      return tokens;
    }
  }

  async function browserSignIn(): Promise<StoredSession> {
    const clientId = options.clientId;
    if (!clientId) {
      throw new BridgeFailure('not_configured', `Register RefShelf as an application at ${serviceUrl}/oauth/applications (redirect URI http://127.0.0.1/callback, public) and enter its client id in the settings`, 'clientId');
    }
    const listener = await startLoopbackListener({ timeoutMs: options.signInTimeoutMs, clock });
    const { verifier, challenge } = createPkcePair();
    const state = randomState();
    const authorize = new URL(`${serviceUrl}/oauth/authorize`);
    authorize.search = new URLSearchParams({
      response_type: 'code', client_id: clientId, redirect_uri: listener.redirectUri, scope: 'all', state,
      code_challenge: challenge, code_challenge_method: 'S256',
    }).toString();
    pending = { listener, authorizationUrl: authorize.href };
    announce();
    try {
      await options.openExternal(authorize.href);
      const params = await listener.callback;
      if (params.get('state') !== state) throw new BridgeFailure('state', 'The sign-in answer does not belong to this sign-in; try again');
      const error = params.get('error');
      if (error) {
        const description = params.get('error_description') ?? error;
        throw new BridgeFailure(error === 'access_denied' ? 'cancelled' : 'service', `Sign-in was not completed: ${description}`);
      }
      const code = params.get('code');
      if (!code) throw new BridgeFailure('service', 'The service sent no authorization code');
      const tokens = await requestTokens(serviceUrl, {
        grant_type: 'authorization_code', code, redirect_uri: listener.redirectUri, client_id: clientId, code_verifier: verifier,
      }, fetchImpl, now);
      return { clientId, ...tokens };
    } finally {
      await listener.close();
      if (pending?.listener === listener) pending = undefined;
    }
  }

  async function refresh(): Promise<string | undefined> {
    const current = session();
    if (!current?.refreshToken) return undefined;
    try {
      const tokens = await requestTokens(serviceUrl, { grant_type: 'refresh_token', refresh_token: current.refreshToken, client_id: current.clientId }, fetchImpl, now);
      // Rotation: the service may or may not send a new refresh token.
      store({ ...current, ...tokens, refreshToken: tokens.refreshToken ?? current.refreshToken });
      return tokens.accessToken;
    } catch (error) {
      if (error instanceof TokenEndpointError && (error.error === 'invalid_grant' || error.error === 'invalid_client')) {
        // The grant is gone for good (revoked, expired): the user must sign in again.
        store(undefined);
        announce();
        return undefined;
      }
      throw error;
    }
  }

  const refreshOnce = (): Promise<string | undefined> => {
    refreshing ??= refresh().finally(() => {
      refreshing = undefined;
    });
    return refreshing;
  };

  return {
    status,
    async signIn() {
      pending?.listener.cancel('A new sign-in was started');
      const tokens = options.embedded ? await options.embedded.signIn() : await browserSignIn();
      store(await withProfile({ ...tokens }));
      return announce();
    },
    async signOut() {
      pending?.listener.cancel('Signed out');
      const current = session();
      store(undefined);
      if (current && options.embedded) await options.embedded.revoke(current).catch(() => {});
      return announce();
    },
    async getAccessToken() {
      const current = session();
      if (!current) return undefined;
      if (current.refreshToken && current.expiresAt - now() <= REFRESH_MARGIN_MS) {
        // Offline: keep using the old token; the call fails and the sync engine retries later.
        return (await refreshOnce().catch(() => current.accessToken)) ?? undefined;
      }
      return current.accessToken;
    },
    refreshAccessToken: refreshOnce,
    onChange(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    async dispose() {
      pending?.listener.cancel('The app is closing');
      await pending?.listener.close();
    },
  };
}
