import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService, type TestUser } from '../testing/testService.ts';
import { ACADEMIC_STATUSES, BIOGRAPHY_MAX, type OwnProfile, type PublicProfile } from '../../shared/schemas/profile.ts';

let service: TestService;
let media: string;
beforeAll(async () => {
  service = await startTestService();
  media = service.ctx.mediaTypes.profiles;
});
afterAll(async () => service.stop());

function get(user: TestUser | string, path: string): Promise<Response> {
  const auth = typeof user === 'string' ? { Authorization: `Bearer ${user}` } : user.auth;
  return service.fetch(path, { headers: { ...auth, Accept: media } });
}

function patch(user: TestUser, body: unknown, contentType = service.ctx.mediaTypes.profileAmendment): Promise<Response> {
  return service.fetch('/profiles/me', {
    method: 'PATCH',
    headers: { ...user.auth, Accept: media, 'Content-Type': contentType },
    body: JSON.stringify(body),
  });
}

async function expectError(res: Response, status: number, message: string | RegExp): Promise<void> {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await res.json()) as { message: string };
  if (typeof message === 'string') expect(body).toEqual({ message });
  else expect(body.message).toMatch(message);
}

const fullAmendment = {
  title: 'Dr.',
  biography: 'Studies basket weaving.',
  research_interests: 'baskets, weaving',
  academic_status: 'Senior Lecturer',
  discipline: { name: 'Arts and Literature', subdisciplines: ['Crafts'] },
  disciplines: [{ name: 'Arts and Literature', subdisciplines: ['Crafts'] }, { name: 'Design' }],
  location: { name: 'Lisbon, Portugal', latitude: 38.72, longitude: -9.14 },
  education: [{ institution: 'University of Somewhere', degree: 'PhD', start_date: '2005-09-01', end_date: '2009-07-01', website: 'https://example.org' }],
  employment: [
    { institution: 'Old College', position: 'Lecturer', start_date: '2009-09-01', end_date: '2015-07-31', is_main_employment: false },
    { institution: 'Institute of Weaving', position: 'Senior Lecturer', start_date: '2015-09-01', classes: ['Weaving 101'], is_main_employment: true },
  ],
  marketing: true,
};

describe('GET /profiles/me', () => {
  it('returns the caller’s full profile with email and omits absent attributes', async () => {
    const user = await service.createUser({ first_name: 'Ada', last_name: 'Weaver' });
    const res = await get(user, '/profiles/me');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain(media);
    expect(await res.json()).toEqual({
      id: user.id,
      first_name: 'Ada',
      last_name: 'Weaver',
      display_name: 'Ada Weaver',
      email: user.email,
      link: `${service.url}/profiles/v/${user.id}`,
      verified: true, // test users have a verified address unless asked otherwise
      user_type: 'normal',
      created: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
  });

  it('answers a client-credentials token with 400 "No userid found in auth token"', async () => {
    await expectError(await get(await service.clientToken(), '/profiles/me'), 400, 'No userid found in auth token');
  });

  it('answers 401 without a token or with a bad one', async () => {
    expect((await service.fetch('/profiles/me')).status).toBe(401);
    await expectError(await get('not-a-token', '/profiles/me'), 401, /Invalid access token/);
  });
});

describe('GET /profiles/{id}', () => {
  let owner: TestUser;
  let viewer: TestUser;
  beforeAll(async () => {
    owner = await service.createUser({ first_name: 'Grace', last_name: 'Loom' });
    viewer = await service.createUser();
    expect((await patch(owner, fullAmendment)).status).toBe(200);
  });

  it('shows another user’s profile without email or marketing', async () => {
    const res = await get(viewer, `/profiles/${owner.id}`);
    expect(res.status).toBe(200);
    const profile = (await res.json()) as Record<string, unknown>;
    expect(profile).toMatchObject({ id: owner.id, first_name: 'Grace', last_name: 'Loom', display_name: 'Dr. Grace Loom', institution: 'Institute of Weaving', academic_status: 'Senior Lecturer' });
    expect(profile).not.toHaveProperty('email');
    expect(profile).not.toHaveProperty('marketing');
    expect(JSON.stringify(profile)).not.toContain(owner.email);
  });

  it('accepts a client-credentials token', async () => {
    const res = await get(await service.clientToken(), `/profiles/${owner.id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).not.toHaveProperty('email');
  });

  it('answers 404 "profile not found" for unknown ids', async () => {
    await expectError(await get(viewer, '/profiles/00000000-0000-4000-8000-000000000000'), 404, 'profile not found');
    await expectError(await get(viewer, `/profiles/${'x'.repeat(300)}`), 404, 'profile not found');
  });
});

describe('GET /profiles lookups', () => {
  let target: TestUser;
  let caller: TestUser;
  beforeAll(async () => {
    target = await service.createUser({ email: `Mixed.Case-${Date.now()}@Example.org` });
    caller = await service.createUser();
  });

  it('finds a profile by exact e-mail, ignoring case, without showing the e-mail', async () => {
    const res = await get(caller, `/profiles?email=${encodeURIComponent(target.email.toUpperCase())}`);
    expect(res.status).toBe(200);
    const found = (await res.json()) as PublicProfile[];
    expect(found.map((p) => p.id)).toEqual([target.id]);
    expect(found[0]).not.toHaveProperty('email');
    const partial = await get(caller, `/profiles?email=${encodeURIComponent(target.email.slice(1))}`);
    expect(await partial.json()).toEqual([]);
  });

  it('finds a profile by its link', async () => {
    const own = (await (await get(target, '/profiles/me')).json()) as OwnProfile;
    const res = await get(caller, `/profiles?link=${encodeURIComponent(own.link)}`);
    expect(((await res.json()) as PublicProfile[]).map((p) => p.id)).toEqual([target.id]);
    expect(await (await get(caller, `/profiles?link=${encodeURIComponent('not a url')}`)).json()).toEqual([]);
    expect(await (await get(caller, `/profiles?link=${encodeURIComponent(`${service.url}/profiles/v/unknown`)}`)).json()).toEqual([]);
  });

  it('finds a profile by Scopus author id, exactly', async () => {
    expect((await patch(target, { scopus_author_id: '7004212771' })).status).toBe(200);
    const res = await get(caller, '/profiles?scopus_author_id=7004212771');
    expect(((await res.json()) as PublicProfile[]).map((p) => p.id)).toEqual([target.id]);
    expect(await (await get(caller, '/profiles?scopus_author_id=700421277')).json()).toEqual([]);
    expect(await (await get(caller, '/profiles?scopus_author_id=%25')).json()).toEqual([]);
  });

  it('answers [] when nothing matches', async () => {
    const res = await get(caller, '/profiles?email=nobody@example.org');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
  });

  it('needs exactly one filter', async () => {
    await expectError(await get(caller, '/profiles'), 400, 'No filter specified');
    await expectError(await get(caller, `/profiles?email=${encodeURIComponent(target.email)}&link=x`), 400, 'Conflicting filters specified');
    await expectError(await get(caller, '/profiles?scopus_author_id=1&email=a@b.c'), 400, 'Conflicting filters specified');
  });
});

describe('PATCH /profiles/me', () => {
  it('amends every field and answers the full updated profile', async () => {
    const user = await service.createUser({ first_name: 'Old', last_name: 'Name' });
    const res = await patch(user, { ...fullAmendment, first_name: 'New' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain(media);
    const updated = (await res.json()) as OwnProfile;
    expect(updated).toEqual({
      ...fullAmendment,
      id: user.id,
      first_name: 'New',
      last_name: 'Name',
      display_name: 'Dr. New Name',
      email: user.email,
      link: `${service.url}/profiles/v/${user.id}`,
      verified: true,
      user_type: 'normal',
      created: expect.any(String),
      institution: 'Institute of Weaving',
    });
    expect(await (await get(user, '/profiles/me')).json()).toEqual(updated);
  });

  it('accepts application/json and leaves omitted fields unchanged', async () => {
    const user = await service.createUser();
    await patch(user, { biography: 'First.', research_interests: 'a, b' });
    const res = await patch(user, { biography: 'Second.' }, 'application/json');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ biography: 'Second.', research_interests: 'a, b' });
  });

  it('clears optional fields with null but not the names', async () => {
    const user = await service.createUser();
    await patch(user, fullAmendment);
    const res = await patch(user, { biography: null, location: null, employment: null, title: null, marketing: null });
    expect(res.status).toBe(200);
    const cleared = (await res.json()) as Record<string, unknown>;
    for (const field of ['biography', 'location', 'employment', 'title', 'marketing', 'institution']) expect(cleared).not.toHaveProperty(field);
    expect(cleared.education).toEqual(fullAmendment.education);
    expect(cleared.display_name).toBe(`${cleared.first_name} ${cleared.last_name}`);
    await expectError(await patch(user, { first_name: null }), 400, /first_name/);
    await expectError(await patch(user, { last_name: '   ' }), 400, /last_name cannot be blank/);
  });

  it('answers {} with the unchanged profile', async () => {
    const user = await service.createUser();
    const before = await (await get(user, '/profiles/me')).json();
    const res = await patch(user, {});
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(before);
  });

  it('accepts each of the 15 academic statuses and refuses any other', async () => {
    const user = await service.createUser();
    expect(ACADEMIC_STATUSES).toHaveLength(15);
    for (const status of ACADEMIC_STATUSES) {
      const res = await patch(user, { academic_status: status });
      expect(res.status).toBe(200);
      expect(((await res.json()) as OwnProfile).academic_status).toBe(status);
    }
    await expectError(await patch(user, { academic_status: 'Wizard' }), 400, /academic_status must be one of: Post Doc/);
  });

  it.each([
    ['a first name over 255', { first_name: 'x'.repeat(256) }, /first_name/],
    ['a biography over the limit', { biography: 'x'.repeat(BIOGRAPHY_MAX + 1) }, /biography/],
    ['an education institution over 255', { education: [{ institution: 'x'.repeat(256) }] }, /education\.0\.institution/],
    ['an education degree over 100', { education: [{ degree: 'x'.repeat(101) }] }, /degree/],
    ['an employment position over 100', { employment: [{ position: 'x'.repeat(101) }] }, /position/],
    ['an employment website over 255', { employment: [{ website: 'x'.repeat(256) }] }, /website/],
    ['a date that is not a date', { education: [{ start_date: 'last spring' }] }, /start_date/],
    ['a non-boolean main employment', { employment: [{ is_main_employment: 'yes' }] }, /is_main_employment/],
    ['a latitude beyond 90', { location: { name: 'Pole', latitude: 91, longitude: 0 } }, /latitude/],
    ['a discipline without a name', { discipline: { subdisciplines: [] } }, /discipline/],
    ['marketing as a string', { marketing: 'true' }, /marketing/],
    ['an unknown field', { favourite_colour: 'blue' }, /unknown field "favourite_colour"/],
  ])('refuses %s', async (_name, body, message) => {
    const user = await service.createUser();
    await expectError(await patch(user, body), 400, message);
    const profile = (await (await get(user, '/profiles/me')).json()) as Record<string, unknown>;
    for (const field of Object.keys(body)) if (field !== 'first_name') expect(profile).not.toHaveProperty(field);
  });

  it('refuses to change email or id here', async () => {
    const user = await service.createUser();
    await expectError(await patch(user, { email: 'new@example.org' }), 400, 'email cannot be changed through PATCH /profiles/me');
    await expectError(await patch(user, { id: 'someone-else', biography: 'x' }), 400, /id cannot be changed/);
    const profile = (await (await get(user, '/profiles/me')).json()) as OwnProfile;
    expect(profile.email).toBe(user.email);
    expect(profile).not.toHaveProperty('biography');
  });

  it('answers 400 to malformed JSON and 415 to other content types', async () => {
    const user = await service.createUser();
    const bad = await service.fetch('/profiles/me', { method: 'PATCH', headers: { ...user.auth, 'Content-Type': 'application/json' }, body: '{"biography":' });
    await expectError(bad, 400, /not valid JSON/);
    const text = await service.fetch('/profiles/me', { method: 'PATCH', headers: { ...user.auth, 'Content-Type': 'text/plain' }, body: 'x' });
    expect(text.status).toBe(415);
  });
});

describe('token expiry', () => {
  let shortLived: TestService;
  // The service's own clock, moved forward instead of waiting for the token to age.
  let skew = 0;
  beforeAll(async () => {
    shortLived = await startTestService({ tokenLifetimeSeconds: 1 }, { now: () => Date.now() + skew });
  });
  afterAll(async () => shortLived.stop());

  it('answers 401 "Token has expired" once the token has expired', async () => {
    const user = await shortLived.createUser();
    expect((await shortLived.fetch('/profiles/me', { headers: user.auth })).status).toBe(200);
    skew += 1000;
    const res = await shortLived.fetch('/profiles/me', { headers: user.auth });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Token has expired' });
  });
});
