// Group invitations (v2): addressed to an e-mail address, and to the profile that holds it.
// E-mail sending is disabled in this service, so a new invitation stays CREATED (never SENT)
// and the invitee finds it under GET /groups/v2/invitations. Answers move it to ACCEPTED,
// DECLINED or REVOKED; only CREATED and SENT invitations can be answered, revoked or resent.
import { randomUUID } from 'node:crypto';
import type { ExpressionBuilder } from 'kysely';
import type { ServiceDb } from '../storage/database.ts';
import type { Database } from '../storage/tables.ts';
import type { GroupInvitation, GroupInvitationResult, InvitationStatus } from '../../shared/schemas/group.ts';
import { normaliseEmail } from '../auth/accounts.ts';
import { verifiedEmailOf } from '../auth/accountEmails.ts';
import { conflict } from '../http/errors.ts';
import type { GroupInvitationsTable } from './groupTables.ts';
import { isMember } from './membershipRules.ts';
import { nextTimestamp } from '../storage/timestamps.ts';

export const PENDING_STATUSES: InvitationStatus[] = ['CREATED', 'SENT'];
export const INVITATION_NOT_FOUND = 'Invitation not found';
export const EMAIL_DISABLED_WARNING =
  'E-mail sending is disabled on this service: no e-mail was sent. The invitee sees the invitation under GET /groups/v2/invitations when signed in with this address.';

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

/** One result per recipient, in the order given: an invitation (with the e-mail warning) or the reason there is none. */
export async function inviteRecipients(
  db: ServiceDb,
  groupId: string,
  inviterId: string,
  recipients: { email: string }[],
  message: string | undefined,
): Promise<GroupInvitationResult[]> {
  const results: GroupInvitationResult[] = [];
  const seen = new Set<string>();
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
    results.push({ email: given, invitation_uuid: row.id, warning_message: EMAIL_DISABLED_WARNING });
  }
  return results;
}

export async function setInvitationStatus(db: ServiceDb, row: InvitationRow, status: InvitationStatus): Promise<void> {
  await db.updateTable('group_invitations').set({ status, last_modified: new Date().toISOString() }).where('id', '=', row.id).execute();
}

/** Resending would e-mail the invitation again; with e-mail disabled it renews the sent date. */
export async function resendInvitation(db: ServiceDb, row: InvitationRow): Promise<void> {
  const now = new Date().toISOString();
  await db.updateTable('group_invitations').set({ sent: now, last_modified: now }).where('id', '=', row.id).execute();
}
