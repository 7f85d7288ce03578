// What every web page of the area needs: who is signed in, the CSRF token for its forms,
// and the header with the sign-out button.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceContext } from '../context.ts';
import type { SafeHtml } from './pages/html.ts';
import { signInPage, signOutForm } from './pages/accountPages.ts';
import { sendPage } from './pages/layout.ts';
import { csrfTokenFor, csrfTokenValid, currentSession, type WebSession } from './webSession.ts';

export interface SignedIn {
  session: WebSession;
  profileId: string;
  userName: string;
  csrf: string;
  header: SafeHtml;
}

export interface PageContext {
  csrf: string;
  signedIn?: SignedIn;
}

export async function pageContext(ctx: ServiceContext, request: FastifyRequest, reply: FastifyReply): Promise<PageContext> {
  const session = await currentSession(ctx, request);
  const profile = session
    ? await ctx.db.selectFrom('profiles').select(['first_name', 'last_name', 'email']).where('id', '=', session.profileId).executeTakeFirst()
    : undefined;
  if (!session || !profile) return { csrf: csrfTokenFor(ctx, request, reply, undefined) };
  const csrf = csrfTokenFor(ctx, request, reply, session);
  const userName = `${profile.first_name} ${profile.last_name} (${profile.email})`;
  return { csrf, signedIn: { session, profileId: session.profileId, userName, csrf, header: signOutForm(csrf, userName) } };
}

/** Whether the posted form carries this browser's CSRF token. */
export function formIsGenuine(ctx: ServiceContext, request: FastifyRequest, page: PageContext, token: string | undefined): boolean {
  return csrfTokenValid(ctx, request, page.signedIn?.session, token);
}

export function showSignIn(
  reply: FastifyReply,
  page: PageContext,
  options: { returnTo: string; status?: number; error?: string; email?: string; intro?: string },
): FastifyReply {
  return sendPage(
    reply,
    options.status ?? 200,
    signInPage({ csrf: page.csrf, returnTo: options.returnTo, email: options.email, error: options.error, intro: options.intro }),
  );
}
