// E-mail-bound account operations: verifying an address, resetting a forgotten password by
// a link sent to a verified address, and changing a password. Every right granted by an
// e-mail address (a draft's author, a submission's owner, an invitation) asks
// verifiedEmailOf, so an address counts only once its holder has followed the link.
import type { ServiceContext } from '../context.ts';
import type { ServiceDb } from '../storage/database.ts';
import { badRequest } from '../http/errors.ts';
import { normaliseEmail } from './accounts.ts';
import { passwordDigest, readLink, signLink, type LinkCheck } from './emailLinks.ts';
import { hashPassword, MIN_PASSWORD_LENGTH, verifyPassword } from './passwords.ts';

export const MAX_PASSWORD_LENGTH = 1024;

/** The account's address if verified; undefined otherwise (or for no account). */
export async function verifiedEmailOf(db: ServiceDb, profileId: string | null | undefined): Promise<string | undefined> {
  if (!profileId) return undefined;
  const row = await db.selectFrom('profiles').select(['email', 'verified']).where('id', '=', profileId).executeTakeFirst();
  return row && row.verified === 1 ? row.email.toLowerCase() : undefined;
}

export async function sendVerificationEmail(ctx: ServiceContext, profileId: string): Promise<void> {
  const row = await ctx.db.selectFrom('profiles').select(['email', 'first_name', 'verified']).where('id', '=', profileId).executeTakeFirst();
  if (!row || row.verified === 1) return;
  const token = signLink(ctx.signingKey, {
    purpose: 'verify-email',
    id: profileId,
    subject: row.email,
    expiresAt: ctx.now() + ctx.config.emailLinkLifetimeSeconds * 1000,
  });
  await ctx.mailer.send({
    to: row.email,
    subject: 'Confirm your e-mail address for RefShelf',
    text: `Hello ${row.first_name},\n\nplease confirm that ${row.email} is your address by opening this link:\n\n${ctx.url(`/oauth/verify-email?token=${token}`)}\n\nThe link is valid for ${Math.round(ctx.config.emailLinkLifetimeSeconds / 3600)} hours. If you did not create a RefShelf account, ignore this message.\n`,
  });
}

export type VerifyOutcome = { ok: true; email: string } | { ok: false; reason: 'invalid' | 'expired' };

export async function verifyEmail(ctx: ServiceContext, token: string | undefined): Promise<VerifyOutcome> {
  const link = readLink(ctx.signingKey, token, 'verify-email', ctx.now());
  if (!link.ok) return link;
  const { id: profileId, subject } = link.claims;
  const updated = await ctx.db
    .updateTable('profiles')
    .set({ verified: 1 })
    .where('id', '=', profileId)
    .where('email', '=', subject)
    .executeTakeFirst();
  // The address changed since the link was sent (or the account is gone).
  if (Number(updated.numUpdatedRows) === 0) return { ok: false, reason: 'invalid' };
  return { ok: true, email: subject };
}

/** Sends a reset link if a verified account has this address; says nothing either way. */
export async function sendPasswordReset(ctx: ServiceContext, email: string): Promise<void> {
  const row = await ctx.db
    .selectFrom('profiles')
    .select(['id', 'email', 'first_name', 'password_hash', 'verified'])
    .where('email', '=', normaliseEmail(email))
    .executeTakeFirst();
  if (!row || row.verified !== 1) return;
  const token = signLink(ctx.signingKey, {
    purpose: 'reset-password',
    id: row.id,
    subject: passwordDigest(row.password_hash),
    expiresAt: ctx.now() + Math.min(ctx.config.emailLinkLifetimeSeconds, 3600) * 1000,
  });
  await ctx.mailer.send({
    to: row.email,
    subject: 'Reset your RefShelf password',
    text: `Hello ${row.first_name},\n\nsomeone (we hope you) asked to reset the password of your RefShelf account. To choose a new password, open this link within the hour:\n\n${ctx.url(`/oauth/reset-password?token=${token}`)}\n\nIf you did not ask, ignore this message: your password stays as it is.\n`,
  });
}

/** Whether a reset link is still good (checked before the form is shown). */
export async function checkResetLink(ctx: ServiceContext, token: string | undefined): Promise<LinkCheck> {
  const link = readLink(ctx.signingKey, token, 'reset-password', ctx.now());
  if (!link.ok) return link;
  const row = await ctx.db.selectFrom('profiles').select('password_hash').where('id', '=', link.claims.id).executeTakeFirst();
  if (!row || passwordDigest(row.password_hash) !== link.claims.subject) return { ok: false, reason: 'invalid' };
  return link;
}

export function passwordProblem(password: string): string | undefined {
  if (password.length < MIN_PASSWORD_LENGTH) return `The password needs at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (password.length > MAX_PASSWORD_LENGTH) return `The password must not exceed ${MAX_PASSWORD_LENGTH} characters.`;
  return undefined;
}

/** Sets a new password and signs the account out everywhere (tokens and browser sessions). */
export async function setPassword(ctx: ServiceContext, profileId: string, password: string, keepSessionHash?: string): Promise<void> {
  const problem = passwordProblem(password);
  if (problem) throw badRequest(problem);
  const now = new Date(ctx.now()).toISOString();
  await ctx.db.updateTable('profiles').set({ password_hash: await hashPassword(password), last_modified: now }).where('id', '=', profileId).execute();
  await ctx.tokens.revokeAllFor(profileId);
  let sessions = ctx.db.deleteFrom('web_sessions').where('profile_id', '=', profileId);
  if (keepSessionHash) sessions = sessions.where('id_hash', '!=', keepSessionHash);
  await sessions.execute();
}

export async function resetPassword(ctx: ServiceContext, token: string | undefined, password: string): Promise<LinkCheck> {
  const link = await checkResetLink(ctx, token);
  if (!link.ok) return link;
  await setPassword(ctx, link.claims.id, password);
  // Following the link proves the address too.
  await ctx.db.updateTable('profiles').set({ verified: 1 }).where('id', '=', link.claims.id).execute();
  return link;
}

export async function currentPasswordMatches(ctx: ServiceContext, profileId: string, password: string): Promise<boolean> {
  if (password.length > MAX_PASSWORD_LENGTH) return false;
  const row = await ctx.db.selectFrom('profiles').select('password_hash').where('id', '=', profileId).executeTakeFirst();
  return row !== undefined && (await verifyPassword(password, row.password_hash));
}
