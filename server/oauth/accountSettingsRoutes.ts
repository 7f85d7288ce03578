// The account page, e-mail verification links and password reset, for people in a browser.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ServiceContext } from '../context.ts';
import { normaliseEmail } from '../auth/accounts.ts';
import {
  checkResetLink, currentPasswordMatches, passwordProblem, resetPassword, sendPasswordReset, sendVerificationEmail, setPassword, verifyEmail,
} from '../auth/accountEmails.ts';
import { MIN_PASSWORD_LENGTH } from '../auth/passwords.ts';
import { sha256Hex } from '../auth/secrets.ts';
import { signInKeys, throttledMessage, waitDescription } from '../auth/throttle.ts';
import { stringFields } from './forms.ts';
import { formIsGenuine, pageContext, showSignIn, type SignedIn } from './pageContext.ts';
import { accountPage, forgotPasswordPage, messagePage, resetPasswordPage } from './pages/accountSettingsPages.ts';
import { sendPage } from './pages/layout.ts';

const pageConfig = { auth: 'none', html: true } as const;
const EXPIRED_FORM = 'This form has expired or was not sent from this site. Please try again.';
const BAD_LINK = 'This link is not valid. It may have been used already, or a newer one was sent. Ask for a new one.';
const EXPIRED_LINK = 'This link has expired. Ask for a new one.';
const RESET_SENT = 'If an account with a verified address matches, we have sent it a link. It is valid for one hour.';

export async function accountSettingsRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  async function showAccount(reply: FastifyReply, signedIn: SignedIn, status: number, extra: { notice?: string; error?: string } = {}) {
    const row = await ctx.db.selectFrom('profiles').select(['email', 'verified']).where('id', '=', signedIn.profileId).executeTakeFirstOrThrow();
    return sendPage(
      reply,
      status,
      accountPage({ csrf: signedIn.csrf, header: signedIn.header, email: row.email, verified: row.verified === 1, minPasswordLength: MIN_PASSWORD_LENGTH, ...extra }),
    );
  }

  app.get('/oauth/account', { config: pageConfig }, async (request, reply) => {
    const page = await pageContext(ctx, request, reply);
    if (!page.signedIn) return showSignIn(reply, page, { returnTo: '/oauth/account' });
    return showAccount(reply, page.signedIn, 200);
  });

  app.post('/oauth/account/verification', { config: pageConfig }, async (request, reply) => {
    const page = await pageContext(ctx, request, reply);
    if (!page.signedIn) return showSignIn(reply, page, { returnTo: '/oauth/account', status: 401 });
    if (!formIsGenuine(ctx, request, page, stringFields(request.body).csrf_token)) return showAccount(reply, page.signedIn, 403, { error: EXPIRED_FORM });
    // Each request sends an e-mail: limited like sign-ups, per account.
    const key = `verification:${page.signedIn.profileId}`;
    const refusal = await ctx.throttles.perAccount.check([key]);
    if (refusal) {
      reply.header('Retry-After', String(refusal.retryAfterSeconds));
      return showAccount(reply, page.signedIn, 429, { error: `Too many links were sent. Try again in ${waitDescription(refusal.retryAfterSeconds)}.` });
    }
    await ctx.throttles.perAccount.record([key]);
    await sendVerificationEmail(ctx, page.signedIn.profileId);
    return showAccount(reply, page.signedIn, 200, { notice: 'We have sent a new link to your address.' });
  });

  app.post('/oauth/account/password', { config: pageConfig }, async (request, reply) => {
    const page = await pageContext(ctx, request, reply);
    if (!page.signedIn) return showSignIn(reply, page, { returnTo: '/oauth/account', status: 401 });
    const signedIn = page.signedIn;
    const form = stringFields(request.body);
    if (!formIsGenuine(ctx, request, page, form.csrf_token)) return showAccount(reply, signedIn, 403, { error: EXPIRED_FORM });
    const row = await ctx.db.selectFrom('profiles').select('email').where('id', '=', signedIn.profileId).executeTakeFirstOrThrow();
    const key = signInKeys(row.email, request.ip).account;
    const refusal = await ctx.throttles.perAccount.check([key]);
    if (refusal) {
      reply.header('Retry-After', String(refusal.retryAfterSeconds));
      return showAccount(reply, signedIn, 429, { error: throttledMessage('password attempts', refusal) });
    }
    if (!(await currentPasswordMatches(ctx, signedIn.profileId, form.current_password ?? ''))) {
      await ctx.throttles.perAccount.record([key]);
      return showAccount(reply, signedIn, 400, { error: 'The current password is not correct.' });
    }
    const problem = passwordProblem(form.new_password ?? '');
    if (problem) return showAccount(reply, signedIn, 400, { error: problem });
    await setPassword(ctx, signedIn.profileId, form.new_password ?? '', sha256Hex(signedIn.session.id));
    return showAccount(reply, signedIn, 200, { notice: 'Your password is changed. Applications signed in to your account must sign in again.' });
  });

  app.get('/oauth/verify-email', { config: pageConfig }, async (request, reply) => {
    const outcome = await verifyEmail(ctx, stringFields(request.query).token);
    if (!outcome.ok) {
      const message = outcome.reason === 'expired' ? EXPIRED_LINK : BAD_LINK;
      return sendPage(reply, 400, messagePage('Address not verified', message, { href: '/oauth/account', text: 'Your account' }));
    }
    return sendPage(reply, 200, messagePage('Address verified', `Thank you: ${outcome.email} is verified.`, { href: '/oauth/account', text: 'Your account' }));
  });

  app.get('/oauth/forgot-password', { config: pageConfig }, async (request, reply) => {
    const page = await pageContext(ctx, request, reply);
    return sendPage(reply, 200, forgotPasswordPage({ csrf: page.csrf }));
  });

  app.post('/oauth/forgot-password', { config: pageConfig }, async (request, reply) => {
    const page = await pageContext(ctx, request, reply);
    const form = stringFields(request.body);
    const email = normaliseEmail(form.email ?? '');
    if (!formIsGenuine(ctx, request, page, form.csrf_token)) return sendPage(reply, 403, forgotPasswordPage({ csrf: page.csrf, email, error: EXPIRED_FORM }));
    if (!email) return sendPage(reply, 400, forgotPasswordPage({ csrf: page.csrf, error: 'Enter your e-mail address.' }));
    const keys = [`reset:${email}`, `reset-address:${request.ip}`];
    const refusal = await ctx.throttles.perAccount.check(keys);
    if (refusal) {
      reply.header('Retry-After', String(refusal.retryAfterSeconds));
      return sendPage(reply, 429, forgotPasswordPage({ csrf: page.csrf, email, error: `Too many links were asked for. Try again in ${waitDescription(refusal.retryAfterSeconds)}.` }));
    }
    await ctx.throttles.perAccount.record(keys);
    await sendPasswordReset(ctx, email);
    return sendPage(reply, 200, forgotPasswordPage({ csrf: page.csrf, notice: RESET_SENT }));
  });

  app.get('/oauth/reset-password', { config: pageConfig }, async (request, reply) => {
    const token = stringFields(request.query).token ?? '';
    const link = await checkResetLink(ctx, token);
    if (!link.ok) {
      return sendPage(reply, 400, messagePage('Link not valid', link.reason === 'expired' ? EXPIRED_LINK : BAD_LINK, { href: '/oauth/forgot-password', text: 'Ask for a new link' }));
    }
    const page = await pageContext(ctx, request, reply);
    return sendPage(reply, 200, resetPasswordPage({ csrf: page.csrf, token, minPasswordLength: MIN_PASSWORD_LENGTH }));
  });

  app.post('/oauth/reset-password', { config: pageConfig }, async (request, reply) => {
    const page = await pageContext(ctx, request, reply);
    const form = stringFields(request.body);
    const token = form.token ?? '';
    const again = (status: number, error: string) => sendPage(reply, status, resetPasswordPage({ csrf: page.csrf, token, error, minPasswordLength: MIN_PASSWORD_LENGTH }));
    if (!formIsGenuine(ctx, request, page, form.csrf_token)) return again(403, EXPIRED_FORM);
    const problem = passwordProblem(form.new_password ?? '');
    if (problem) return again(400, problem);
    const outcome = await resetPassword(ctx, token, form.new_password ?? '');
    if (!outcome.ok) {
      return sendPage(reply, 400, messagePage('Link not valid', outcome.reason === 'expired' ? EXPIRED_LINK : BAD_LINK, { href: '/oauth/forgot-password', text: 'Ask for a new link' }));
    }
    const row = await ctx.db.selectFrom('profiles').select('email').where('id', '=', outcome.claims.id).executeTakeFirst();
    if (row) await ctx.throttles.perAccount.clear(signInKeys(row.email, request.ip).account);
    return sendPage(reply, 200, messagePage('Password changed', 'Your new password is set. Sign in with it.', { href: '/oauth/signin', text: 'Sign in' }));
  });
}
