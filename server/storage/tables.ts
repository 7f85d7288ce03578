// Row types of the service's tables (Kysely). JSON columns hold text; timestamps are
// ISO 8601 strings with milliseconds (sortable as text); *_at epoch columns are milliseconds.
import type { Generated } from 'kysely';

export interface ProfilesTable {
  id: string;
  email: string; // lower-cased, unique
  password_hash: string;
  first_name: string;
  last_name: string;
  verified: number;
  created: string;
  last_modified: string;
  data: string; // JSON: the other profile fields
}

export interface OAuthClientsTable {
  id: string;
  name: string;
  secret_hash: string | null; // null: a public client (PKCE, no secret)
  redirect_uris: string; // JSON array
  grants: string; // JSON array
  owner_profile_id: string | null;
  created: string;
}

export interface OAuthTokensTable {
  access_hash: string;
  refresh_hash: string | null;
  client_id: string;
  profile_id: string | null;
  scope: string;
  access_expires_at: number;
  refresh_expires_at: number | null;
  created_at: number;
  /** Every token obtained from one authorization (code, then its refreshes) shares this. */
  family_id: string | null;
}

export interface OAuthSpentSecretsTable {
  secret_hash: string;
  kind: 'refresh_token' | 'authorization_code';
  family_id: string;
  expires_at: number;
}

export interface AuthFailuresTable {
  key: string;
  failures: number;
  last_failure_at: number;
  locked_until: number;
}

export interface RateWindowsTable {
  key: string;
  window_start: number;
  count: number;
}

export interface OAuthCodesTable {
  code_hash: string;
  client_id: string;
  profile_id: string;
  redirect_uri: string;
  scope: string;
  expires_at: number;
  code_challenge: string | null;
  code_challenge_method: string | null;
}

export interface WebSessionsTable {
  id_hash: string;
  profile_id: string;
  expires_at: number;
}

export interface GroupsTable {
  id: string;
  name: string;
  owning_profile_id: string;
  access_level: string;
  created: string;
  last_modified: string;
  data: string; // JSON: description, disciplines, tags, webpage, photo...
}

export interface GroupMembersTable {
  group_id: string;
  profile_id: string;
  role: string; // owner, admin, normal, follower, invited
  joined: string;
}

export interface DocumentsTable {
  id: string;
  profile_id: string;
  group_id: string | null;
  created: string;
  last_modified: string;
  title: string;
  type: string;
  year: number | null;
  trashed_at: string | null;
  data: string; // JSON: every other document field
}

export interface TombstonesTable {
  kind: string; // document, file, annotation
  id: string;
  profile_id: string;
  group_id: string | null;
  deleted_at: string;
}

export interface FileContentsTable {
  id: string;
  sha1: string;
  sha256: string;
  size: number;
  mime_type: string;
  profile_id: string | null;
  created: string;
}

export interface FilesTable {
  id: string;
  document_id: string;
  profile_id: string;
  group_id: string | null;
  filehash: string;
  file_name: string;
  mime_type: string;
  size: number;
  added: string;
}

export interface FoldersTable {
  id: string;
  name: string;
  parent_id: string | null;
  profile_id: string;
  group_id: string | null;
  created: string;
  modified: string;
}

export interface FolderDocumentsTable {
  folder_id: string;
  document_id: string;
  added: string;
}

export interface AnnotationsTable {
  id: string;
  type: string; // note, sticky_note, highlight
  document_id: string;
  profile_id: string;
  group_id: string | null;
  filehash: string | null;
  text: string | null;
  color: string | null; // JSON {r,g,b}
  positions: string | null; // JSON array
  style: string | null; // underline, area; null for highlighted text
  privacy_level: string;
  created: string;
  last_modified: string;
}

export interface IdempotencyKeysTable {
  profile_id: string;
  key: string;
  fingerprint: string;
  resource_id: string;
  status: number | null;
  content_type: string | null;
  location: string | null;
  body: string | null;
  created: string;
}

export interface SettingsTable {
  key: string;
  value: string;
}

/** Events one instance publishes for the others (server/instances/databaseBus.ts). */
export interface InstanceEventsTable {
  seq: Generated<number>;
  origin: string;
  topic: string;
  payload: string;
  created_at: number;
}

/** Who runs a background job until when (server/lifecycle/jobLease.ts). */
export interface JobLeasesTable {
  job: string;
  holder: string;
  expires_at: number;
}

export interface Database {
  profiles: ProfilesTable;
  oauth_clients: OAuthClientsTable;
  oauth_tokens: OAuthTokensTable;
  oauth_codes: OAuthCodesTable;
  oauth_spent_secrets: OAuthSpentSecretsTable;
  auth_failures: AuthFailuresTable;
  rate_windows: RateWindowsTable;
  web_sessions: WebSessionsTable;
  groups: GroupsTable;
  group_members: GroupMembersTable;
  documents: DocumentsTable;
  tombstones: TombstonesTable;
  file_contents: FileContentsTable;
  files: FilesTable;
  folders: FoldersTable;
  folder_documents: FolderDocumentsTable;
  annotations: AnnotationsTable;
  settings: SettingsTable;
  idempotency_keys: IdempotencyKeysTable;
  instance_events: InstanceEventsTable;
  job_leases: JobLeasesTable;
}

export type { Generated };
