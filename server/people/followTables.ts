// Row type of the follows table (migration 0003), added to Kysely's Database here so the
// shared tables file stays the library's.
export interface FollowsTable {
  id: string;
  follower_id: string;
  followed_id: string;
  status: string; // pending, following
  created: string;
  last_modified: string;
}

declare module '../storage/tables.ts' {
  interface Database {
    follows: FollowsTable;
  }
}
