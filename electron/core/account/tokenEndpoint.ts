// Calls of the service's token endpoint as a public client (no secret: PKCE proves the
// code, the refresh token proves itself): the code exchange and the refresh.
import { BridgeFailure } from '../commands/failure.ts';

export interface TokenSet {
  accessToken: string;
  refreshToken?: string;
  expiresAt: number;
}

/** An RFC 6749 error answer of the token endpoint. */
export class TokenEndpointError extends BridgeFailure {
  constructor(
    readonly error: string,
    description: string,
    readonly status: number,
  ) {
    super(error === 'invalid_grant' ? 'signed_out' : 'service', `Sign-in failed: ${description || error}`);
  }
}

export async function requestTokens(
  serviceUrl: string,
  fields: Record<string, string>,
  fetchImpl: typeof fetch = fetch,
  now: () => number = Date.now,
): Promise<TokenSet> {
  let response: Response;
  try {
    response = await fetchImpl(`${serviceUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams(fields).toString(),
    });
  } catch (error) {
    throw new BridgeFailure('network', `The service at ${serviceUrl} cannot be reached: ${(error as Error).message}`);
  }
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok || typeof body.access_token !== 'string') {
    throw new TokenEndpointError(String(body.error ?? 'server_error'), String(body.error_description ?? `HTTP ${response.status}`), response.status);
  }
  const lifetime = typeof body.expires_in === 'number' ? body.expires_in : Number(body.expires_in ?? 3600);
  return {
    accessToken: body.access_token,
    refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : undefined,
    expiresAt: now() + (Number.isFinite(lifetime) ? lifetime : 3600) * 1000,
  };
}
