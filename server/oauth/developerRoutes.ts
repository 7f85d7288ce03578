// The developer page (GET/POST /oauth/applications) where a signed-in user registers client
// applications, and the token-display page (GET shows a form, its POST makes the token).
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../context.ts';
import { registerClient } from '../auth/accounts.ts';
import { HttpError } from '../http/errors.ts';
import { stringFields } from './forms.ts';
import { formIsGenuine, pageContext, showSignIn, type SignedIn } from './pageContext.ts';
import { clientsOwnedBy } from './oauthClients.ts';
import { parseRedirectUriLines } from './redirectUris.ts';
import { applicationsPage, tokenDisplayPage, tokenRequestPage, type NewApplicationValues } from './pages/developerPages.ts';
import { sendPage } from './pages/layout.ts';
import { SCOPE_ALL } from './oauthModel.ts';

const pageConfig = { auth: 'none', html: true } as const;
const MAX_APPLICATIONS_PER_USER = 100;
const TOKEN_DISPLAY_CLIENT_NAME = 'Token display';
const TOKEN_DISPLAY_SETTING = 'oauth.token_display_client_id';

/** The built-in client the token-display page issues tokens to, created on first use. */
export async function tokenDisplayClientId(ctx: ServiceContext): Promise<string> {
  const read = () => ctx.db.selectFrom('settings').select('value').where('key', '=', TOKEN_DISPLAY_SETTING).executeTakeFirst();
  const known = await read();
  if (known) return known.value;
  const { id } = await registerClient(ctx.db, { name: TOKEN_DISPLAY_CLIENT_NAME, redirectUris: [], isPublic: true });
  await ctx.db
    .insertInto('settings')
    .values({ key: TOKEN_DISPLAY_SETTING, value: id })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  // Two first requests at once may both register; the one stored first is the one used.
  const stored = await read();
  if (stored && stored.value !== id) await ctx.db.deleteFrom('oauth_clients').where('id', '=', id).execute();
  return stored?.value ?? id;
}

export async function developerRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  async function renderApplications(
    signedIn: SignedIn,
    status: number,
    extra: { registered?: { id: string; name: string; secret?: string }; values?: NewApplicationValues; error?: string } = {},
  ) {
    const applications = await clientsOwnedBy(ctx.db, signedIn.profileId);
    return applicationsPage({ csrf: signedIn.csrf, header: signedIn.header, applications, ...extra });
  }

  app.get('/oauth/applications', { config: pageConfig }, async (request, reply) => {
    const page = await pageContext(ctx, request, reply);
    if (!page.signedIn) return showSignIn(reply, page, { returnTo: '/oauth/applications', intro: 'Sign in to manage your applications.' });
    return sendPage(reply, 200, await renderApplications(page.signedIn, 200));
  });

  app.post('/oauth/applications', { config: pageConfig }, async (request, reply) => {
    const page = await pageContext(ctx, request, reply);
    if (!page.signedIn) return showSignIn(reply, page, { returnTo: '/oauth/applications', status: 401, intro: 'Sign in to manage your applications.' });
    const signedIn = page.signedIn;
    const form = stringFields(request.body);
    const values: NewApplicationValues = { name: form.name, redirect_uris: form.redirect_uris, client_type: form.client_type };
    const refuse = async (status: number, error: string) => sendPage(reply, status, await renderApplications(signedIn, status, { values, error }));

    if (!formIsGenuine(ctx, request, page, form.csrf_token)) return refuse(403, 'This form has expired or was not sent from this site. Please try again.');
    const name = (form.name ?? '').trim();
    if (!name) return refuse(400, 'Enter a name for the application.');
    if (name.length > 255) return refuse(400, 'The application name must not exceed 255 characters.');
    if (form.client_type !== 'public' && form.client_type !== 'confidential') return refuse(400, 'Choose whether the application is public or confidential.');
    const parsed = parseRedirectUriLines(form.redirect_uris ?? '');
    if ('error' in parsed) return refuse(400, parsed.error);
    const owned = await clientsOwnedBy(ctx.db, signedIn.profileId);
    if (owned.length >= MAX_APPLICATIONS_PER_USER) return refuse(400, `You can register at most ${MAX_APPLICATIONS_PER_USER} applications.`);

    try {
      const { id, secret } = await registerClient(ctx.db, {
        name,
        redirectUris: parsed.uris,
        isPublic: form.client_type === 'public',
        ownerProfileId: signedIn.profileId,
      });
      return sendPage(reply, 201, await renderApplications(signedIn, 201, { registered: { id, name, secret } }));
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 400) return refuse(400, error.message);
      throw error;
    }
  });

  app.get('/oauth/token-display', { config: pageConfig }, async (request, reply) => {
    const page = await pageContext(ctx, request, reply);
    if (!page.signedIn) {
      return showSignIn(reply, page, { returnTo: '/oauth/token-display', intro: 'Sign in to get an access token for your account.' });
    }
    return sendPage(reply, 200, tokenRequestPage({ csrf: page.signedIn.csrf, header: page.signedIn.header, userName: page.signedIn.userName }));
  });

  app.post('/oauth/token-display', { config: pageConfig }, async (request, reply) => {
    const page = await pageContext(ctx, request, reply);
    if (!page.signedIn) {
      return showSignIn(reply, page, { returnTo: '/oauth/token-display', status: 401, intro: 'Sign in to get an access token for your account.' });
    }
    const signedIn = page.signedIn;
    if (!formIsGenuine(ctx, request, page, stringFields(request.body).csrf_token)) {
      return sendPage(reply, 403, tokenRequestPage({ csrf: signedIn.csrf, header: signedIn.header, userName: signedIn.userName }));
    }
    const clientId = await tokenDisplayClientId(ctx);
    const issued = await ctx.tokens.issue(clientId, signedIn.profileId, SCOPE_ALL, false);
    return sendPage(
      reply,
      200,
      tokenDisplayPage({
        header: signedIn.header,
        userName: signedIn.userName,
        accessToken: issued.accessToken,
        expiresAt: new Date(issued.accessExpiresAt),
        lifetimeSeconds: ctx.config.tokenLifetimeSeconds,
        exampleUrl: ctx.url('/profiles/me'),
      }),
    );
  });
}
