// Invitation e-mails are capped per inviter per day (groups/invitationEmails.ts): the count
// reads an inviter's recent invitations, which no index reached.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('group_invitations_inviter').on('group_invitations').columns(['inviter_profile_id', 'sent']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('group_invitations_inviter').ifExists().execute();
}
