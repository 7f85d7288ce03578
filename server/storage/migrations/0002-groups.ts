// Groups v2: invitations by e-mail and requests to join invite-only groups. The groups and
// group_members tables come from 0001. Dialect-neutral, like every migration.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('group_invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('group_id', 'text', (c) => c.notNull())
    .addColumn('inviter_profile_id', 'text', (c) => c.notNull())
    .addColumn('invitee_email', 'text', (c) => c.notNull())
    .addColumn('invitee_profile_id', 'text')
    .addColumn('message', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('sent', 'text', (c) => c.notNull())
    .addColumn('last_modified', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('group_invitations_group').on('group_invitations').columns(['group_id', 'created', 'id']).execute();
  await db.schema.createIndex('group_invitations_email').on('group_invitations').columns(['invitee_email', 'status']).execute();
  await db.schema.createIndex('group_invitations_profile').on('group_invitations').columns(['invitee_profile_id', 'status']).execute();

  await db.schema
    .createTable('group_join_requests')
    .addColumn('group_id', 'text', (c) => c.notNull())
    .addColumn('profile_id', 'text', (c) => c.notNull())
    .addColumn('message', 'text')
    .addColumn('created', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('group_join_requests_pk', ['group_id', 'profile_id'])
    .execute();

  // Popular groups are picked by access level; member counts come from group_members.
  await db.schema.createIndex('groups_access_level').on('groups').columns(['access_level']).execute();
  await db.schema.createIndex('group_members_group_role').on('group_members').columns(['group_id', 'role']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('group_members_group_role').ifExists().execute();
  await db.schema.dropIndex('groups_access_level').ifExists().execute();
  await db.schema.dropTable('group_join_requests').ifExists().execute();
  await db.schema.dropTable('group_invitations').ifExists().execute();
}
