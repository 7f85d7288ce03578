// Helpers for the datasets area's tests: every call goes over real HTTP.
import { expect } from 'vitest';
import type { TestService, TestUser } from '../testing/testService.ts';

export type Json = Record<string, unknown> & { [key: string]: unknown };

export async function jsonOf(res: Response): Promise<Json> {
  const text = await res.text();
  return (text ? JSON.parse(text) : {}) as Json;
}

export function datasetsClient(service: TestService) {
  const mt = service.ctx.mediaTypes;
  const send = (method: string, path: string, auth: Record<string, string>, body: unknown, contentType: string, accept = '*/*') =>
    service.fetch(path, {
      method,
      headers: { ...auth, Accept: accept, ...(body === undefined ? {} : { 'Content-Type': contentType }) },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
  return {
    mt,
    async upload(user: TestUser, bytes: Buffer | string, type = 'application/zip'): Promise<string> {
      const res = await service.fetch('/file_contents', {
        method: 'POST',
        headers: { ...user.auth, 'Content-Type': type, Accept: mt.contentTicket },
        body: new Uint8Array(typeof bytes === 'string' ? Buffer.from(bytes) : bytes),
      });
      expect(res.status, await res.clone().text()).toBe(201);
      return String((await jsonOf(res)).id);
    },
    create: (auth: Record<string, string>, body: unknown) => send('POST', '/datasets/drafts', auth, body, mt.datasetCreationRequest, mt.draftDataset),
    async createOk(user: TestUser, body: Json = { name: 'A dataset' }): Promise<Json> {
      const res = await send('POST', '/datasets/drafts', user.auth, body, mt.datasetCreationRequest, mt.draftDataset);
      expect(res.status, await res.clone().text()).toBe(201);
      return jsonOf(res);
    },
    get: (path: string, auth: Record<string, string>) => service.fetch(path, { headers: { ...auth, Accept: '*/*' } }),
    patch: (id: string, auth: Record<string, string>, body: unknown, query = '') =>
      send('PATCH', `/datasets/drafts/${id}${query}`, auth, body, mt.datasetPatch, mt.draftDataset),
    async patchOk(id: string, user: TestUser, body: unknown): Promise<Json> {
      const res = await send('PATCH', `/datasets/drafts/${id}`, user.auth, body, mt.datasetPatch, mt.draftDataset);
      expect(res.status, await res.clone().text()).toBe(200);
      return jsonOf(res);
    },
    /** The reference client's publish: an empty POST whose Content-Type is the draft media type. */
    publish: (id: string, auth: Record<string, string>, body?: unknown, query = '') =>
      service.fetch(`/datasets/drafts/${id}${query}`, {
        method: 'POST',
        headers: { ...auth, Accept: mt.publicDataset, 'Content-Type': mt.draftDataset },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    async publishOk(id: string, user: TestUser): Promise<Json> {
      const res = await service.fetch(`/datasets/drafts/${id}`, {
        method: 'POST',
        headers: { ...user.auth, Accept: mt.publicDataset, 'Content-Type': mt.draftDataset },
      });
      expect(res.status, await res.clone().text()).toBe(200);
      return jsonOf(res);
    },
    /** A draft with everything publishing needs. */
    async publishableDraft(user: TestUser, extra: Json = {}): Promise<Json> {
      const ticket = await this.upload(user, `bytes of ${Math.random()}`, 'text/csv');
      return this.createOk(user, {
        name: 'Bee counts',
        description: 'Counts of bees per hive',
        categories: [{ label: 'Natural Sciences' }],
        files: [{ filename: 'counts.csv', description: 'raw counts', content_details: { id: ticket } }],
        ...extra,
      });
    },
    send,
  };
}
