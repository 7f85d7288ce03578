// Who may do what with a draft. The owner, and the author of a linked submission, have full
// rights; a submission token gives full rights over that submission's drafts; an access code
// gives read-only access. Anyone else is told the draft does not exist (404).
import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { ServiceContext } from '../context.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { DRAFT_PERMISSIONS, SUBMISSION_DRAFT_PERMISSIONS, type DraftRole } from '../../shared/schemas/dataset.ts';
import type { DatasetDraftsTable } from './datasetTables.ts';
import { verifiedEmailOf } from '../auth/accountEmails.ts';

export interface DraftAccess {
  level: 'full' | 'read';
  roles: DraftRole[];
  permissions: string[];
}

export function sameSecret(given: string | undefined, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The caller's address, if verified: an unverified address grants no author rights. */
export async function emailOf(ctx: ServiceContext, profileId: string | null | undefined): Promise<string | undefined> {
  return verifiedEmailOf(ctx.db, profileId);
}

function permissionsFor(row: DatasetDraftsTable, level: DraftAccess['level']): string[] {
  const linked = Boolean(row.submission_system);
  if (level === 'full') return [...(linked ? SUBMISSION_DRAFT_PERMISSIONS : DRAFT_PERMISSIONS)];
  return [linked ? 'read_dataset' : 'Read'];
}

export async function accessTo(ctx: ServiceContext, request: FastifyRequest, row: DatasetDraftsTable): Promise<DraftAccess> {
  const query = (request.query ?? {}) as { access_code?: string; submission_token?: string };
  const profileId = request.auth?.profileId ?? null;
  const roles: DraftRole[] = [];
  if (profileId && row.owner_id === profileId) roles.push('owner');
  if (row.author_email && (await emailOf(ctx, profileId)) === row.author_email) roles.push('author');
  if (roles.length) return { level: 'full', roles, permissions: permissionsFor(row, 'full') };
  if (row.submission_system && row.submission_id && query.submission_token) {
    const submission = await ctx.db
      .selectFrom('submissions')
      .select('submission_token')
      .where('system', '=', row.submission_system)
      .where('id', '=', row.submission_id)
      .executeTakeFirst();
    if (submission && sameSecret(query.submission_token, submission.submission_token)) {
      return { level: 'full', roles: [], permissions: permissionsFor(row, 'full') };
    }
  }
  if (sameSecret(query.access_code, row.access_code)) return { level: 'read', roles: [], permissions: permissionsFor(row, 'read') };
  throw notFound('Draft dataset not found');
}

/** Editing, publishing and deleting need full access; an access code only lets people read. */
export async function writableAccess(ctx: ServiceContext, request: FastifyRequest, row: DatasetDraftsTable): Promise<DraftAccess> {
  const access = await accessTo(ctx, request, row);
  if (access.level !== 'full') throw forbidden('The access code lets you read this draft, not change it');
  return access;
}
