// The vocabularies over real HTTP, on the shipped data (resources/vocabularies).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import { startTestService, type TestService, type TestUser } from '../testing/testService.ts';
import { mediaTypes } from '../../shared/vendor.ts';
import { ACADEMIC_STATUSES } from '../../shared/schemas/profile.ts';
import { Institution, InstitutionTree, isCompleteTree, Location } from '../../shared/schemas/vocabulary.ts';
import { vocabularySettings } from './vocabularySettings.ts';
import { institutionIndex } from './vocabularyData.ts';

const mt = mediaTypes();
const OXFORD = '60b221fb-4faa-561c-9127-8cf8143e2992';
const KAROLINSKA_INSTITUTET = 'd34419a1-f6f7-5c92-ae68-17a2f5028677';
const KAROLINSKA_HOSPITAL = '7c8d7410-e13c-58da-997c-cf3c9fe8e15f';
const AICHI_MEDICAL_CENTER = '29475812-d508-54a4-b4ae-8cef782b9d51'; // child of Aichi Medical University
const AICHI_MEDICAL_UNIVERSITY = 'abdc5115-6ffe-5ea5-b96a-04f76f5a439e';
const US_GOVERNMENT = '0352ed34-12f6-5f19-a461-296bddcff84e'; // the largest tree: 828 institutions
const CNRS = '0b4b5722-2397-573a-bc96-22ba50146917'; // the next largest: 599
const ZURICH = '88500fcd-2aac-5b9b-92d8-3a5c7b8c244e';
const MUNICH = 'df3703ef-9991-5a25-9efe-31b2c2950397';

let service: TestService;
let user: TestUser;
let clientAuth: { Authorization: string };
const defaults = { ...vocabularySettings };

beforeAll(async () => {
  service = await startTestService();
  user = await service.createUser();
  clientAuth = { Authorization: `Bearer ${await service.clientToken()}` };
});

afterAll(async () => {
  await service?.stop();
});

afterEach(() => {
  Object.assign(vocabularySettings, defaults);
});

async function getJson<T = unknown>(path: string, headers: Record<string, string> = clientAuth): Promise<{ status: number; body: T; type: string }> {
  const response = await service.fetch(path, { headers });
  return { status: response.status, body: (await response.json()) as T, type: response.headers.get('content-type') ?? '' };
}

const names = (list: Institution[]) => list.map((i) => i.name);
const ids = (list: { id: string }[]) => list.map((i) => i.id);

describe('fixed vocabularies', () => {
  it('lists the academic statuses under the media type as the spec writes it', async () => {
    const { status, body, type } = await getJson<{ description: string }[]>('/academic_statuses');
    expect(status).toBe(200);
    expect(type).toContain('application/vnd.academic_status.1+json');
    expect(body.map((s) => s.description)).toEqual([...ACADEMIC_STATUSES]);
  });

  it('lists the disciplines and identifier types', async () => {
    const disciplines = await getJson<{ name: string; subdisciplines: string[] }[]>('/disciplines');
    expect(disciplines.status).toBe(200);
    expect(disciplines.type).toContain(mt.discipline);
    expect(disciplines.body).toHaveLength(25);
    expect(disciplines.body.find((d) => d.name === 'Arts and Literature')?.subdisciplines).toContain('Folklore');
    const types = await getJson<{ name: string }[]>('/identifier_types');
    expect(types.type).toContain(mt.identifierType);
    expect(types.body.map((t) => t.name)).toEqual(['arxiv', 'doi', 'isbn', 'issn', 'pmid', 'scopus']);
  });

  it('takes user tokens as well as client tokens, and refuses requests without one', async () => {
    expect((await getJson('/disciplines', user.auth)).status).toBe(200);
    expect((await service.fetch('/disciplines')).status).toBe(401);
    expect((await service.fetch('/institutions?hint=oxford')).status).toBe(401);
    expect((await service.fetch('/locations?prefix=Zur', { headers: { Authorization: 'Bearer nonsense' } })).status).toBe(401);
  });

  it('answers 406 to an Accept it cannot produce', async () => {
    const response = await service.fetch('/disciplines', { headers: { ...clientAuth, Accept: 'text/html' } });
    expect(response.status).toBe(406);
  });
});

describe('GET /institutions', () => {
  it('matches a hint of three or more characters against names and alternative names, any case', async () => {
    const { status, body, type } = await getJson<Institution[]>('/institutions?hint=OXFORD');
    expect(status).toBe(200);
    expect(type).toContain(mt.institution);
    expect(body.length).toBeGreaterThan(5);
    for (const institution of body) {
      expect(Value.Check(Institution, institution)).toBe(true);
      const all = [institution.name, ...(institution.alt_names ?? []).map((a) => a.name)].join(' ').toLowerCase();
      expect(all).toContain('oxford');
    }
    expect(ids(body)).toContain(OXFORD);
    // "Prifysgol Rhydychen" is only an alternative name of the University of Oxford.
    const welsh = (await getJson<Institution[]>('/institutions?hint=rhydychen')).body;
    expect(ids(welsh)).toContain(OXFORD);
    expect(welsh.find((i) => i.id === OXFORD)?.name).not.toMatch(/rhydychen/i);
  });

  it('refuses hints shorter than three characters with a message', async () => {
    for (const hint of ['', 'ox', '%20ox%20', '%20%20%20%20', 'o%20x', 'o%09%09x']) {
      const { status, body } = await getJson<{ message: string }>(`/institutions?hint=${hint}`);
      expect(status).toBe(400);
      expect(body.message).toMatch(/hint/);
    }
    expect((await getJson('/institutions?hint=oxf')).status).toBe(200);
  });

  it('ignores accents in hints', async () => {
    const accented = await getJson<Institution[]>('/institutions?hint=z%C3%BCrich&limit=100');
    const plain = await getJson<Institution[]>('/institutions?hint=zurich&limit=100');
    expect(names(plain.body)).toContain('ETH Zurich');
    expect(names(accented.body)).toContain('ETH Zurich');
  });

  it('gives at most 100 results without a limit, honours a limit and refuses one above 100', async () => {
    expect((await getJson<Institution[]>('/institutions?hint=university')).body).toHaveLength(100);
    expect((await getJson<Institution[]>('/institutions?hint=university&limit=7')).body).toHaveLength(7);
    expect((await getJson('/institutions?hint=university&limit=101')).status).toBe(400);
    expect((await getJson('/institutions?hint=university&limit=0')).status).toBe(400);
    expect((await getJson('/institutions?hint=university&limit=many')).status).toBe(400);
  });

  it('matches an e-mail domain against url hosts without www, exact matches before partial ones', async () => {
    // The University of Oxford's url is https://www.ox.ac.uk; its units have hosts under ox.ac.uk.
    const exact = (await getJson<Institution[]>('/institutions?email=someone%40ox.ac.uk')).body;
    expect(exact[0]?.id).toBe(OXFORD);
    expect(names(exact.slice(1))).toEqual(expect.arrayContaining(['Kennedy Institute of Rheumatology', 'Centre for Human Genetics']));
    // A department's address finds the university (partial match).
    expect(ids((await getJson<Institution[]>('/institutions?email=someone%40cs.ox.ac.uk')).body)).toEqual([OXFORD]);
    expect((await getJson<Institution[]>('/institutions?email=someone%40kennedy.ox.ac.uk')).body[0]?.name).toBe('Kennedy Institute of Rheumatology');
    expect((await getJson<Institution[]>('/institutions?email=someone%40no-such-domain.invalid')).body).toEqual([]);
  });

  it('matches a name exactly, any case, narrowed by city, state and country', async () => {
    const all = (await getJson<Institution[]>('/institutions?name=escp%20business%20school')).body;
    expect(all.map((i) => i.country).sort()).toEqual(['France', 'Germany', 'Spain', 'United Kingdom']);
    expect((await getJson<Institution[]>('/institutions?name=ESCP%20Business%20School&country=germany')).body.map((i) => i.city)).toEqual(['Berlin']);
    expect((await getJson<Institution[]>('/institutions?name=ESCP%20Business%20School&city=London')).body.map((i) => i.country)).toEqual(['United Kingdom']);
    expect((await getJson<Institution[]>('/institutions?name=ESCP%20Business%20School&state=Madrid&country=Spain')).body).toHaveLength(1);
    expect((await getJson<Institution[]>('/institutions?name=ESCP%20Business%20School&state=Madrid&country=France')).body).toEqual([]);
    expect((await getJson<Institution[]>('/institutions?name=ESCP%20Business')).body).toEqual([]);
  });

  it('narrows hints by place and lists a place alone', async () => {
    const inSweden = (await getJson<Institution[]>('/institutions?hint=karolinska&country=Sweden')).body;
    expect(inSweden.length).toBeGreaterThan(0);
    expect(inSweden.every((i) => i.country === 'Sweden')).toBe(true);
    const oxfordCity = (await getJson<Institution[]>('/institutions?city=Oxford&country=United%20Kingdom&limit=50')).body;
    expect(oxfordCity).toHaveLength(50);
    expect(oxfordCity.every((i) => i.city === 'Oxford')).toBe(true);
  });

  it('refuses a request with no filter or with two kinds of search', async () => {
    expect((await getJson('/institutions')).status).toBe(400);
    expect((await getJson('/institutions?hint=oxford&name=University%20of%20Oxford')).status).toBe(400);
  });

  it('orders results by the number of profiles naming the institution', async () => {
    vocabularySettings.institutionSizeRefreshMs = 0;
    const before = ids((await getJson<Institution[]>('/institutions?hint=karolinska')).body);
    expect(before.indexOf(KAROLINSKA_HOSPITAL)).toBeGreaterThan(before.indexOf(KAROLINSKA_INSTITUTET));
    const amend = (who: TestUser, body: unknown) =>
      service.fetch('/profiles/me', {
        method: 'PATCH',
        headers: { ...who.auth, 'Content-Type': mt.profileAmendment },
        body: JSON.stringify(body),
      });
    const staff = [user, await service.createUser()];
    for (const who of staff) {
      expect((await amend(who, { employment: [{ institution: 'Karolinska University Hospital', position: 'Nurse' }] })).status).toBe(200);
    }
    const after = ids((await getJson<Institution[]>('/institutions?hint=karolinska')).body);
    expect(after[0]).toBe(KAROLINSKA_HOSPITAL);
    // Education counts too; three students of the Institutet outweigh two employees.
    for (let i = 0; i < 3; i++) {
      const student = await service.createUser();
      expect((await amend(student, { education: [{ institution: 'karolinska institutet', degree: 'MD' }] })).status).toBe(200);
    }
    const later = ids((await getJson<Institution[]>('/institutions?hint=karolinska')).body);
    expect(later.slice(0, 2)).toEqual([KAROLINSKA_INSTITUTET, KAROLINSKA_HOSPITAL]);
    // The size order also applies to name and e-mail searches' ties and to a place listing.
    expect(ids((await getJson<Institution[]>('/institutions?city=Stockholm&limit=2')).body)).toEqual([KAROLINSKA_INSTITUTET, KAROLINSKA_HOSPITAL]);
    // Leaving the hospital moves it back.
    for (const who of staff) expect((await amend(who, { employment: [] })).status).toBe(200);
    const last = ids((await getJson<Institution[]>('/institutions?hint=karolinska')).body);
    expect(last).toEqual([KAROLINSKA_INSTITUTET, ...before.filter((id) => id !== KAROLINSKA_INSTITUTET)]);
  });

  it('gets one institution by id, 404 for unknown ids', async () => {
    const { status, body } = await getJson<Institution>(`/institutions/${OXFORD}`);
    expect(status).toBe(200);
    expect(body.name).toBe('University of Oxford');
    expect(body.urls).toContain('https://www.ox.ac.uk');
    expect(body).not.toHaveProperty('parent_id');
    expect((await getJson('/institutions/00000000-0000-5000-8000-000000000000')).status).toBe(404);
    expect((await getJson('/institutions/not-an-id')).status).toBe(404);
  });
});

describe('institution trees', () => {
  it('returns the whole tree containing an institution, rooted at its topmost ancestor', async () => {
    const { status, body, type } = await getJson<InstitutionTree[]>(`/institution_trees?institution_id=${AICHI_MEDICAL_CENTER}`);
    expect(status).toBe(200);
    expect(type).toContain(mt.institutionTree);
    expect(body).toHaveLength(1);
    const tree = body[0]!;
    expect(Value.Check(InstitutionTree, tree)).toBe(true);
    expect(tree.id).toBe(AICHI_MEDICAL_UNIVERSITY);
    expect(isCompleteTree(tree)).toBe(true);
    expect(ids(tree.institution_nodes)).toContain(AICHI_MEDICAL_CENTER);
    for (const node of tree.institution_nodes) if (node.id !== tree.id) expect(ids(tree.institution_nodes)).toContain(node.parent_id);
  });

  it('roots GET /institution_trees/{id} at that id: partial under a parent, complete at the top', async () => {
    const partial = (await getJson<InstitutionTree>(`/institution_trees/${AICHI_MEDICAL_CENTER}`)).body;
    expect(partial.id).toBe(AICHI_MEDICAL_CENTER);
    expect(isCompleteTree(partial)).toBe(false);
    expect(partial.institution_nodes[0]?.parent_id).toBe(AICHI_MEDICAL_UNIVERSITY);
    const complete = (await getJson<InstitutionTree>(`/institution_trees/${AICHI_MEDICAL_UNIVERSITY}`)).body;
    expect(isCompleteTree(complete)).toBe(true);
    expect(complete.institution_nodes.length).toBeGreaterThan(partial.institution_nodes.length);
  });

  it('serves large trees up to the limit and answers 403 above it, with the bundled data', async () => {
    // The whole US government tree (828 institutions, 311 kB of JSON) is over the default limit...
    const whole = await getJson<{ message: string }>(`/institution_trees/${US_GOVERNMENT}`);
    expect(whole.status).toBe(403);
    expect(whole.body.message).toMatch(/too large: its 828 institutions take 312 kB and at most 263 kB/);
    expect((await getJson(`/institution_trees?institution_id=${US_GOVERNMENT}`)).status).toBe(403);
    // ...the next largest tree is served whole, and its size is the answer's real size.
    const cnrs = await getJson<InstitutionTree>(`/institution_trees/${CNRS}`);
    expect(cnrs.status).toBe(200);
    expect(cnrs.body.institution_nodes).toHaveLength(599);
    expect(new Set(ids(cnrs.body.institution_nodes)).size).toBe(599);
    expect(Buffer.byteLength(JSON.stringify(cnrs.body.institution_nodes))).toBe(institutionIndex().subtreeBytes(institutionIndex().positionOf(CNRS)!));
    // Raised above it, the US tree is served whole.
    vocabularySettings.institutionTreeMaxBytes = 320_000;
    const big = await getJson<InstitutionTree>(`/institution_trees/${US_GOVERNMENT}`);
    expect(big.status).toBe(200);
    expect(big.body.institution_nodes).toHaveLength(828);
    vocabularySettings.institutionTreeMaxBytes = 1;
    expect((await getJson(`/institution_trees?institution_id=${AICHI_MEDICAL_CENTER}`)).status).toBe(403);
    vocabularySettings.institutionTreeMaxBytes = 1000;
    // An institution with no units is a tree of one.
    const leaf = await getJson<InstitutionTree>(`/institution_trees/${AICHI_MEDICAL_CENTER}`);
    expect(leaf.status).toBe(200);
    expect(ids(leaf.body.institution_nodes)).toEqual([AICHI_MEDICAL_CENTER]);
  });

  it('answers 404 for unknown institutions and 400 without institution_id', async () => {
    expect((await getJson('/institution_trees?institution_id=00000000-0000-5000-8000-000000000000')).status).toBe(404);
    expect((await getJson('/institution_trees/00000000-0000-5000-8000-000000000000')).status).toBe(404);
    expect((await getJson('/institution_trees')).status).toBe(400);
    expect((await getJson('/institution_trees?institution_id=nope')).status).toBe(400);
  });
});

describe('locations', () => {
  it('suggests real cities by prefix, ignoring accents both ways', async () => {
    const plain = await getJson<Location[]>('/locations?prefix=Zur');
    expect(plain.status).toBe(200);
    expect(plain.type).toContain(mt.location);
    const zurich = plain.body.find((l) => l.id === ZURICH);
    expect(zurich).toMatchObject({ name: 'Zürich', country: 'Switzerland' });
    expect(zurich!.latitude).toBeCloseTo(47.37, 1);
    expect(zurich!.longitude).toBeCloseTo(8.55, 1);
    for (const location of plain.body) expect(Value.Check(Location, location)).toBe(true);
    // An accented prefix finds an unaccented name.
    expect(ids((await getJson<Location[]>('/locations?prefix=m%C3%BCnich')).body)).toContain(MUNICH);
    expect(ids((await getJson<Location[]>('/locations?prefix=Z%C3%BCR')).body)).toContain(ZURICH);
  });

  it('gives 20 by default, up to 100 when asked, and 400 above 100 or without a prefix', async () => {
    expect((await getJson<Location[]>('/locations?prefix=San')).body).toHaveLength(20);
    const many = (await getJson<Location[]>('/locations?prefix=San&limit=100')).body;
    expect(many).toHaveLength(100);
    expect(many.every((l) => /^san/i.test(l.name.normalize('NFD')))).toBe(true);
    expect((await getJson('/locations?prefix=San&limit=101')).status).toBe(400);
    expect((await getJson('/locations')).status).toBe(400);
    expect((await getJson('/locations?prefix=')).status).toBe(400);
    expect((await getJson<Location[]>('/locations?prefix=Qqqzz')).body).toEqual([]);
  });

  it('gets one location by id, 404 for unknown ids', async () => {
    const { status, body } = await getJson<Location>(`/locations/${MUNICH}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ name: 'Munich', state: 'Bavaria', country: 'Germany' });
    expect((await getJson('/locations/00000000-0000-5000-8000-000000000000')).status).toBe(404);
  });
});
