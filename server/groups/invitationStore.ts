// Group invitations (v2): addressed to an e-mail address, and to the profile that holds it.
// A new invitation is e-mailed to its address (SENT); when the mail could not go out it stays
// CREATED, with a warning, and the invitee still finds it under GET /groups/v2/invitations.
// Answers move it to ACCEPTED, DECLINED or REVOKED; only CREATED and SENT invitations can be
// answered, revoked or resent.
import { randomUUID } from 'node:crypto';
import type { ExpressionBuilder } from 'kysely';
import type { ServiceContext } from '../context.ts';
import type { ServiceDb } from '../storage/database.ts';
import type { Database } from '../storage/tables.ts';
import type { GroupInvitation, GroupInvitationResult, InvitationStatus } from '../../shared/schemas/group.ts';
import { normaliseEmail } from '../auth/accounts.ts';
import { verifiedEmailOf } from '../auth/accountEmails.ts';
import { conflict, HttpError } from '../http/errors.ts';
import type { GroupInvitationsTable } from './groupTables.ts';
import { isMember } from './membershipRules.ts';
import { addMembership } from './groupStore.ts';
import { INVITATION_EMAILS_PER_DAY, invitationMailAllowance, invitationParties, mailInvitation, type InvitationMailOutcome, type InvitationParties } from './invitationEmails.ts';
import { nextTimestamp } from '../storage/timestamps.ts';

export const PENDING_STATUSES: InvitationStatus[] = ['CREATED', 'SENT'];
export const INVITATION_NOT_FOUND = 'Invitation not found';
const FINDS_IT_IN_APP = 'The invitee finds it in RefShelf, under Groups, when signed in with this address.';
export const EMAIL_FAILED_WARNING = `The invitation was created, but the e-mail to this address could not be sent: resend it later. ${FINDS_IT_IN_APP}`;
export const EMAIL_CAP_WARNING = `The invitation was created, but not e-mailed: you have sent ${INVITATION_EMAILS_PER_DAY} invitation e-mails in the last 24 hours. ${FINDS_IT_IN_APP}`;

export type InvitationRow = GroupInvitationsTable & { invitee_first_name?: string | null; invitee_last_name?: string | null; invitee_id?: string | null };

// A pragmatic check (RFC 5321 length, one @, a dot in the domain, no spaces): a wrong address
// is one recipient's error, not the whole request's.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmailAddress = (value: string): boolean => value.length <= 254 && EMAIL.test(value);

/** The profile's address if verified, else '' (which no invitation is addressed to). */
export async function profileEmail(db: ServiceDb, profileId: string): Promise<string> {
  return (await verifiedEmailOf(db, profileId)) ?? '';
}

/** Invitations addressed to a profile: by its id, or by its e-mail address for invitations sent before it existed. */
const addressedTo = (profileId: string, email: string) => (eb: ExpressionBuilder<Database, 'group_invitations'>) =>
  eb.or([eb('group_invitations.invitee_profile_id', '=', profileId), eb('group_invitations.invitee_email', '=', email)]);

/** Invitations with the invitee's profile (by id, or by address when none was known). */
export function invitationsWithInvitee(db: ServiceDb) {
  return db
    .selectFrom('group_invitations')
    .leftJoin('profiles', (join) =>
      join.on((eb) =>
        eb.or([
          eb('profiles.id', '=', eb.ref('group_invitations.invitee_profile_id')),
          eb.and([
            eb('group_invitations.invitee_profile_id', 'is', null),
            eb('profiles.email', '=', eb.ref('group_invitations.invitee_email')),
            eb('profiles.verified', '=', 1),
          ]),
        ]),
      ),
    )
    .selectAll('group_invitations')
    .select(['profiles.id as invitee_id', 'profiles.first_name as invitee_first_name', 'profiles.last_name as invitee_last_name']);
}

export function pendingFor(db: ServiceDb, profileId: string, email: string) {
  return invitationsWithInvitee(db).where('group_invitations.status', 'in', PENDING_STATUSES).where(addressedTo(profileId, email));
}

export async function hasPendingInvitation(db: ServiceDb, groupId: string, profileId: string): Promise<boolean> {
  const email = await profileEmail(db, profileId);
  const row = await db
    .selectFrom('group_invitations')
    .select('id')
    .where('group_id', '=', groupId)
    .where('status', 'in', PENDING_STATUSES)
    .where(addressedTo(profileId, email))
    .executeTakeFirst();
  return Boolean(row);
}

export async function findInvitation(db: ServiceDb, groupId: string, id: string): Promise<InvitationRow | undefined> {
  return invitationsWithInvitee(db).where('group_invitations.group_id', '=', groupId).where('group_invitations.id', '=', id).executeTakeFirst();
}

export async function findInvitationById(db: ServiceDb, id: string): Promise<InvitationRow | undefined> {
  return invitationsWithInvitee(db).where('group_invitations.id', '=', id).executeTakeFirst();
}

export function isAddressedTo(row: InvitationRow, profileId: string, email: string): boolean {
  return row.invitee_profile_id === profileId || (row.invitee_profile_id === null && row.invitee_email === email) || row.invitee_id === profileId;
}

export function isPending(row: InvitationRow): boolean {
  return (PENDING_STATUSES as string[]).includes(row.status);
}

export function assertPending(row: InvitationRow): void {
  if (!isPending(row)) throw conflict(`The invitation was already ${row.status.toLowerCase()}`);
}

export function invitationJson(row: InvitationRow): GroupInvitation {
  const view: GroupInvitation = {
    invitation_uuid: row.id,
    group_uuid: row.group_id,
    invitee_email: row.invitee_email,
    status: row.status as InvitationStatus,
    sent: row.sent,
  };
  const inviteeId = row.invitee_profile_id ?? row.invitee_id;
  if (inviteeId) view.invitee_profile_uuid = inviteeId;
  const name = [row.invitee_first_name, row.invitee_last_name].filter((part) => part && part.trim()).join(' ');
  if (name) view.invitee_name = name;
  if (row.message) view.message = row.message;
  return view;
}

/**
 * One result per recipient, in the order given: an invitation, e-mailed to the address (or
 * with a warning saying why it was not), or the reason there is none.
 */
export async function inviteRecipients(
  ctx: ServiceContext,
  groupId: string,
  inviterId: string,
  recipients: { email: string }[],
  message: string | undefined,
  log: (line: string) => void,
): Promise<GroupInvitationResult[]> {
  const db = ctx.db;
  const results: GroupInvitationResult[] = [];
  const seen = new Set<string>();
  let mailed = (await invitationMailAllowance(ctx, inviterId)).sent;
  let parties: InvitationParties | undefined; // the same for every recipient: read at the first e-mail
  // Once the mail server is out of reach, the other recipients are not sent (each try could
  // wait out the connection timeout): they get the same warning, and resend works later.
  let mailServerDown = false;
  for (const { email: given } of recipients) {
    const email = normaliseEmail(given);
    if (!isEmailAddress(email)) {
      results.push({ email: given, error_message: 'This is not a valid e-mail address' });
      continue;
    }
    if (seen.has(email)) {
      results.push({ email: given, error_message: 'This address is listed more than once; it was invited once' });
      continue;
    }
    seen.add(email);
    // Only a verified holder of the address is bound to the invitation now; otherwise whoever
    // verifies the address later finds it.
    const profile = await db.selectFrom('profiles').select('id').where('email', '=', email).where('verified', '=', 1).executeTakeFirst();
    if (profile) {
      const member = await db.selectFrom('group_members').select('role').where('group_id', '=', groupId).where('profile_id', '=', profile.id).executeTakeFirst();
      if (isMember(member?.role)) {
        results.push({ email: given, error_message: 'This user is already a member of the group' });
        continue;
      }
    }
    const pending = await db
      .selectFrom('group_invitations')
      .select('id')
      .where('group_id', '=', groupId)
      .where('status', 'in', PENDING_STATUSES)
      .where((eb) => eb.or([eb('invitee_email', '=', email), ...(profile ? [eb('invitee_profile_id', '=', profile.id)] : [])]))
      .executeTakeFirst();
    if (pending) {
      results.push({ email: given, error_message: `This address already has a pending invitation (${pending.id}); resend it instead` });
      continue;
    }
    const now = nextTimestamp();
    const row: GroupInvitationsTable = {
      id: randomUUID(),
      group_id: groupId,
      inviter_profile_id: inviterId,
      invitee_email: email,
      invitee_profile_id: profile?.id ?? null,
      message: message ?? null,
      status: 'CREATED',
      created: now,
      sent: now,
      last_modified: now,
    };
    await db.insertInto('group_invitations').values(row).execute();
    if (mailed >= INVITATION_EMAILS_PER_DAY) {
      results.push({ email: given, invitation_uuid: row.id, warning_message: EMAIL_CAP_WARNING });
      continue;
    }
    const outcome: InvitationMailOutcome = mailServerDown ? 'unreachable' : await mailInvitation(ctx, row, (parties ??= await invitationParties(db, groupId, inviterId)), log);
    if (outcome === 'sent') {
      mailed += 1;
      await db.updateTable('group_invitations').set({ status: 'SENT' }).where('id', '=', row.id).execute();
      results.push({ email: given, invitation_uuid: row.id });
    } else {
      mailServerDown ||= outcome === 'unreachable';
      results.push({ email: given, invitation_uuid: row.id, warning_message: EMAIL_FAILED_WARNING });
    }
  }
  return results;
}

/**
 * Moves a pending invitation to `status`. Only while it is still pending in the table: an
 * answer or revocation from another window, device or instance since `row` was read is a
 * conflict, not overwritten.
 */
export async function setInvitationStatus(db: ServiceDb, row: InvitationRow, status: InvitationStatus): Promise<void> {
  const result = await db
    .updateTable('group_invitations')
    .set({ status, last_modified: new Date().toISOString() })
    .where('id', '=', row.id)
    .where('status', 'in', PENDING_STATUSES)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw conflict('The invitation was answered or revoked meanwhile');
}

/** E-mails the invitation again, with a new link, and renews its sent date. */
export async function resendInvitation(ctx: ServiceContext, row: InvitationRow, log: (line: string) => void): Promise<void> {
  const allowance = await invitationMailAllowance(ctx, row.inviter_profile_id);
  if (allowance.sent >= INVITATION_EMAILS_PER_DAY) {
    throw new HttpError(429, `The invitation was not resent: ${INVITATION_EMAILS_PER_DAY} invitation e-mails were sent in the last 24 hours. Try again later.`, {}, {
      'Retry-After': String(allowance.retryAfterSeconds),
    });
  }
  const parties = await invitationParties(ctx.db, row.group_id, row.inviter_profile_id);
  if ((await mailInvitation(ctx, row, parties, log)) !== 'sent') throw new HttpError(503, 'The invitation e-mail could not be sent. Try again later.');
  const now = nextTimestamp();
  await ctx.db.updateTable('group_invitations').set({ status: 'SENT', sent: now, last_modified: now }).where('id', '=', row.id).execute();
}

/**
 * The invitee's answer: accepting makes them a normal member (a member already keeps their
 * role) and settles their request to join, if any.
 */
export async function answerInvitation(db: ServiceDb, row: InvitationRow, profileId: string, currentRole: string | undefined, answer: 'accept' | 'decline'): Promise<void> {
  assertPending(row);
  // One transaction, the invitation claimed first: a concurrent answer fails as a whole, and a
  // kill half-way leaves neither an accepted invitation without its membership nor the reverse.
  await db.transaction().execute(async (trx) => {
    await setInvitationStatus(trx, row, answer === 'accept' ? 'ACCEPTED' : 'DECLINED');
    if (answer === 'accept') {
      if (!isMember(currentRole)) await addMembership(trx, row.group_id, profileId, 'normal');
      await trx.deleteFrom('group_join_requests').where('group_id', '=', row.group_id).where('profile_id', '=', profileId).execute();
    }
  });
}
