import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService, type TestUser } from '../testing/testService.ts';
import { parseLinkHeader } from '../../shared/paging.ts';
import { ANNOTATION_TEXT_MAX, DEFAULT_HIGHLIGHT_COLOR, type Annotation } from '../../shared/schemas/annotation.ts';

let service: TestService;
let media: string;
beforeAll(async () => {
  service = await startTestService();
  media = service.ctx.mediaTypes.annotation;
});
afterAll(async () => service.stop());

const HASH = 'a'.repeat(40);
const point = (x: number, y: number, page = 1) => ({ top_left: { x, y }, bottom_right: { x, y }, page });
const box = (x1: number, y1: number, x2: number, y2: number, page = 1) => ({ top_left: { x: x1, y: y1 }, bottom_right: { x: x2, y: y2 }, page });

async function insertDocument(owner: TestUser, groupId: string | null = null, trashed = false): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await service.ctx.db
    .insertInto('documents')
    .values({ id, profile_id: owner.id, group_id: groupId, created: now, last_modified: now, title: 'A paper', type: 'journal', year: 2020, trashed_at: trashed ? now : null, data: '{}' })
    .execute();
  return id;
}

async function insertGroup(members: [TestUser, string][]): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await service.ctx.db
    .insertInto('groups')
    .values({ id, name: 'Reading group', owning_profile_id: members[0]![0].id, access_level: 'private', created: now, last_modified: now, data: '{}' })
    .execute();
  for (const [user, role] of members) {
    await service.ctx.db.insertInto('group_members').values({ group_id: id, profile_id: user.id, role, joined: now }).execute();
  }
  return id;
}

function send(user: TestUser, method: string, path: string, body?: unknown): Promise<Response> {
  return service.fetch(path, {
    method,
    headers: { ...user.auth, Accept: media, ...(body === undefined ? {} : { 'Content-Type': media }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function create(user: TestUser, body: Record<string, unknown>): Promise<Annotation> {
  const res = await send(user, 'POST', '/annotations', body);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as Annotation;
}

async function list(user: TestUser, query = ''): Promise<Annotation[]> {
  const res = await send(user, 'GET', `/annotations${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Annotation[];
}

async function expectError(res: Response, status: number, message: RegExp): Promise<void> {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await res.json()) as { message: string };
  expect(body.message).toMatch(message);
}

describe('creating each kind', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await service.createUser();
  });

  it('creates a note with server-set fields, a Location and no file fields', async () => {
    const doc = await insertDocument(user);
    const other = randomUUID();
    const res = await send(user, 'POST', '/annotations', { document_id: doc, text: 'Read again', profile_id: other });
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toContain(media);
    const note = (await res.json()) as Annotation;
    expect(note).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: 'note',
      document_id: doc,
      profile_id: user.id,
      text: 'Read again',
      privacy_level: 'private',
      created: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      last_modified: note.created,
    });
    expect(res.headers.get('location')).toBe(`${service.url}/annotations/${note.id}`);
    const fetched = await fetch(res.headers.get('location')!, { headers: { ...user.auth, Accept: media } });
    expect(await fetched.json()).toEqual(note);
  });

  it('refuses a second note on the same document', async () => {
    const doc = await insertDocument(user);
    const first = await create(user, { document_id: doc, text: 'one' });
    await expectError(await send(user, 'POST', '/annotations', { document_id: doc, text: 'two' }), 409, new RegExp(`already has your note.*${first.id}`));
    expect((await list(user, `?document_id=${doc}`)).map((a) => a.id)).toEqual([first.id]);
  });

  it('creates a sticky note whose coordinates come back as numbers', async () => {
    const doc = await insertDocument(user);
    const sticky = await create(user, { type: 'sticky_note', document_id: doc, filehash: HASH.toUpperCase(), positions: [point(102.25, 340.5, 3)], text: 'here', privacy_level: 'group' });
    expect(sticky).toMatchObject({ type: 'sticky_note', filehash: HASH, text: 'here', privacy_level: 'group', positions: [point(102.25, 340.5, 3)] });
    expect(typeof sticky.positions![0]!.top_left.x).toBe('number');
  });

  it('creates a highlight over several positions with its colour, and defaults the colour', async () => {
    const doc = await insertDocument(user);
    const positions = [box(10, 20, 300, 32.5, 1), box(10, 34, 120.75, 46, 2)];
    const highlight = await create(user, { type: 'highlight', document_id: doc, filehash: HASH, positions, color: { r: 255, g: 0, b: 10 } });
    expect(highlight).toMatchObject({ type: 'highlight', positions, color: { r: 255, g: 0, b: 10 } });
    const plain = await create(user, { document_id: doc, filehash: HASH, positions: [box(1, 1, 2, 2)] });
    expect(plain.color).toEqual(DEFAULT_HIGHLIGHT_COLOR);
  });

  it('keeps a highlight’s style (underline, area), changes and clears it, and refuses it elsewhere', async () => {
    const doc = await insertDocument(user);
    const underline = await create(user, { type: 'highlight', document_id: doc, filehash: HASH, positions: [box(10, 20, 300, 32.5)], style: 'underline', color: { r: 0, g: 90, b: 200 } });
    expect(underline).toMatchObject({ type: 'highlight', style: 'underline', color: { r: 0, g: 90, b: 200 } });
    const area = await create(user, { document_id: doc, filehash: HASH, positions: [box(100, 300, 300, 380)], style: 'area' });
    expect(area).toMatchObject({ type: 'highlight', style: 'area' });
    expect((await list(user, `?document_id=${doc}`)).map((a) => a.style).sort()).toEqual(['area', 'underline']);

    const res = await send(user, 'PATCH', `/annotations/${underline.id}`, { style: null });
    expect(res.status).toBe(200);
    expect('style' in ((await res.json()) as Annotation)).toBe(false);
    const restyled = (await (await send(user, 'PATCH', `/annotations/${underline.id}`, { style: 'area' })).json()) as Annotation;
    expect(restyled.style).toBe('area');

    await expectError(await send(user, 'POST', '/annotations', { document_id: doc, filehash: HASH, positions: [box(1, 1, 2, 2)], style: 'wavy' }), 400, /underline, area/);
    await expectError(await send(user, 'POST', '/annotations', { type: 'sticky_note', document_id: doc, filehash: HASH, positions: [point(5, 6)], text: 'x', style: 'underline' }), 400, /Only a highlight has a style/);
    const sticky = await create(user, { type: 'sticky_note', document_id: doc, filehash: HASH, positions: [point(5, 6)], text: 'x' });
    await expectError(await send(user, 'PATCH', `/annotations/${sticky.id}`, { style: 'area' }), 400, /Only a highlight has a style/);
  });

  it('infers the kind from the shape when type is left out', async () => {
    const doc = await insertDocument(user);
    expect((await create(user, { document_id: doc, text: 'plain' })).type).toBe('note');
    expect((await create(user, { document_id: doc, filehash: HASH, positions: [point(5, 6)] })).type).toBe('sticky_note');
    expect((await create(user, { document_id: doc, filehash: HASH, positions: [box(5, 6, 7, 8)], color: { r: 1, g: 2, b: 3 } })).type).toBe('highlight');
    expect((await create(user, { document_id: doc, filehash: HASH, positions: [point(5, 6), point(9, 9)] })).type).toBe('highlight');
  });

  it('accepts a POST to /annotations/ with a trailing slash', async () => {
    const doc = await insertDocument(user);
    const res = await send(user, 'POST', '/annotations/', { document_id: doc, text: 'slash' });
    expect(res.status).toBe(201);
    expect(((await res.json()) as Annotation).text).toBe('slash');
  });
});

describe('validation', () => {
  let user: TestUser;
  let doc: string;
  beforeAll(async () => {
    user = await service.createUser();
    doc = await insertDocument(user);
  });
  const highlight = (extra: Record<string, unknown>) => ({ document_id: doc, filehash: HASH, positions: [box(1, 2, 3, 4)], color: { r: 1, g: 2, b: 3 }, ...extra });

  it.each([
    ['a component above 255', { r: 256, g: 0, b: 0 }],
    ['a negative component', { r: 0, g: -1, b: 0 }],
    ['a fraction', { r: 1.5, g: 0, b: 0 }],
    ['a string', { r: '12', g: 0, b: 0 }],
    ['a missing component', { r: 1, g: 2 }],
  ])('rejects a colour with %s', async (_name, color) => {
    await expectError(await send(user, 'POST', '/annotations', highlight({ color })), 400, /color/);
  });

  it.each([
    ['page 0', [{ ...box(1, 2, 3, 4), page: 0 }]],
    ['a fractional page', [{ ...box(1, 2, 3, 4), page: 1.5 }]],
    ['no bottom_right', [{ top_left: { x: 1, y: 2 }, page: 1 }]],
    ['a string coordinate', [{ top_left: { x: '1', y: 2 }, bottom_right: { x: 3, y: 4 }, page: 1 }]],
    ['a non-array', { top_left: { x: 1, y: 2 } }],
  ])('rejects a position with %s', async (_name, positions) => {
    await expectError(await send(user, 'POST', '/annotations', highlight({ positions })), 400, /positions/);
  });

  it('rejects an infinite coordinate (1e400 parses as Infinity)', async () => {
    const res = await service.fetch('/annotations', {
      method: 'POST',
      headers: { ...user.auth, 'Content-Type': media },
      body: `{"document_id":"${doc}","filehash":"${HASH}","positions":[{"top_left":{"x":1e400,"y":1},"bottom_right":{"x":2,"y":2},"page":1}]}`,
    });
    await expectError(res, 400, /positions/);
  });

  it('rejects a sticky note with two positions or with an area', async () => {
    await expectError(await send(user, 'POST', '/annotations', { type: 'sticky_note', document_id: doc, filehash: HASH, positions: [point(1, 1), point(2, 2)] }), 400, /exactly one position/);
    await expectError(await send(user, 'POST', '/annotations', { type: 'sticky_note', document_id: doc, filehash: HASH, positions: [box(1, 1, 2, 2)] }), 400, /top_left must equal/);
  });

  it('rejects notes with file fields and highlights without a file or positions', async () => {
    await expectError(await send(user, 'POST', '/annotations', { type: 'note', document_id: doc, text: 'x', filehash: HASH }), 400, /only document_id and text/);
    await expectError(await send(user, 'POST', '/annotations', { type: 'highlight', document_id: doc, positions: [box(1, 1, 2, 2)] }), 400, /filehash/);
    await expectError(await send(user, 'POST', '/annotations', { document_id: doc, filehash: HASH }), 400, /at least one position/);
  });

  it('rejects bad filehash, privacy level, type and over-long text', async () => {
    await expectError(await send(user, 'POST', '/annotations', highlight({ filehash: 'abc' })), 400, /filehash/);
    await expectError(await send(user, 'POST', '/annotations', highlight({ privacy_level: 'secret' })), 400, /public, group, private/);
    await expectError(await send(user, 'POST', '/annotations', highlight({ type: 'underline' })), 400, /note, sticky_note, highlight/);
    await expectError(await send(user, 'POST', '/annotations', { document_id: doc, text: 'x'.repeat(ANNOTATION_TEXT_MAX + 1) }), 400, /text/);
    await expectError(await send(user, 'POST', '/annotations', { text: 'no document' }), 400, /document_id/);
  });

  it('answers 400 to malformed JSON and 415/406 to wrong media types', async () => {
    const bad = await service.fetch('/annotations', { method: 'POST', headers: { ...user.auth, 'Content-Type': media }, body: '{"document_id":' });
    await expectError(bad, 400, /JSON/);
    const plain = await service.fetch('/annotations', { method: 'POST', headers: { ...user.auth, 'Content-Type': 'text/plain' }, body: 'hello' });
    await expectError(plain, 415, /Content-Type/);
    const html = await service.fetch('/annotations', { headers: { ...user.auth, Accept: 'text/html' } });
    await expectError(html, 406, /produce/);
  });

  it('needs a readable, untrashed document', async () => {
    const stranger = await service.createUser();
    const strangersDoc = await insertDocument(stranger);
    const trashed = await insertDocument(user, null, true);
    for (const documentId of [randomUUID(), strangersDoc, trashed]) {
      await expectError(await send(user, 'POST', '/annotations', { document_id: documentId, text: 'x' }), 404, /Document not found/);
    }
  });

  it('needs a token', async () => {
    expect((await service.fetch('/annotations')).status).toBe(401);
  });
});

describe('privacy between members of a group', () => {
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let group: string;
  let doc: string;
  const mine: Record<string, Annotation> = {};
  beforeAll(async () => {
    alice = await service.createUser();
    bob = await service.createUser();
    carol = await service.createUser();
    group = await insertGroup([[alice, 'owner'], [bob, 'normal']]);
    doc = await insertDocument(alice, group);
    for (const privacy_level of ['private', 'group', 'public']) {
      mine[privacy_level] = await create(alice, { document_id: doc, filehash: HASH, positions: [box(1, 1, 9, 9)], privacy_level });
    }
    mine.bobs = await create(bob, { document_id: doc, text: 'bob note', privacy_level: 'private' });
  });

  it('copies the group from the document', () => {
    expect(mine.group!.group_id).toBe(group);
  });

  it('shows other members only shared annotations, plus their own', async () => {
    const seen = (await list(bob, `?group_id=${group}`)).map((a) => a.id).sort();
    expect(seen).toEqual([mine.group!.id, mine.public!.id, mine.bobs!.id].sort());
    const byDocument = (await list(bob, `?document_id=${doc}`)).map((a) => a.id).sort();
    expect(byDocument).toEqual(seen);
    // Bob's note is private: Alice sees only her own three.
    expect((await list(alice, `?group_id=${group}`)).map((a) => a.id).sort()).toEqual([mine.private!.id, mine.group!.id, mine.public!.id].sort());
  });

  it('lists only the caller’s own annotations by default', async () => {
    expect((await list(bob)).map((a) => a.id)).toEqual([mine.bobs!.id]);
  });

  it('answers 404 for others’ private annotations and for non-members', async () => {
    await expectError(await send(bob, 'GET', `/annotations/${mine.private!.id}`), 404, /Annotation not found/);
    expect((await send(bob, 'GET', `/annotations/${mine.group!.id}`)).status).toBe(200);
    await expectError(await send(carol, 'GET', `/annotations/${mine.public!.id}`), 404, /Annotation not found/);
    await expectError(await send(carol, 'GET', `/annotations?group_id=${group}`), 404, /Group not found/);
    await expectError(await send(carol, 'GET', `/annotations?document_id=${doc}`), 404, /Document not found/);
  });

  it('lets only the creator change or delete an annotation', async () => {
    await expectError(await send(bob, 'PATCH', `/annotations/${mine.group!.id}`, { text: 'mine now' }), 403, /creator/);
    await expectError(await send(bob, 'DELETE', `/annotations/${mine.public!.id}`), 403, /creator/);
    await expectError(await send(bob, 'PATCH', `/annotations/${mine.private!.id}`, { text: 'x' }), 404, /not found/);
    await expectError(await send(carol, 'DELETE', `/annotations/${mine.group!.id}`), 404, /not found/);
    const unchanged = (await (await send(alice, 'GET', `/annotations/${mine.group!.id}`)).json()) as Annotation;
    expect(unchanged).toEqual(mine.group);
  });

  it('hides an annotation again when its creator makes it private', async () => {
    const res = await send(alice, 'PATCH', `/annotations/${mine.public!.id}`, { privacy_level: 'private' });
    expect(res.status).toBe(200);
    expect((await send(bob, 'GET', `/annotations/${mine.public!.id}`)).status).toBe(404);
    await send(alice, 'PATCH', `/annotations/${mine.public!.id}`, { privacy_level: 'public' });
    expect((await send(bob, 'GET', `/annotations/${mine.public!.id}`)).status).toBe(200);
  });

  it('lists a group’s deletions to its members, by group or by document', async () => {
    const since = new Date(Date.now() - 1000).toISOString();
    const doomed = await create(alice, { document_id: doc, text: 'short-lived', privacy_level: 'group' });
    expect((await send(alice, 'DELETE', `/annotations/${doomed.id}`)).status).toBe(204);
    expect(await list(bob, `?deleted_since=${encodeURIComponent(since)}&group_id=${group}`)).toEqual([{ id: doomed.id }]);
    expect(await list(bob, `?deleted_since=${encodeURIComponent(since)}&document_id=${doc}`)).toEqual([{ id: doomed.id }]);
    expect(await list(bob, `?deleted_since=${encodeURIComponent(since)}`)).toEqual([]);
    await expectError(await send(carol, 'GET', `/annotations?deleted_since=${encodeURIComponent(since)}&group_id=${group}`), 404, /Group not found/);
  });

  it('lets a member annotate a group document and share it', async () => {
    const shared = await create(bob, { document_id: doc, filehash: HASH, positions: [point(4, 4)], text: 'see', privacy_level: 'group' });
    expect(shared.group_id).toBe(group);
    expect((await list(alice, `?group_id=${group}`)).map((a) => a.id)).toContain(shared.id);
  });
});

describe('changing and deleting', () => {
  let user: TestUser;
  let doc: string;
  beforeAll(async () => {
    user = await service.createUser();
    doc = await insertDocument(user);
  });

  it('patches given fields, leaves the others and bumps last_modified', async () => {
    const sticky = await create(user, { document_id: doc, filehash: HASH, positions: [point(1, 2)], text: 'old', color: { r: 1, g: 1, b: 1 } });
    const res = await send(user, 'PATCH', `/annotations/${sticky.id}`, { text: 'new', privacy_level: 'public' });
    expect(res.status).toBe(200);
    const patched = (await res.json()) as Annotation;
    expect(patched).toEqual({ ...sticky, text: 'new', privacy_level: 'public', last_modified: expect.any(String) });
    expect(patched.last_modified > sticky.last_modified).toBe(true);
    const moved = (await (await send(user, 'PATCH', `/annotations/${sticky.id}`, { positions: [point(7.5, 8.25, 2)], color: null })).json()) as Annotation;
    expect(moved.positions).toEqual([point(7.5, 8.25, 2)]);
    expect(moved).not.toHaveProperty('color');
    expect(moved.text).toBe('new');
  });

  it('answers an empty PATCH with the unchanged annotation', async () => {
    const note = await create(user, { document_id: await insertDocument(user), text: 'same' });
    const res = await send(user, 'PATCH', `/annotations/${note.id}`, {});
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(note);
  });

  it('checks the kind’s rules on the patched result', async () => {
    const sticky = await create(user, { document_id: doc, filehash: HASH, positions: [point(1, 2)] });
    await expectError(await send(user, 'PATCH', `/annotations/${sticky.id}`, { positions: [point(1, 2), point(3, 4)] }), 400, /exactly one position/);
    const highlight = await create(user, { document_id: doc, filehash: HASH, positions: [box(1, 2, 3, 4)] });
    await expectError(await send(user, 'PATCH', `/annotations/${highlight.id}`, { color: null }), 400, /needs a color/);
    await expectError(await send(user, 'PATCH', `/annotations/${highlight.id}`, { positions: [] }), 400, /at least one position/);
    await expectError(await send(user, 'PATCH', `/annotations/${highlight.id}`, { color: { r: 300, g: 0, b: 0 } }), 400, /color/);
    await expectError(await send(user, 'PATCH', `/annotations/${highlight.id}`, { type: 'note' }), 400, /type.*cannot be changed/);
    const note = await create(user, { document_id: await insertDocument(user), text: 'n' });
    await expectError(await send(user, 'PATCH', `/annotations/${note.id}`, { text: null }), 400, /needs text/);
    await expectError(await send(user, 'PATCH', `/annotations/${note.id}`, { filehash: HASH }), 400, /only document_id and text/);
    expect(await (await send(user, 'GET', `/annotations/${highlight.id}`)).json()).toEqual(highlight);
  });

  it('deletes with 204, then answers 404 and lists the id under deleted_since', async () => {
    const before = new Date(Date.now() - 1000).toISOString();
    const note = await create(user, { document_id: await insertDocument(user), text: 'gone soon' });
    const res = await send(user, 'DELETE', `/annotations/${note.id}`);
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect((await send(user, 'GET', `/annotations/${note.id}`)).status).toBe(404);
    expect((await send(user, 'DELETE', `/annotations/${note.id}`)).status).toBe(404);
    expect((await list(user)).map((a) => a.id)).not.toContain(note.id);
    const deleted = await list(user, `?deleted_since=${encodeURIComponent(before)}`);
    expect(deleted).toEqual([{ id: note.id }]);
    expect(await list(user, `?deleted_since=${encodeURIComponent(before)}&document_id=${note.document_id}`)).toEqual([{ id: note.id }]);
    const later = new Date(Date.now() + 60_000).toISOString();
    expect(await list(user, `?deleted_since=${encodeURIComponent(later)}`)).toEqual([]);
    const stranger = await service.createUser();
    expect(await list(stranger, `?deleted_since=${encodeURIComponent(before)}`)).toEqual([]);
  });
});

describe('sync filters and paging', () => {
  it('lists only annotations modified since a time', async () => {
    const user = await service.createUser();
    const doc = await insertDocument(user);
    const a = await create(user, { document_id: doc, filehash: HASH, positions: [point(1, 1)] });
    const b = await create(user, { document_id: doc, filehash: HASH, positions: [point(2, 2)] });
    await new Promise((r) => setTimeout(r, 10));
    const mark = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 10));
    await send(user, 'PATCH', `/annotations/${a.id}`, { text: 'touched' });
    expect((await list(user, `?modified_since=${encodeURIComponent(mark)}`)).map((x) => x.id)).toEqual([a.id]);
    expect((await list(user, '?modified_since=2000-01-01')).map((x) => x.id).sort()).toEqual([a.id, b.id].sort());
    // The documents' reading: an unescaped + (a space) in the offset, no milliseconds, no zone.
    const inOffset = new Date(Date.parse(mark) + 3600_000).toISOString().replace('Z', '+01:00');
    expect((await list(user, `?modified_since=${inOffset}`)).map((x) => x.id)).toEqual([a.id]);
    expect((await list(user, '?modified_since=2000-01-01T00:00:00')).map((x) => x.id).sort()).toEqual([a.id, b.id].sort());
    await expectError(await send(user, 'GET', '/annotations?modified_since=yesterday'), 400, /modified_since must be an ISO 8601/);
    await expectError(await send(user, 'GET', '/annotations?modified_since=2024-13-45'), 400, /modified_since/);
    await expectError(await send(user, 'GET', `/annotations?deleted_since=${encodeURIComponent(mark)}&modified_since=${encodeURIComponent(mark)}`), 400, /either/);
  });

  it('lists one kind with ?type= (the JavaScript SDK\'s retrieveByType) and refuses an unknown kind', async () => {
    const user = await service.createUser();
    const doc = await insertDocument(user);
    const note = await create(user, { document_id: doc, text: 'The note' });
    const sticky = await create(user, { document_id: doc, filehash: HASH, positions: [point(3, 3)], text: 'Sticky' });
    const highlight = await create(user, { document_id: doc, filehash: HASH, positions: [{ top_left: { x: 1, y: 1 }, bottom_right: { x: 5, y: 2 }, page: 1 }] });
    expect((await list(user, '?type=note')).map((x) => x.id)).toEqual([note.id]);
    expect((await list(user, `?type=sticky_note&document_id=${doc}`)).map((x) => x.id)).toEqual([sticky.id]);
    expect((await list(user, '?type=highlight')).map((x) => x.id)).toEqual([highlight.id]);
    await expectError(await send(user, 'GET', '/annotations?type=scribble'), 400, /type must be one of/);
  });

  it('pages by last_modified with count header and next links', async () => {
    const user = await service.createUser();
    const doc = await insertDocument(user);
    const created: string[] = [];
    for (let i = 0; i < 5; i++) {
      created.push((await create(user, { document_id: doc, filehash: HASH, positions: [point(i, i)], text: `#${i}` })).id);
    }
    const seen: string[] = [];
    let res = await send(user, 'GET', '/annotations?limit=2');
    expect(res.headers.get(service.ctx.headers.count)).toBe('5');
    for (let pages = 1; ; pages++) {
      expect(res.status).toBe(200);
      const items = (await res.json()) as Annotation[];
      expect(items.length).toBeLessThanOrEqual(2);
      seen.push(...items.map((a) => a.id));
      const next = parseLinkHeader(res.headers.get('link')).next;
      if (!next) {
        expect(pages).toBe(3);
        break;
      }
      expect(next.startsWith(`${service.url}/annotations?`)).toBe(true);
      res = await fetch(next, { headers: { ...user.auth, Accept: '*/*' } });
      expect(res.headers.get(service.ctx.headers.count)).toBeNull();
    }
    expect(seen).toEqual(created);
    await expectError(await send(user, 'GET', '/annotations?limit=501'), 400, /limit/);
  });
});
