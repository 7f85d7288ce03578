// The people commands against the real service: join requests, roles, followers, profiles,
// vocabularies, and the errors a renderer gets offline, signed out or with bad input.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService, type TestUser } from '../../../server/testing/testService.ts';
import { openApp, type AppUnderTest } from './peopleTesting.ts';

let service: TestService;
let owner: TestUser;
let asker: TestUser;
const apps: AppUnderTest[] = [];

beforeAll(async () => {
  service = await startTestService();
  owner = await service.createUser({ first_name: 'Olga', last_name: 'Owens' });
  asker = await service.createUser({ first_name: 'Ari', last_name: 'Asker' });
});
afterAll(async () => service.stop());
afterEach(async () => {
  for (const app of apps.splice(0)) await app.device.dispose();
});

function appOf(user: TestUser, options: Parameters<typeof openApp>[2] = {}, url = service.url): AppUnderTest {
  const app = openApp(url, user, options);
  apps.push(app);
  return app;
}

describe('groups', () => {
  it('asks to join an invite-only group; the owner sees the request by name, accepts, and makes an admin', async () => {
    const o = appOf(owner);
    const a = appOf(asker);
    const group = await o.run('groups.create', { name: 'Invite-only seminar', access_level: 'invite_only', description: 'Weekly' });
    expect((await a.run('groups.popular')).map((g) => g.id)).toContain(group.id);
    const direct = await a.attempt('groups.join', { id: group.id });
    expect(direct).toMatchObject({ ok: false, error: { code: 'service', status: 403, message: expect.stringMatching(/invite-only/) } });

    await a.run('groups.askToJoin', { id: group.id, message: 'I run the journal club' });
    expect(await o.run('groups.joinRequests', { id: group.id })).toEqual([
      { profileId: asker.id, name: 'Ari Asker', message: 'I run the journal club', created: expect.any(String) },
    ]);
    expect(await a.attempt('groups.joinRequests', { id: group.id })).toMatchObject({ ok: false, error: { code: 'service', status: 403 } });
    await o.run('groups.answerJoinRequest', { id: group.id, profileId: asker.id, answer: 'accept' });
    expect(await o.run('groups.joinRequests', { id: group.id })).toEqual([]);

    await o.run('groups.setRole', { id: group.id, profileId: asker.id, role: 'admin' });
    expect((await o.run('groups.members', { id: group.id })).map((m) => [m.name, m.role])).toEqual([['Olga Owens', 'owner'], ['Ari Asker', 'admin']]);
    expect((await a.run('groups.list')).find((g) => g.id === group.id)?.role).toBe('admin');
    expect((await o.run('groups.members', { id: group.id, query: 'ari' })).map((m) => m.name)).toEqual(['Ari Asker']);

    const patched = await a.run('groups.update', { id: group.id, patch: { description: 'Weekly, Thursdays' } });
    expect(patched.description).toBe('Weekly, Thursdays');
    expect(await a.attempt('groups.delete', { id: group.id })).toMatchObject({ ok: false, error: { code: 'service', status: 403 } });
    await o.run('groups.delete', { id: group.id });
    expect((await a.run('groups.list')).map((g) => g.id)).not.toContain(group.id);
  });

  it('lists the group’s invitations for its managers and revokes one', async () => {
    const o = appOf(owner);
    const group = await o.run('groups.create', { name: 'Revocations' });
    const [result] = await o.run('groups.invite', { id: group.id, emails: ['someone@example.org'], message: 'Join us' });
    expect((await o.run('groups.invitations', { id: group.id })).map((i) => [i.invitee_email, i.status])).toEqual([['someone@example.org', expect.stringMatching(/SENT|CREATED/)]]);
    await o.run('groups.revokeInvitation', { groupId: group.id, invitationId: result!.invitation_uuid! });
    expect((await o.run('groups.invitations', { id: group.id }))[0]?.status).toBe('REVOKED');
  });
});

describe('profiles and followers', () => {
  it('edits my profile, finds another by e-mail without showing it, and follows them once they accept', async () => {
    const o = appOf(owner);
    const a = appOf(asker);
    const me = await o.run('profiles.updateMe', { location: { name: 'Zürich, Switzerland', latitude: 47.37, longitude: 8.54 }, research_interests: 'sync, replicas' });
    expect(me).toMatchObject({ email: owner.email, location: { name: 'Zürich, Switzerland' }, research_interests: 'sync, replicas' });
    expect(await o.attempt('profiles.updateMe', { first_name: '  ' })).toMatchObject({ ok: false, error: { code: 'invalid', field: 'first_name' } });

    const [found] = await a.run('profiles.find', { email: owner.email });
    expect(found).toMatchObject({ id: owner.id, first_name: 'Olga' });
    expect(found).not.toHaveProperty('email');
    expect(await a.attempt('profiles.find', {} as never)).toMatchObject({ ok: false, error: { code: 'invalid' } });

    const request = await a.run('followers.request', { profileId: owner.id });
    expect(request.status).toBe('pending');
    expect((await o.run('followers.overview')).followers).toEqual([{ id: request.id, status: 'pending', profileId: asker.id, name: 'Ari Asker' }]);
    expect((await a.run('followers.overview')).following).toEqual([{ id: request.id, status: 'pending', profileId: owner.id, name: 'Olga Owens' }]);
    await o.run('followers.accept', { id: request.id });
    expect((await a.run('followers.overview')).following[0]?.status).toBe('following');
    await a.run('followers.remove', { id: request.id });
    expect((await o.run('followers.overview')).followers).toEqual([]);
  });
});

describe('profile photos', () => {
  // A real 1x1 PNG.
  const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

  it('uploads my photo from a data URL, shows it back as one, and removes it', async () => {
    const o = appOf(owner);
    const me = await o.run('profiles.setPhoto', { dataUrl: `data:image/png;base64,${png}` });
    expect(me.photos).toEqual([expect.objectContaining({ original: true, width: 1, height: 1 })]);
    expect(await o.run('profiles.photo', { url: me.photo!.original! })).toEqual({ dataUrl: `data:image/png;base64,${png}` });
    expect(await o.attempt('profiles.photo', { url: 'https://elsewhere.example/photo.png' })).toMatchObject({ ok: false, error: { code: 'invalid', field: 'url' } });
    expect(await o.attempt('profiles.setPhoto', { dataUrl: 'data:application/pdf;base64,JVBERi0=' })).toMatchObject({ ok: false, error: { code: 'invalid', message: 'Choose a PNG, JPEG or GIF image for your photo' } });
    expect(await o.attempt('profiles.setPhoto', { dataUrl: 'data:image/jpeg;base64,JVBERi0=' })).toMatchObject({ ok: false, error: { code: 'service', status: 400, message: 'The body is not a JPEG image' } });
    const removed = await o.run('profiles.removePhoto');
    expect(removed.photo).toBeUndefined();
  });
});

describe('vocabularies', () => {
  it('answers institution hints of 3 characters or more and location prefixes, accents ignored', async () => {
    const o = appOf(owner);
    expect(await o.run('vocabularies.institutions', { hint: 'Un' })).toEqual([]);
    const institutions = await o.run('vocabularies.institutions', { hint: 'Universit', limit: 5 });
    expect(institutions.length).toBe(5);
    expect(institutions.every((i) => /universit/i.test(i.name) || i.alt_names?.some((n) => /universit/i.test(n.name)))).toBe(true);
    const places = await o.run('vocabularies.locations', { prefix: 'zur', limit: 10 });
    expect(places.some((p) => p.name.startsWith('Zürich'))).toBe(true);
    expect(await o.attempt('vocabularies.locations', { prefix: 'zur', limit: 1000 })).toMatchObject({ ok: false, error: { code: 'invalid', field: 'limit' } });
    expect((await o.run('vocabularies.academicStatuses')).length).toBeGreaterThan(5);
    expect((await o.run('vocabularies.disciplines')).some((d) => /^Computer/.test(d.name) && d.subdisciplines.length > 0)).toBe(true);
  });
});

describe('without the service', () => {
  it('says network when the service cannot be reached, and signed_out when nobody is signed in', async () => {
    const offline = appOf(owner, {}, 'http://127.0.0.1:9');
    expect(await offline.attempt('groups.list')).toMatchObject({ ok: false, error: { code: 'network' } });
    expect(await offline.attempt('profiles.me')).toMatchObject({ ok: false, error: { code: 'network' } });
    // What this machine holds still answers.
    expect(await offline.run('groups.synced')).toEqual([]);
    const signedOut = appOf(owner, { signedIn: () => false });
    expect(await signedOut.attempt('groups.create', { name: 'x' })).toMatchObject({ ok: false, error: { code: 'signed_out' } });
    expect(await signedOut.attempt('groups.invite', { id: 'g', emails: [] })).toMatchObject({ ok: false, error: { code: 'invalid', field: 'emails' } });
  });
});
