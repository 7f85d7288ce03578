// Test helpers for the groups area: calls over real HTTP with the v2 media types.
import type { TestService, TestUser } from '../testing/testService.ts';
import type { Group, GroupAccessLevel } from '../../shared/schemas/group.ts';

export interface CallOptions {
  accept?: string;
  type?: string;
}

export function groupsClient(service: TestService) {
  const mt = service.ctx.mediaTypes;

  async function call(user: TestUser, method: string, path: string, body?: unknown, options: CallOptions = {}): Promise<Response> {
    const headers: Record<string, string> = { ...user.auth, Accept: options.accept ?? '*/*' };
    if (body !== undefined) headers['Content-Type'] = options.type ?? 'application/json';
    return service.fetch(path, { method, headers, body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body) });
  }

  async function json<T = unknown>(res: Response): Promise<T> {
    const text = await res.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** Calls and checks the status, returning the parsed body (message included in failures). */
  async function expectStatus<T = unknown>(status: number, res: Response): Promise<T> {
    const body = await json<T>(res);
    if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${JSON.stringify(body)}`);
    return body;
  }

  async function createGroup(user: TestUser, fields: { name?: string; access_level?: GroupAccessLevel } & Record<string, unknown> = {}): Promise<Group> {
    const res = await call(user, 'POST', '/groups/v2', { name: 'A group', ...fields }, { type: mt.groupV2, accept: mt.groupV2 });
    return expectStatus<Group>(201, res);
  }

  /** A group of the given level with one user in each role (the creator is owner). */
  async function groupWith(owner: TestUser, accessLevel: GroupAccessLevel, roles: { admin?: TestUser; normal?: TestUser; follower?: TestUser }): Promise<Group> {
    const group = await createGroup(owner, { name: `${accessLevel} group`, access_level: accessLevel });
    const rows = Object.entries(roles).map(([role, user]) => ({ group_id: group.id, profile_id: user.id, role, joined: new Date().toISOString() }));
    if (rows.length) await service.ctx.db.insertInto('group_members').values(rows).execute();
    return group;
  }

  return { mt, call, json, expectStatus, createGroup, groupWith };
}
