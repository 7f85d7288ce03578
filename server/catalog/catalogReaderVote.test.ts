// The catalog record of a paper several people hold, over real HTTP: each reader's copy is
// one vote (readerVote.ts), so nobody can erase or rewrite what the others see.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService, type TestUser } from '../testing/testService.ts';
import { mediaTypes } from '../../shared/vendor.ts';
import { catalogStorageOf } from './catalogStorage.ts';
import { importText } from './catalogImport.ts';

const mt = mediaTypes();

describe('catalog records merged from their readers', () => {
  let service: TestService;
  let viewer: TestUser;
  let serial = 0;

  beforeAll(async () => {
    service = await startTestService();
    viewer = await service.createUser();
  });
  afterAll(async () => service.stop());

  /** A DOI no other test uses, so each test has a record of its own. */
  const freshDoi = () => `10.5281/vote.${++serial}`;

  async function addCopy(owner: TestUser, body: Record<string, unknown>): Promise<string> {
    const res = await service.fetch('/documents', {
      method: 'POST',
      headers: { ...owner.auth, 'Content-Type': mt.document, Accept: mt.document },
      body: JSON.stringify({ type: 'journal', ...body }),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: string }).id;
  }

  async function editCopy(owner: TestUser, id: string, patch: Record<string, unknown>): Promise<void> {
    const res = await service.fetch(`/documents/${id}`, {
      method: 'PATCH',
      headers: { ...owner.auth, 'Content-Type': mt.document, Accept: mt.document },
      body: JSON.stringify(patch),
    });
    expect(res.status).toBe(200);
  }

  async function recordsBy(query: string): Promise<Record<string, unknown>[]> {
    const res = await service.fetch(`/catalog?${query}&view=all`, { headers: { ...viewer.auth, Accept: mt.document } });
    expect(res.status).toBe(200);
    return (await res.json()) as Record<string, unknown>[];
  }

  async function recordBy(query: string): Promise<Record<string, unknown>> {
    const found = await recordsBy(query);
    expect(found).toHaveLength(1);
    return found[0]!;
  }

  it('a second reader with fewer fields and another title erases and rewrites nothing', async () => {
    const [alice, mallory] = [await service.createUser(), await service.createUser()];
    const doi = freshDoi();
    await addCopy(alice, { title: 'Gossip protocols at scale', year: 2019, abstract: 'How rumours spread.', identifiers: { doi, pmid: '31000001' } });
    const copy = await addCopy(mallory, { title: 'Totally different title', identifiers: { doi } });

    const record = await recordBy('pmid=31000001');
    expect(record).toMatchObject({ title: 'Gossip protocols at scale', year: 2019, abstract: 'How rumours spread.', identifiers: { doi, pmid: '31000001' }, reader_count: 2 });
    const lookup = await service.fetch('/metadata?pmid=31000001', { headers: { ...viewer.auth, Accept: mt.documentLookup } });
    expect(lookup.status).toBe(200);

    // Editing the private copy afterwards does not reach the public record either.
    await editCopy(mallory, copy, { title: 'Vandalised title', abstract: 'Buy now', year: 1900, identifiers: { doi, pmid: '99999999' } });
    expect(await recordBy(`doi=${doi}`)).toMatchObject({ title: 'Gossip protocols at scale', year: 2019, abstract: 'How rumours spread.', identifiers: { pmid: '31000001' } });
    expect(await recordsBy('pmid=99999999')).toEqual([]);
  });

  it('follows the majority of readers, and a conflicting identifier once more readers agree', async () => {
    const [alice, bob, carol] = [await service.createUser(), await service.createUser(), await service.createUser()];
    const doi = freshDoi();
    await addCopy(alice, { title: 'Majority rulez', identifiers: { doi, pmid: '32000001' } });
    await addCopy(bob, { title: 'Majority rules', abstract: 'Votes.', identifiers: { doi, pmid: '32000002' } });
    expect(await recordBy(`doi=${doi}`)).toMatchObject({ title: 'Majority rulez', identifiers: { pmid: '32000001' } });
    expect(await recordBy(`doi=${doi}`)).not.toHaveProperty('abstract');

    await addCopy(carol, { title: 'Majority Rules', abstract: 'Votes.', identifiers: { doi, pmid: '32000002' } });
    expect(await recordBy(`doi=${doi}`)).toMatchObject({ title: 'Majority rules', abstract: 'Votes.', identifiers: { pmid: '32000002' } });
    expect(await recordsBy('pmid=32000001')).toEqual([]);
  });

  it('counts a reader once however many copies it holds', async () => {
    const [alice, bob] = [await service.createUser(), await service.createUser()];
    const doi = freshDoi();
    await addCopy(alice, { title: 'One voice each', identifiers: { doi } });
    await addCopy(bob, { title: 'Stuffed ballot', identifiers: { doi } });
    await addCopy(bob, { title: 'Stuffed ballot', identifiers: { doi } });
    expect(await recordBy(`doi=${doi}`)).toMatchObject({ title: 'One voice each' });
  });

  it('never counts hidden copies', async () => {
    const alice = await service.createUser();
    const doi = freshDoi();
    await addCopy(alice, { title: 'Seen by all', identifiers: { doi } });
    for (let i = 0; i < 3; i++) await addCopy(await service.createUser(), { title: 'Hidden majority', hidden: true, identifiers: { doi } });
    expect(await recordBy(`doi=${doi}`)).toMatchObject({ title: 'Seen by all', reader_count: 1 });
  });

  it('lets an imported record break a tie, until a majority of readers outvotes it', async () => {
    const doi = freshDoi();
    await importText(catalogStorageOf(service.ctx.database), 'authority.bib', `@article{auth, title = {Authoritative title}, author = {Ada Lovelace}, journal = {Notes}, year = 1843, doi = {${doi}}}`);
    await addCopy(await service.createUser(), { title: 'A reader\'s title', identifiers: { doi } });
    expect(await recordBy(`doi=${doi}`)).toMatchObject({ title: 'Authoritative title', source: 'Notes', year: 1843, imported: true });
    await addCopy(await service.createUser(), { title: 'A reader\'s title', identifiers: { doi } });
    expect(await recordBy(`doi=${doi}`)).toMatchObject({ title: 'A reader\'s title', source: 'Notes', imported: true });
  });

  it('goes back to the remaining readers when a copy is deleted, and away when the last one is', async () => {
    const [alice, bob, carol] = [await service.createUser(), await service.createUser(), await service.createUser()];
    const doi = freshDoi();
    const first = await addCopy(alice, { title: 'Before the vote', identifiers: { doi } });
    const second = await addCopy(bob, { title: 'After the vote', identifiers: { doi } });
    const third = await addCopy(carol, { title: 'After the vote', identifiers: { doi } });
    expect(await recordBy(`doi=${doi}`)).toMatchObject({ title: 'After the vote' });
    for (const [owner, id] of [[carol, third], [bob, second], [alice, first]] as const) {
      expect((await service.fetch(`/documents/${id}`, { method: 'DELETE', headers: owner.auth })).status).toBe(204);
      if (id === third) expect(await recordBy(`doi=${doi}`)).toMatchObject({ title: 'Before the vote' });
    }
    expect(await recordsBy(`doi=${doi}`)).toEqual([]);
  });

  it('answers reads that come together, each seeing the copies written before it came', async () => {
    const reader = await service.createUser();
    const dois = [freshDoi(), freshDoi(), freshDoi()];
    // Each copy is written while the reads for the one before may still be catching up.
    const reads: Promise<Record<string, unknown>>[] = [];
    for (const [n, doi] of dois.entries()) {
      await addCopy(reader, { title: `Read together ${n}`, identifiers: { doi } });
      reads.push(recordBy(`doi=${doi}`), recordBy(`doi=${doi}`));
    }
    expect((await Promise.all(reads)).map((r) => r.title)).toEqual(dois.flatMap((_, n) => [`Read together ${n}`, `Read together ${n}`]));
  });
});
