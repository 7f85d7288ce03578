// Profiles in storage: names, e-mail and verification in columns, every other field in the
// `data` JSON column. Lookups stay portable (no JSON functions of one SQL dialect).
import { sql } from 'kysely';
import type { ServiceDb } from '../storage/database.ts';
import type { ProfilesTable } from '../storage/tables.ts';
import { normaliseEmail } from '../auth/accounts.ts';
import type { ProfileAmendment, ProfileData } from '../../shared/schemas/profile.ts';
import { nextTimestamp } from '../storage/timestamps.ts';

export type ProfileRow = Omit<ProfilesTable, 'password_hash'>;

const COLUMNS = ['id', 'email', 'first_name', 'last_name', 'verified', 'created', 'last_modified', 'data'] as const;

export function profileData(row: ProfileRow): ProfileData {
  try {
    const data = JSON.parse(row.data) as unknown;
    return data && typeof data === 'object' && !Array.isArray(data) ? (data as ProfileData) : {};
  } catch {
    return {};
  }
}

export async function findProfile(db: ServiceDb, id: string): Promise<ProfileRow | undefined> {
  return db.selectFrom('profiles').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** Exact match, ignoring case (e-mails are stored lower-cased). */
export async function findProfilesByEmail(db: ServiceDb, email: string): Promise<ProfileRow[]> {
  return db.selectFrom('profiles').select(COLUMNS).where('email', '=', normaliseEmail(email)).execute();
}

/**
 * Profiles that carry this Scopus author id. The data column is written by JSON.stringify,
 * so the key and value appear there in exactly this form; LIKE narrows, JS confirms.
 */
export async function findProfilesByScopusId(db: ServiceDb, scopusAuthorId: string): Promise<ProfileRow[]> {
  const needle = `"scopus_author_id":${JSON.stringify(scopusAuthorId)}`.replace(/[\\%_]/g, (c) => `\\${c}`);
  const rows = await db
    .selectFrom('profiles')
    .select(COLUMNS)
    .where(sql<boolean>`data LIKE ${`%${needle}%`} ESCAPE '\\'`)
    .execute();
  return rows.filter((row) => profileData(row).scopus_author_id === scopusAuthorId);
}

/** Applies an amendment (null clears a field) and returns the stored row. */
export async function amendProfile(db: ServiceDb, row: ProfileRow, amendment: ProfileAmendment): Promise<ProfileRow> {
  const data: Record<string, unknown> = { ...profileData(row) };
  const values: Partial<ProfilesTable> = {};
  for (const [field, value] of Object.entries(amendment)) {
    if (value === undefined) continue;
    if (field === 'first_name' || field === 'last_name') {
      values[field] = String(value).trim();
    } else if (value === null) {
      delete data[field];
    } else {
      data[field] = value;
    }
  }
  values.data = JSON.stringify(data);
  values.last_modified = nextTimestamp(row.last_modified);
  await db.updateTable('profiles').set(values).where('id', '=', row.id).execute();
  return { ...row, ...values };
}
