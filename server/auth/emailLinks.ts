// Signed, expiring links sent by e-mail: "verify this address", "reset your password" and
// "answer this group invitation".
// The link carries its own claims and an HMAC of them under the service's signing key, so no
// table is needed. A verification link names the address it verifies (a later change of
// address makes it useless); a reset link names a digest of the current password hash, so
// it works once: the reset changes the hash; an invitation link names the invited address.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { sha256Hex } from './secrets.ts';

export type LinkPurpose = 'verify-email' | 'reset-password' | 'group-invitation';

export interface LinkClaims {
  purpose: LinkPurpose;
  /** What the link is about: the profile, or for group-invitation the invitation. */
  id: string;
  /** verify-email and group-invitation: the address; reset-password: a digest of the password hash. */
  subject: string;
  expiresAt: number;
}

function signature(key: Buffer, payload: string): string {
  return createHmac('sha256', key).update(`email-link:${payload}`).digest('base64url');
}

export function signLink(key: Buffer, claims: LinkClaims): string {
  const payload = Buffer.from(JSON.stringify([claims.purpose, claims.id, claims.subject, claims.expiresAt])).toString('base64url');
  return `${payload}.${signature(key, payload)}`;
}

export type LinkCheck = { ok: true; claims: LinkClaims } | { ok: false; reason: 'invalid' | 'expired' };

export function readLink(key: Buffer, token: string | undefined, purpose: LinkPurpose, now: number): LinkCheck {
  const [payload, given, extra] = (token ?? '').split('.');
  if (!payload || !given || extra !== undefined || token!.length > 2000) return { ok: false, reason: 'invalid' };
  const expected = Buffer.from(signature(key, payload));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return { ok: false, reason: 'invalid' };
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (!Array.isArray(parts) || parts.length !== 4) return { ok: false, reason: 'invalid' };
  const [kind, id, subject, expiresAt] = parts as unknown[];
  if (kind !== purpose || typeof id !== 'string' || typeof subject !== 'string' || typeof expiresAt !== 'number') return { ok: false, reason: 'invalid' };
  if (expiresAt <= now) return { ok: false, reason: 'expired' };
  return { ok: true, claims: { purpose, id, subject, expiresAt } };
}

/** What a reset link binds to: changes whenever the password does. */
export function passwordDigest(passwordHash: string): string {
  return sha256Hex(`reset:${passwordHash}`).slice(0, 32);
}
