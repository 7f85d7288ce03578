// Two devices of one user against one real service: documents edited offline on both
// sides, merged field by field, conflicts kept and resolved, deletions against edits.
import { describe, expect, it } from 'vitest';
import { ROW_CONFLICT_FIELD } from '../replica/index.ts';
import { docView, oneUserDevices, type Device } from './syncTesting.ts';
import { systemClock } from '../clock.ts';

const { service, user, device } = oneUserDevices();

/** Creates a document on device a and brings it to b. */
async function shared(a: Device, b: Device, fields: Record<string, unknown> = {}): Promise<string> {
  const local = a.replica.createDocument({ title: 'Shared paper', type: 'journal', ...fields } as never);
  await a.sync();
  const id = a.replica.listDocuments({}).find((d) => d.title === (fields.title ?? 'Shared paper'))!.id;
  expect(id).not.toBe(local.id);
  await b.sync();
  expect(b.replica.getDocument(id)?.title).toBe(fields.title ?? 'Shared paper');
  return id;
}

describe('documents between two devices', () => {
  it('brings offline edits made on both sides to both, with server ids', async () => {
    const a = device();
    const b = device();
    await a.sync();
    await b.sync();
    const fromA = a.replica.createDocument({ title: 'Made on A offline', type: 'book', year: 2001 } as never);
    b.replica.createDocument({ title: 'Made on B offline', type: 'journal', abstract: 'B text' } as never);
    expect(fromA.id.startsWith('local:')).toBe(true);
    const reportA = await a.sync();
    expect(reportA.pushed).toBeGreaterThanOrEqual(1);
    await b.sync();
    await a.sync();
    const titles = (d: Device) => d.replica.listDocuments({}).map((x) => x.title).filter((t) => t.includes('offline')).sort();
    expect(titles(a)).toEqual(['Made on A offline', 'Made on B offline']);
    expect(titles(b)).toEqual(titles(a));
    for (const doc of a.replica.listDocuments({})) {
      expect(doc.id.startsWith('local:')).toBe(false);
      expect(docView(b.replica, doc.id)).toEqual(docView(a.replica, doc.id));
    }
    expect(a.replica.countOutbox()).toBe(0);
    expect(b.replica.countOutbox()).toBe(0);
    // Nothing is duplicated on the service.
    const listed = await (await service().fetch('/documents?limit=100', { headers: { ...user().auth, Accept: 'application/vnd.service-document.1+json' } })).json() as { title: string }[];
    expect(listed.filter((d) => d.title === 'Made on A offline')).toHaveLength(1);
  });

  it('merges edits of different fields silently and both devices converge', async () => {
    const a = device();
    const b = device();
    const id = await shared(a, b, { title: 'Merge me', year: 1999 });
    a.replica.updateDocument(id, { year: 2024 });
    b.replica.updateDocument(id, { abstract: 'Written on B', title: 'Merge me too' });
    await a.sync();
    const report = await b.sync(); // 412 on B's PATCH: merged and pushed
    expect(report.conflicts).toBe(0);
    await a.sync();
    for (const d of [a, b]) {
      const doc = d.replica.getDocument(id)!;
      expect(doc).toMatchObject({ year: 2024, abstract: 'Written on B', title: 'Merge me too' });
      expect(d.replica.listConflicts()).toHaveLength(0);
    }
    expect(docView(a.replica, id)).toEqual(docView(b.replica, id));
  });

  it('keeps a clash on one field as a conflict with both values, and the resolution syncs', async () => {
    const a = device();
    const b = device();
    const id = await shared(a, b, { title: 'Clash' });
    a.replica.updateDocument(id, { abstract: 'Abstract from A', year: 2010 });
    b.replica.updateDocument(id, { abstract: 'Abstract from B' });
    await a.sync();
    const report = await b.sync();
    expect(report.conflicts).toBe(1);
    const [conflict] = b.replica.listConflicts({ kind: 'document', id });
    expect(conflict).toMatchObject({ field: 'abstract', local_value: 'Abstract from B', remote_value: 'Abstract from A' });
    // B still shows its own value; the other field from A arrived.
    expect(b.replica.getDocument(id)).toMatchObject({ abstract: 'Abstract from B', year: 2010 });
    expect(b.engine.status().conflicts).toBe(1);
    // Another sync does not lose it or push it.
    await b.sync();
    await a.sync();
    expect(b.replica.listConflicts()).toHaveLength(1);
    expect(a.replica.getDocument(id)?.abstract).toBe('Abstract from A');

    b.replica.resolveConflict('document', id, 'abstract', { keep: 'mine' });
    await b.sync();
    await a.sync();
    expect(a.replica.getDocument(id)?.abstract).toBe('Abstract from B');
    expect(b.replica.listConflicts()).toHaveLength(0);

    // An edited value as the resolution also travels.
    a.replica.updateDocument(id, { abstract: 'A again' });
    b.replica.updateDocument(id, { abstract: 'B again' });
    await a.sync();
    await b.sync();
    b.replica.resolveConflict('document', id, 'abstract', { value: 'Both, merged by hand' });
    await b.sync();
    await a.sync();
    expect(a.replica.getDocument(id)?.abstract).toBe('Both, merged by hand');
    expect(b.replica.getDocument(id)?.abstract).toBe('Both, merged by hand');
  });

  it('does not lose an edit when the other device deleted the document', async () => {
    const a = device();
    const b = device();
    const id = await shared(a, b, { title: 'Deleted there, edited here' });
    a.replica.deleteDocument(id);
    b.replica.updateDocument(id, { abstract: 'Precious edit' });
    await a.sync();
    await b.sync();
    // B keeps the document, created again with the edit, and A gets it back.
    const kept = b.replica.listDocuments({}).find((d) => d.title === 'Deleted there, edited here');
    expect(kept?.abstract).toBe('Precious edit');
    expect(kept?.id.startsWith('local:')).toBe(false);
    await a.sync();
    expect(a.replica.getDocument(kept!.id)?.abstract).toBe('Precious edit');
  });

  it('does not silently destroy a remote edit when this device deleted the document', async () => {
    const a = device();
    const b = device();
    const id = await shared(a, b, { title: 'Edited there, deleted here' });
    a.replica.updateDocument(id, { abstract: 'Edit from A' });
    b.replica.deleteDocument(id);
    await a.sync();
    await b.sync();
    expect(b.replica.getDocument(id)?.abstract).toBe('Edit from A');
    const [conflict] = b.replica.listConflicts({ kind: 'document', id });
    expect(conflict?.field).toBe(ROW_CONFLICT_FIELD);
    // Keeping mine deletes it for good, everywhere.
    b.replica.resolveConflict('document', id, ROW_CONFLICT_FIELD, { keep: 'mine' });
    await b.sync();
    await a.sync();
    expect(b.replica.getDocument(id)).toBeUndefined();
    expect(a.replica.getDocument(id)).toBeUndefined();
  });

  it('a plain delete and trash/restore travel', async () => {
    const a = device();
    const b = device();
    const id = await shared(a, b, { title: 'To the trash' });
    a.replica.trashDocument(id);
    await a.sync();
    await b.sync();
    expect(b.replica.getDocument(id)?.trashed).toBe(true);
    b.replica.restoreDocument(id);
    await b.sync();
    await a.sync();
    expect(a.replica.getDocument(id)?.trashed).toBe(false);
    a.replica.deleteDocument(id);
    await a.sync();
    const report = await b.sync();
    expect(report.deleted).toBe(1);
    expect(b.replica.getDocument(id)).toBeUndefined();
  });

  it('loses nothing when one device clock is an hour off', async () => {
    const hour = 3600_000;
    const a = device({ clock: { ...systemClock, now: () => Date.now() + hour } });
    const b = device({ clock: { ...systemClock, now: () => Date.now() - hour } });
    const id = await shared(a, b, { title: 'Skewed clocks' });
    for (let i = 0; i < 3; i++) {
      a.replica.updateDocument(id, { year: 2000 + i });
      await a.sync();
      await b.sync();
      expect(b.replica.getDocument(id)?.year).toBe(2000 + i);
    }
    b.replica.createDocument({ title: 'From the slow clock', type: 'journal' } as never);
    await b.sync();
    await a.sync();
    expect(a.replica.listDocuments({}).some((d) => d.title === 'From the slow clock')).toBe(true);
    expect(new Date(a.engine.status().lastSyncedAt!).getTime()).toBeGreaterThan(Date.now() + hour / 2);
  });
});
