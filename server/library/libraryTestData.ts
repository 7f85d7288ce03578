// Test data for the files and folders tests: documents and groups written straight into
// the service's database, so these tests do not depend on the documents and groups routes.
import { randomUUID } from 'node:crypto';
import type { TestService } from '../testing/testService.ts';

export interface TestDocumentOptions {
  title?: string;
  year?: number | null;
  groupId?: string | null;
  trashed?: boolean;
}

export async function insertDocument(service: TestService, profileId: string, options: TestDocumentOptions = {}): Promise<string> {
  const id = randomUUID();
  const now = new Date(Date.now() - 60_000).toISOString();
  await service.ctx.db
    .insertInto('documents')
    .values({
      id,
      profile_id: profileId,
      group_id: options.groupId ?? null,
      created: now,
      last_modified: now,
      title: options.title ?? 'Underwater basket weaving',
      type: 'journal',
      year: options.year === undefined ? 2014 : options.year,
      trashed_at: options.trashed ? now : null,
      data: '{}',
    })
    .execute();
  return id;
}

/** A group owned by `ownerId`, with the other members in the given roles. */
export async function insertGroup(service: TestService, ownerId: string, members: Record<string, string> = {}): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await service.ctx.db
    .insertInto('groups')
    .values({ id, name: `Group ${id.slice(0, 8)}`, owning_profile_id: ownerId, access_level: 'private', created: now, last_modified: now, data: '{}' })
    .execute();
  const rows = [{ profile_id: ownerId, role: 'owner' }, ...Object.entries(members).map(([profile_id, role]) => ({ profile_id, role }))];
  await service.ctx.db
    .insertInto('group_members')
    .values(rows.map((r) => ({ group_id: id, profile_id: r.profile_id, role: r.role, joined: now })))
    .execute();
  return id;
}
