// Sign-in, sign-up and sign-out pages for people using the service through a browser.
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../context.ts';
import { authenticateAccount, createAccount, normaliseEmail } from '../auth/accounts.ts';
import { MIN_PASSWORD_LENGTH } from '../auth/passwords.ts';
import { HttpError } from '../http/errors.ts';
import { sendVerificationEmail } from '../auth/accountEmails.ts';
import { guessRefusal, recordFailedGuess, signInKeys, throttledMessage, waitDescription } from '../auth/throttle.ts';
import { safeReturnPath, stringFields } from './forms.ts';
import { formIsGenuine, pageContext, showSignIn } from './pageContext.ts';
import { signUpPage, type SignUpField, type SignUpValues } from './pages/accountPages.ts';
import { errorPage } from './pages/authorizePages.ts';
import { sendPage } from './pages/layout.ts';
import { startSession, endSession } from './webSession.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// scrypt of a huge password is wasted work; nobody types more than this.
const MAX_PASSWORD_LENGTH = 1024;
const pageConfig = { auth: 'none', html: true } as const;

const EXPIRED_FORM = 'This form has expired or was not sent from this site. Please try again.';

export function signUpErrors(form: Record<string, string | undefined>): Partial<Record<SignUpField, string>> {
  const errors: Partial<Record<SignUpField, string>> = {};
  const first = form.first_name?.trim() ?? '';
  const last = form.last_name?.trim() ?? '';
  const email = normaliseEmail(form.email ?? '');
  const password = form.password ?? '';
  if (!first) errors.first_name = 'Enter your first name.';
  else if (first.length > 255) errors.first_name = 'The first name must not exceed 255 characters.';
  if (!last) errors.last_name = 'Enter your last name.';
  else if (last.length > 255) errors.last_name = 'The last name must not exceed 255 characters.';
  if (!email) errors.email = 'Enter your e-mail address.';
  else if (!EMAIL.test(email) || email.length > 254) errors.email = 'Enter a valid e-mail address, such as name@example.org.';
  if (!password) errors.password = 'Choose a password.';
  else if (password.length < MIN_PASSWORD_LENGTH) errors.password = `The password needs at least ${MIN_PASSWORD_LENGTH} characters.`;
  else if (password.length > MAX_PASSWORD_LENGTH) errors.password = `The password must not exceed ${MAX_PASSWORD_LENGTH} characters.`;
  return errors;
}

export async function accountRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  app.get('/oauth/signin', { config: pageConfig }, async (request, reply) => {
    const returnTo = safeReturnPath(stringFields(request.query).return_to);
    const page = await pageContext(ctx, request, reply);
    if (page.signedIn) return reply.redirect(returnTo, 303);
    return showSignIn(reply, page, { returnTo });
  });

  app.post('/oauth/signin', { config: pageConfig }, async (request, reply) => {
    const form = stringFields(request.body);
    const returnTo = safeReturnPath(form.return_to);
    const page = await pageContext(ctx, request, reply);
    if (!formIsGenuine(ctx, request, page, form.csrf_token)) {
      return showSignIn(reply, page, { returnTo, status: 403, error: EXPIRED_FORM, email: form.email });
    }
    const email = form.email ?? '';
    const password = form.password ?? '';
    if (!email || !password) {
      return showSignIn(reply, page, { returnTo, status: 400, error: 'Enter your e-mail address and your password.', email });
    }
    // Guessing is slowed per account and per address before the password is even checked.
    const keys = signInKeys(email, request.ip);
    const refusal = await guessRefusal(ctx.throttles, keys);
    if (refusal) {
      reply.header('Retry-After', String(refusal.retryAfterSeconds));
      return showSignIn(reply, page, { returnTo, status: 429, error: throttledMessage('sign-in attempts', refusal), email });
    }
    const profileId = password.length <= MAX_PASSWORD_LENGTH ? await authenticateAccount(ctx.db, email, password) : undefined;
    if (!profileId) {
      await recordFailedGuess(ctx.throttles, keys);
      return showSignIn(reply, page, { returnTo, status: 401, error: 'The e-mail address or the password is not correct.', email });
    }
    await ctx.throttles.perAccount.clear(keys.account);
    await startSession(ctx, reply, profileId);
    return reply.redirect(returnTo, 303);
  });

  app.get('/oauth/signup', { config: pageConfig }, async (request, reply) => {
    const returnTo = safeReturnPath(stringFields(request.query).return_to);
    const page = await pageContext(ctx, request, reply);
    if (page.signedIn) return reply.redirect(returnTo, 303);
    return sendPage(reply, 200, signUpPage({ csrf: page.csrf, returnTo, minPasswordLength: MIN_PASSWORD_LENGTH }));
  });

  app.post('/oauth/signup', { config: pageConfig }, async (request, reply) => {
    const form = stringFields(request.body);
    const returnTo = safeReturnPath(form.return_to);
    const page = await pageContext(ctx, request, reply);
    const values: SignUpValues = { first_name: form.first_name, last_name: form.last_name, email: form.email };
    const again = (status: number, errors: Partial<Record<SignUpField, string>>, error?: string) =>
      sendPage(reply, status, signUpPage({ csrf: page.csrf, returnTo, values, errors, error, minPasswordLength: MIN_PASSWORD_LENGTH }));
    if (!formIsGenuine(ctx, request, page, form.csrf_token)) return again(403, {}, EXPIRED_FORM);
    const errors = signUpErrors(form);
    if (Object.keys(errors).length > 0) return again(400, errors);
    const signUpKey = `signup:${request.ip}`;
    const refusal = await ctx.throttles.signUps.check([signUpKey]);
    if (refusal) {
      reply.header('Retry-After', String(refusal.retryAfterSeconds));
      return again(429, {}, `Too many accounts were created from your network: try again in ${waitDescription(refusal.retryAfterSeconds)}.`);
    }
    let profileId: string;
    try {
      ({ id: profileId } = await createAccount(ctx.db, {
        email: form.email ?? '',
        password: form.password ?? '',
        first_name: form.first_name ?? '',
        last_name: form.last_name ?? '',
      }));
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 409) {
        return again(409, { email: 'An account with this e-mail address exists already. Sign in instead.' });
      }
      if (error instanceof HttpError && error.statusCode === 400) return again(400, {}, error.message);
      throw error;
    }
    await ctx.throttles.signUps.record([signUpKey]);
    await sendVerificationEmail(ctx, profileId);
    await startSession(ctx, reply, profileId);
    return reply.redirect(returnTo, 303);
  });

  app.post('/oauth/signout', { config: pageConfig }, async (request, reply) => {
    const form = stringFields(request.body);
    const page = await pageContext(ctx, request, reply);
    if (page.signedIn && !formIsGenuine(ctx, request, page, form.csrf_token)) {
      return sendPage(reply, 403, errorPage('Not signed out', EXPIRED_FORM, page.signedIn.header));
    }
    await endSession(ctx, request, reply);
    return reply.redirect('/oauth/signin', 303);
  });
}
