// Submissions over real HTTP: which client is the submission system, what the author sees,
// and what a submission token lets other clients do (and not do).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService, type TestUser } from '../testing/testService.ts';
import { registerClient } from '../auth/accounts.ts';
import { grantSubmissionSystem } from './submissionSystems.ts';
import { SUBMISSION_DRAFT_PERMISSIONS } from '../../shared/schemas/dataset.ts';
import { datasetsClient, jsonOf, type Json } from './datasetsTesting.ts';

let service: TestService;
let api: ReturnType<typeof datasetsClient>;
let journal: Record<string, string>; // the submission system's client-credentials token
let otherSystem: Record<string, string>;
let author: TestUser;
let helper: TestUser; // another user's client acting for the author with the token
let stranger: TestUser;

async function clientAuth(name: string, grantedSystem?: string): Promise<Record<string, string>> {
  const client = await registerClient(service.ctx.db, { name, redirectUris: ['http://127.0.0.1/cb'] });
  if (grantedSystem) await grantSubmissionSystem(service.ctx.db, grantedSystem, client.id);
  const issued = await service.ctx.tokens.issue(client.id, null, 'all', false);
  return { Authorization: `Bearer ${issued.accessToken}` };
}

beforeAll(async () => {
  service = await startTestService();
  api = datasetsClient(service);
  journal = await clientAuth('journal workflow', 'elsevier-ees');
  otherSystem = await clientAuth('another workflow', 'other-journal');
  author = await service.createUser({ email: 'author@example.org' });
  helper = await service.createUser();
  stranger = await service.createUser();
});
afterAll(async () => service.stop());

const createSubmission = (auth: Record<string, string>, system: string, body: unknown) =>
  api.send('POST', `/datasets/submissions/${system}`, auth, body, api.mt.submissionCreation, api.mt.submission);
const submissionBody = (id: string, email = 'Author@Example.org') => ({
  id, owner: { email }, submission_data: { title: 'Bees and flowers', authors: [{ first_name: 'A', last_name: 'Author', email, webuser_id: 7 }] },
});

describe('registering submissions', () => {
  it('creates a submission with a generated token for the system client (201)', async () => {
    const res = await createSubmission(journal, 'elsevier-ees', submissionBody('S-1'));
    expect(res.status, await res.clone().text()).toBe(201);
    expect(res.headers.get('content-type')).toContain(api.mt.submission);
    expect(res.headers.get('location')).toBe(`${service.url}/datasets/submissions/elsevier-ees/S-1`);
    const sub = await jsonOf(res);
    expect(sub).toMatchObject({ id: 'S-1', owner: { email: 'author@example.org' }, submission_data: { title: 'Bees and flowers' }, datasets: [] });
    expect(String(sub.submission_token).length).toBeGreaterThanOrEqual(24);
  });

  it('refuses user tokens, other clients on a taken system name, duplicates and bad bodies', async () => {
    expect((await createSubmission(author.auth, 'elsevier-ees', submissionBody('S-x'))).status).toBe(403);
    expect((await createSubmission(otherSystem, 'elsevier-ees', submissionBody('S-y'))).status).toBe(404);
    expect((await createSubmission(journal, 'elsevier-ees', submissionBody('S-1'))).status).toBe(409);
    expect((await createSubmission(journal, 'elsevier-ees', { id: 'S-2' })).status).toBe(400);
    expect((await createSubmission(journal, 'elsevier-ees', { id: 'S-2', owner: { email: 'not an email' } })).status).toBe(400);
    expect((await createSubmission(journal, 'bad system!', submissionBody('S-2'))).status).toBe(400);
    const wrongType = await api.send('POST', '/datasets/submissions/elsevier-ees', journal, submissionBody('S-3'), api.mt.submissionModification);
    expect(wrongType.status).toBe(415);
    // Another client can own a different system name, granted by an administrator...
    expect((await createSubmission(otherSystem, 'other-journal', submissionBody('S-1'))).status).toBe(201);
    // ...and a name nobody was granted cannot be claimed by using it first.
    expect((await createSubmission(otherSystem, 'unclaimed-journal', submissionBody('S-1'))).status).toBe(404);
    expect((await createSubmission(journal, 'unclaimed-journal', submissionBody('S-1'))).status).toBe(404);
  });

  it('shows a submission to its system and its author only', async () => {
    const path = '/datasets/submissions/elsevier-ees/S-1';
    expect((await api.get(path, journal)).status).toBe(200);
    const forAuthor = await api.get(path, author.auth);
    expect(forAuthor.status).toBe(200);
    const seenByAuthor = await jsonOf(forAuthor);
    expect(seenByAuthor.owner).toEqual({ email: 'author@example.org' });
    // The token is the submission system's to hand out, not shown to the author's clients.
    expect(seenByAuthor).not.toHaveProperty('submission_token');
    expect((await api.get(path, stranger.auth)).status).toBe(404);
    expect((await api.get(path, otherSystem)).status).toBe(404);
    expect((await api.get('/datasets/submissions/elsevier-ees/none', journal)).status).toBe(404);
  });

  it('modifies a submission for its system (201, as the spec states) and 404 for others', async () => {
    await createSubmission(journal, 'elsevier-ees', submissionBody('S-mod'));
    const patch = (auth: Record<string, string>, body: unknown) =>
      api.send('PATCH', '/datasets/submissions/elsevier-ees/S-mod', auth, body, api.mt.submissionModification, api.mt.submission);
    const res = await patch(journal, { id: 'S-mod', owner: { email: 'author@example.org' }, submission_data: { title: 'Renamed' } });
    expect(res.status).toBe(201);
    const sub = await jsonOf(res);
    expect(sub.submission_data).toEqual({ title: 'Renamed' });
    expect((await patch(otherSystem, { id: 'S-mod', owner: { email: 'x@example.org' } })).status).toBe(404);
    expect((await patch(author.auth, { id: 'S-mod', owner: { email: 'x@example.org' } })).status).toBe(404);
    expect((await patch(journal, { id: 'S-other', owner: { email: 'x@example.org' } })).status).toBe(400);
    const token = String(sub.submission_token);
    expect((await jsonOf(await api.get('/datasets/submissions/elsevier-ees/S-mod', journal))).submission_token).toBe(token);
  });
});

describe('datasets of a submission', () => {
  let token: string;
  let draft: Json;
  const base = '/datasets/submissions/elsevier-ees/S-ds/datasets';

  beforeAll(async () => {
    token = String((await jsonOf(await createSubmission(journal, 'elsevier-ees', submissionBody('S-ds')))).submission_token);
  });

  it('creates a draft under the submission with the token (201), showing the submission permission names', async () => {
    const ticket = await api.upload(helper, 'submission bytes', 'text/plain');
    const res = await api.send('POST', `${base}?submission_token=${token}`, helper.auth, {
      description: 'Data behind the article',
      files: [{ filename: 'data.txt', content_details: { id: ticket } }],
      contributors: [{ last_name: 'Author', email: 'author@example.org', institution: { name: 'Leiden University' } }],
    }, api.mt.datasetCreationRequest, api.mt.draftDataset);
    expect(res.status, await res.clone().text()).toBe(201);
    draft = await jsonOf(res);
    expect(draft.permissions).toEqual([...SUBMISSION_DRAFT_PERMISSIONS]);
    expect(draft).toMatchObject({
      name: 'Data for: Bees and flowers',
      owner: { email: 'author@example.org' },
      owner_id: author.id,
      institutions: [{ name: 'Leiden University' }],
      version: 1,
    });
    expect(draft.view_token).toBe(draft.access_code);
    expect(draft.created_date).toBeTruthy();
    expect(Array.isArray(draft.related_links)).toBe(true);
    expect((draft.files as Json[])).toHaveLength(1);
    expect((await jsonOf(await api.get('/datasets/submissions/elsevier-ees/S-ds', journal))).datasets).toEqual([{ id: draft.id, version: 1 }]);
  });

  it('lists the submission datasets with the token, trimmed by fields', async () => {
    const ids = await api.get(`${base}?submission_token=${token}`, journal);
    expect(ids.status).toBe(200);
    expect(await ids.json()).toEqual([{ id: draft.id }]);
    const named = (await (await api.get(`${base}?submission_token=${token}&fields=name,owner.email`, stranger.auth)).json()) as Json[];
    expect(named).toEqual([{ id: draft.id, name: 'Data for: Bees and flowers', owner: { email: 'author@example.org' } }]);
  });

  it('gives the author the author role and full rights without a token', async () => {
    const mine = (await (await api.get('/datasets/drafts?roles=author&fields=roles', author.auth)).json()) as Json[];
    expect(mine).toContainEqual({ id: draft.id, roles: ['owner', 'author'] });
    expect((await api.patch(String(draft.id), author.auth, { name: 'Renamed by author' })).status).toBe(200);
  });

  it('lets a token holder modify and publish that draft, and nothing else', async () => {
    const id = String(draft.id);
    const patched = await api.patch(id, helper.auth, { categories: [{ label: 'Natural Sciences' }] }, `?submission_token=${token}`);
    expect(patched.status).toBe(200);
    const published = await api.publish(id, helper.auth, undefined, `?submission_token=${token}`);
    expect(published.status, await published.clone().text()).toBe(200);
    expect((await jsonOf(published)).version).toBe(1);

    // Without the token, or with it on a draft outside the submission: 404.
    expect((await api.patch(id, helper.auth, { name: 'x' })).status).toBe(404);
    const unrelated = await api.createOk(stranger, { name: 'Unrelated' });
    expect((await api.get(`/datasets/drafts/${String(unrelated.id)}?submission_token=${token}`, helper.auth)).status).toBe(404);
    expect((await api.patch(String(unrelated.id), helper.auth, { name: 'x' }, `?submission_token=${token}`)).status).toBe(404);
  });

  it('isolates submissions: a token opens only its own submission', async () => {
    const other = await jsonOf(await createSubmission(journal, 'elsevier-ees', submissionBody('S-iso')));
    const otherToken = String(other.submission_token);
    expect((await api.get(`${base}?submission_token=${otherToken}`, helper.auth)).status).toBe(404);
    expect((await api.get(`${base}?submission_token=wrong`, helper.auth)).status).toBe(404);
    expect((await api.get(base, helper.auth)).status).toBe(400);
    expect((await api.get(`/datasets/submissions/other-journal/S-ds/datasets?submission_token=${token}`, helper.auth)).status).toBe(404);
    const del = await service.fetch(`${base}/${String(draft.id)}?submission_token=${otherToken}`, { method: 'DELETE', headers: helper.auth });
    expect(del.status).toBe(404);
  });

  it('unlinks a dataset (204): it leaves the submission, the draft stays with its owner', async () => {
    const id = String(draft.id);
    const res = await service.fetch(`${base}/${id}?submission_token=${token}`, { method: 'DELETE', headers: helper.auth });
    expect(res.status).toBe(204);
    expect(await (await api.get(`${base}?submission_token=${token}`, journal)).json()).toEqual([]);
    expect((await api.get(`/datasets/drafts/${id}?submission_token=${token}`, helper.auth)).status).toBe(404);
    const owned = await jsonOf(await api.get(`/datasets/drafts/${id}`, author.auth));
    expect(owned.roles).toEqual(['owner']);
    expect(owned.permissions).toContain('Publish');
    expect((await api.get(`/datasets/${id}`, stranger.auth)).status).toBe(200);
    expect((await service.fetch(`${base}/${id}?submission_token=${token}`, { method: 'DELETE', headers: helper.auth })).status).toBe(404);
  });
});
