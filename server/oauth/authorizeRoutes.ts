// GET/POST /oauth/authorize: the authorization endpoint. GET checks the request and shows
// the sign-in page or the consent page; the consent form posts the request back with the
// decision. Codes come from the library; the implicit grant (which the library does not
// implement) answers here with the token in the URL fragment.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ServiceContext } from '../context.ts';
import { stringFields } from './forms.ts';
import { formIsGenuine, pageContext, showSignIn, type PageContext } from './pageContext.ts';
import { consentPage, errorPage } from './pages/authorizePages.ts';
import { sendPage } from './pages/layout.ts';
import { checkAuthorizationRequest, errorRedirect, redirectWithParams, type ValidAuthorization } from './authorizationRequest.ts';
import type { OAuthService } from './oauthServer.ts';

const pageConfig = { auth: 'none', html: true } as const;

function redirectHost(uri: string): string {
  try {
    const url = new URL(uri);
    return url.host || url.protocol;
  } catch {
    return uri;
  }
}

export async function authorizeRoutes(app: FastifyInstance, ctx: ServiceContext, oauth: OAuthService): Promise<void> {
  /** Checks a request; answers with the error page or error redirect, or returns the valid request. */
  async function checked(input: unknown, page: PageContext, reply: FastifyReply): Promise<ValidAuthorization | undefined> {
    const result = await checkAuthorizationRequest(ctx.db, input);
    if (result.kind === 'page-error') {
      sendPage(reply, 400, errorPage(result.title, result.message, page.signedIn?.header));
      return undefined;
    }
    if (result.kind === 'redirect-error') {
      reply.redirect(errorRedirect(result), 302);
      return undefined;
    }
    return result;
  }

  app.get('/oauth/authorize', { config: pageConfig }, async (request, reply) => {
    const page = await pageContext(ctx, request, reply);
    const valid = await checked(request.query, page, reply);
    if (!valid) return reply;
    if (!page.signedIn) {
      return showSignIn(reply, page, {
        returnTo: request.url,
        intro: `Sign in to let ${valid.client.name} access your account.`,
      });
    }
    return sendPage(
      reply,
      200,
      consentPage({
        csrf: page.signedIn.csrf,
        header: page.signedIn.header,
        applicationName: valid.client.name,
        userName: page.signedIn.userName,
        scope: valid.scope,
        redirectHost: redirectHost(valid.redirectUri),
        hiddenFields: valid.params,
      }),
    );
  });

  app.post('/oauth/authorize', { config: pageConfig }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const page = await pageContext(ctx, request, reply);
    const form = stringFields(request.body);
    if (!page.signedIn) {
      return sendPage(reply, 403, errorPage('Not signed in', 'Your session has ended. Go back to the application and start again.'));
    }
    // A forged decision must not reach the client, not even as a denial.
    if (!formIsGenuine(ctx, request, page, form.csrf_token)) {
      return sendPage(reply, 403, errorPage('Request refused', 'This form was not sent from this site or has expired. Go back to the application and start again.', page.signedIn.header));
    }
    const valid = await checked(request.body, page, reply);
    if (!valid) return reply;

    if (form.decision !== 'allow') {
      return reply.redirect(
        errorRedirect({
          kind: 'redirect-error',
          redirectUri: valid.redirectUri,
          inFragment: valid.responseType === 'token',
          error: 'access_denied',
          description: 'The user denied access',
          state: valid.state,
        }),
        303,
      );
    }

    if (valid.responseType === 'code') {
      return reply.redirect(await oauth.authorizationCodeRedirect(valid, page.signedIn.profileId, request.headers), 303);
    }

    // Implicit grant (RFC 6749 section 4.2.2): no refresh token, the token in the fragment.
    const issued = await ctx.tokens.issue(valid.client.id, page.signedIn.profileId, valid.scope, false);
    const location = redirectWithParams(
      valid.redirectUri,
      {
        access_token: issued.accessToken,
        token_type: 'bearer',
        expires_in: String(ctx.config.tokenLifetimeSeconds),
        scope: issued.scope,
        state: valid.state,
      },
      true,
    );
    return reply.redirect(location, 303);
  });
}
