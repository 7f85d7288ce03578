// Row types of the tables the groups area adds (migration 0002), joined to Kysely's
// Database type by module augmentation so that storage/tables.ts stays the foundation's.

export interface GroupInvitationsTable {
  id: string;
  group_id: string;
  inviter_profile_id: string;
  /** Lower-cased, as profiles store it, so an invitee is found by e-mail. */
  invitee_email: string;
  /** Set when the address belonged to a profile at invitation time. */
  invitee_profile_id: string | null;
  message: string | null;
  status: string; // CREATED, SENT, ACCEPTED, DECLINED, REVOKED
  created: string;
  /** When the invitation was last issued (created or resent). */
  sent: string;
  last_modified: string;
}

export interface GroupJoinRequestsTable {
  group_id: string;
  profile_id: string;
  message: string | null;
  created: string;
}

declare module '../storage/tables.ts' {
  interface Database {
    group_invitations: GroupInvitationsTable;
    group_join_requests: GroupJoinRequestsTable;
  }
}

