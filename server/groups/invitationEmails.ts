// The e-mail that carries a group invitation, through the same mailer as verification links
// (SMTP, or the outbox directory and a log line in development). Its link is signed and names
// the invited address; the page it opens lets only a signed-in holder of that address, once
// verified, join (server/oauth/invitationPageRoutes.ts).
import type { ServiceContext } from '../context.ts';
import type { ServiceDb } from '../storage/database.ts';
import { readLink, signLink, type LinkCheck } from '../auth/emailLinks.ts';
import { isMailServerUnreachable } from '../mail/mailer.ts';

/** Invitations wait longer than a verification link: people read such mail late. */
export const INVITATION_LINK_LIFETIME_SECONDS = 30 * 86400;
/** At most this many invitation e-mails per inviter in 24 hours: the message is theirs, the sender ours. */
export const INVITATION_EMAILS_PER_DAY = 200;

export const INVITATION_PAGE_PATH = '/oauth/invitation';

export interface InvitationToMail {
  id: string;
  group_id: string;
  inviter_profile_id: string;
  invitee_email: string;
  message: string | null;
}

export function invitationLink(ctx: ServiceContext, invitation: InvitationToMail): string {
  const token = signLink(ctx.signingKey, {
    purpose: 'group-invitation',
    id: invitation.id,
    subject: invitation.invitee_email,
    expiresAt: ctx.now() + INVITATION_LINK_LIFETIME_SECONDS * 1000,
  });
  return ctx.url(`${INVITATION_PAGE_PATH}?token=${token}`);
}

export function readInvitationLink(ctx: ServiceContext, token: string | undefined): LinkCheck {
  return readLink(ctx.signingKey, token, 'group-invitation', ctx.now());
}

export interface MailAllowance {
  /**
   * Invitations the inviter e-mailed in the last 24 hours, whatever became of them since:
   * revoking them, or their answers, give no allowance back. (A resend moves its invitation's
   * sent date, so it counts that invitation again only once its first sending left the window.)
   */
  sent: number;
  /** Seconds until the oldest of them leaves the window. */
  retryAfterSeconds: number;
}

export async function invitationMailAllowance(ctx: ServiceContext, inviterId: string): Promise<MailAllowance> {
  const now = ctx.now();
  const row = await ctx.db
    .selectFrom('group_invitations')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('sent').as('oldest')])
    .where('inviter_profile_id', '=', inviterId)
    // Every status but CREATED (never e-mailed, or not yet) was e-mailed or may have been.
    .where('status', '!=', 'CREATED')
    .where('sent', '>', new Date(now - 86400_000).toISOString())
    .executeTakeFirstOrThrow();
  const oldest = row.oldest ? Date.parse(String(row.oldest)) : now;
  return { sent: Number(row.n), retryAfterSeconds: Math.max(1, Math.ceil((oldest + 86400_000 - now) / 1000)) };
}

/** Who invites to what, as the e-mail and the invitation page name them. */
export interface InvitationParties {
  /** Undefined when the group no longer exists. */
  groupName: string | undefined;
  inviterName: string;
}

export async function invitationParties(db: ServiceDb, groupId: string, inviterId: string): Promise<InvitationParties> {
  const group = await db.selectFrom('groups').select('name').where('id', '=', groupId).executeTakeFirst();
  const inviter = await db.selectFrom('profiles').select(['first_name', 'last_name']).where('id', '=', inviterId).executeTakeFirst();
  return { groupName: group?.name, inviterName: inviter ? `${inviter.first_name} ${inviter.last_name}`.trim() : 'A RefShelf user' };
}

/** How sending one invitation e-mail went: `unreachable` means later sends would fail too. */
export type InvitationMailOutcome = 'sent' | 'refused' | 'unreachable';

/**
 * Sends the invitation; a log line when the mail server refused it or could not be reached.
 * `parties` as invitationParties reads them for the invitation (read once for many recipients).
 */
export async function mailInvitation(ctx: ServiceContext, invitation: InvitationToMail, parties: InvitationParties, log: (line: string) => void): Promise<InvitationMailOutcome> {
  const { inviterName } = parties;
  const groupName = parties.groupName ?? 'a group';
  const note = invitation.message ? `\n${inviterName} writes:\n\n${invitation.message.replace(/^/gm, '> ')}\n` : '';
  const days = Math.round(INVITATION_LINK_LIFETIME_SECONDS / 86400);
  try {
    await ctx.mailer.send({
      to: invitation.invitee_email,
      subject: `${inviterName} invites you to the group "${groupName}" on RefShelf`,
      text:
        `Hello,\n\n${inviterName} invites you to join the group "${groupName}" on RefShelf.\n${note}\n` +
        `To accept or decline, open this link and sign in with ${invitation.invitee_email} (or create an account with this address and confirm it):\n\n` +
        `${invitationLink(ctx, invitation)}\n\n` +
        `The link is valid for ${days} days. The invitation also waits in the RefShelf app, under Groups, when you are signed in with this address.\n` +
        `If you do not know ${inviterName}, ignore this message.\n`,
    });
    return 'sent';
  } catch (error) {
    log(`The invitation e-mail ${invitation.id} could not be sent: ${error instanceof Error ? error.message : String(error)}`);
    return isMailServerUnreachable(error) ? 'unreachable' : 'refused';
  }
}
