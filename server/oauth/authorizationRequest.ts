// Checks an authorization request (RFC 6749 section 4.1.1 / 4.2.1, RFC 7636). Problems with
// the client or its redirect URI are shown on a page and never redirected (the redirect
// target is untrusted); every other problem is sent back to the client's redirect URI.
import type { ServiceDb } from '../storage/database.ts';
import { findClient, type OAuthClient } from './oauthClients.ts';
import { redirectUriMatches } from './redirectUris.ts';
import { SCOPE_ALL } from './oauthModel.ts';
import { repeatedFields, stringFields } from './forms.ts';

export const AUTHORIZATION_PARAMS = [
  'response_type',
  'client_id',
  'redirect_uri',
  'scope',
  'state',
  'code_challenge',
  'code_challenge_method',
] as const;

export type AuthorizationParams = Partial<Record<(typeof AUTHORIZATION_PARAMS)[number], string>>;

export interface ValidAuthorization {
  kind: 'ok';
  client: OAuthClient;
  responseType: 'code' | 'token';
  redirectUri: string;
  scope: string;
  state?: string;
  /** The request as received, to post back from the consent page. */
  params: AuthorizationParams;
}

export interface RedirectedError {
  kind: 'redirect-error';
  redirectUri: string;
  /** The implicit grant answers in the fragment, the code grant in the query. */
  inFragment: boolean;
  error: string;
  description: string;
  state?: string;
}

export interface PageError {
  kind: 'page-error';
  title: string;
  message: string;
}

export type CheckedAuthorization = ValidAuthorization | RedirectedError | PageError;

const VISIBLE_ASCII = /^[\x20-\x7e]*$/;
const PKCE_VALUE = /^[A-Za-z0-9._~-]{43,128}$/;

export async function checkAuthorizationRequest(db: ServiceDb, input: unknown): Promise<CheckedAuthorization> {
  const fields = stringFields(input);
  const repeated = repeatedFields(input);
  const params: AuthorizationParams = {};
  for (const name of AUTHORIZATION_PARAMS) if (fields[name] !== undefined && fields[name] !== '') params[name] = fields[name];

  const pageError = (message: string): PageError => ({ kind: 'page-error', title: 'This sign-in link is not valid', message });
  if (repeated.includes('client_id') || repeated.includes('redirect_uri')) return pageError('The request repeats client_id or redirect_uri.');
  if (!params.client_id) return pageError('The request names no application (client_id is missing).');
  const client = await findClient(db, params.client_id);
  if (!client) return pageError('The application that sent you here is not registered with this service (unknown client_id).');

  let redirectUri = params.redirect_uri;
  if (redirectUri === undefined) {
    if (client.redirectUris.length !== 1) {
      return pageError(`The request from ${client.name} has no redirect_uri, and the application has ${client.redirectUris.length === 0 ? 'none' : 'several'} registered.`);
    }
    redirectUri = client.redirectUris[0]!;
  } else if (!redirectUriMatches(redirectUri, client.redirectUris)) {
    return pageError(`The redirect URI of this request is not registered for ${client.name}; you were not sent back to it.`);
  }

  const state = params.state;
  const inFragment = params.response_type === 'token';
  const fail = (error: string, description: string): RedirectedError => ({
    kind: 'redirect-error',
    redirectUri: redirectUri!,
    inFragment,
    error,
    description,
    state: state !== undefined && VISIBLE_ASCII.test(state) ? state : undefined,
  });

  const others = repeated.filter((name) => (AUTHORIZATION_PARAMS as readonly string[]).includes(name));
  if (others.length > 0) return fail('invalid_request', `Parameter ${others[0]} must not be repeated`);
  if (state !== undefined && (!VISIBLE_ASCII.test(state) || state.length > 2000)) return fail('invalid_request', 'Invalid parameter: state');
  if (!params.response_type) return fail('invalid_request', 'Missing parameter: response_type');
  if (params.response_type !== 'code' && params.response_type !== 'token') {
    return fail('unsupported_response_type', 'response_type must be code or token');
  }
  const responseType = params.response_type;
  const grant = responseType === 'code' ? 'authorization_code' : 'implicit';
  if (!client.grants.includes(grant)) return fail('unauthorized_client', `This client may not use response_type=${responseType}`);

  const scopes = (params.scope ?? SCOPE_ALL).split(' ').filter(Boolean);
  if (scopes.length === 0 || scopes.some((s) => s !== SCOPE_ALL)) return fail('invalid_scope', `The only scope is "${SCOPE_ALL}"`);

  if (responseType === 'code') {
    const { code_challenge: challenge, code_challenge_method: method } = params;
    if (method !== undefined && method !== 'S256' && method !== 'plain') {
      return fail('invalid_request', 'code_challenge_method must be S256 or plain');
    }
    if (method !== undefined && challenge === undefined) return fail('invalid_request', 'code_challenge_method given without code_challenge');
    if (challenge !== undefined && !PKCE_VALUE.test(challenge)) {
      return fail('invalid_request', 'code_challenge must be 43 to 128 characters of A-Z, a-z, 0-9, "-", ".", "_", "~"');
    }
    if (client.isPublic && challenge === undefined) return fail('invalid_request', 'Public clients must use PKCE: code_challenge is required');
    // A public client has no secret: only S256 keeps an intercepted request from yielding the
    // verifier (RFC 9700 section 2.1.1). A missing method would mean plain.
    if (client.isPublic && method !== 'S256') return fail('invalid_request', 'Public clients must use code_challenge_method=S256');
  }

  return { kind: 'ok', client, responseType, redirectUri, scope: SCOPE_ALL, state, params };
}

/** The URL that reports an error (or a fragment-borne result) back to the client. */
export function redirectWithParams(redirectUri: string, values: Record<string, string | undefined>, inFragment: boolean): string {
  const entries = Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined);
  if (inFragment) {
    const base = redirectUri.split('#')[0]!;
    return `${base}#${new URLSearchParams(entries).toString()}`;
  }
  const url = new URL(redirectUri);
  for (const [name, value] of entries) url.searchParams.set(name, value);
  return url.toString();
}

export function errorRedirect(failure: RedirectedError): string {
  return redirectWithParams(
    failure.redirectUri,
    { error: failure.error, error_description: failure.description, state: failure.state },
    failure.inFragment,
  );
}
