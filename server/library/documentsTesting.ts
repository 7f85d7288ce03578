// Helpers for the document tests: real HTTP calls with a user's token and the right media types.
import { randomUUID } from 'node:crypto';
import type { TestService, TestUser } from '../testing/testService.ts';
import { parseLinkHeader } from '../../shared/paging.ts';

export interface DocumentClient {
  get(path: string, headers?: Record<string, string>): Promise<Response>;
  send(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
  create(fields: Record<string, unknown>): Promise<Record<string, unknown> & { id: string; last_modified: string }>;
  json<T = unknown>(path: string): Promise<T>;
  /** Name of the total-count header (derived from the vendor word). */
  countHeader: string;
}

export function documentClient(service: TestService, user: TestUser): DocumentClient {
  const mt = service.ctx.mediaTypes.document;
  const client: DocumentClient = {
    countHeader: service.ctx.headers.count,
    get: (path, headers = {}) => service.fetch(path, { headers: { ...user.auth, Accept: mt, ...headers } }),
    send: (method, path, body, headers = {}) =>
      service.fetch(path, {
        method,
        headers: { ...user.auth, Accept: mt, ...(body === undefined ? {} : { 'Content-Type': mt }), ...headers },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      }),
    async create(fields) {
      const res = await client.send('POST', '/documents', fields);
      if (res.status !== 201) throw new Error(`create failed: ${res.status} ${await res.text()}`);
      return (await res.json()) as Record<string, unknown> & { id: string; last_modified: string };
    },
    async json<T>(path: string) {
      const res = await client.get(path);
      if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    },
  };
  return client;
}

/** Follows `rel` links from a first response; returns every page's ids and headers. */
export async function walkPages(client: DocumentClient, firstPath: string, rel: 'next' | 'previous') {
  const pages: { ids: string[]; links: Record<string, string>; count: string | null }[] = [];
  let res = await client.get(firstPath);
  for (;;) {
    if (res.status !== 200) throw new Error(`page: ${res.status} ${await res.text()}`);
    const items = (await res.json()) as { id: string }[];
    const links = parseLinkHeader(res.headers.get('link'));
    pages.push({ ids: items.map((i) => i.id), links, count: res.headers.get(client.countHeader) });
    const next = links[rel];
    if (!next || pages.length > 50) break;
    res = await client.get(new URL(next).pathname + new URL(next).search);
  }
  return pages;
}

/** Adds a user to a group with a role (the groups area owns the real endpoints). */
export async function joinGroup(service: TestService, profileId: string, role: string, groupId: string = randomUUID()): Promise<string> {
  const now = new Date().toISOString();
  await service.ctx.db
    .insertInto('groups')
    .values({ id: groupId, name: `Group ${groupId.slice(0, 8)}`, owning_profile_id: profileId, access_level: 'private', created: now, last_modified: now, data: '{}' })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await service.ctx.db.insertInto('group_members').values({ group_id: groupId, profile_id: profileId, role, joined: now }).execute();
  return groupId;
}
