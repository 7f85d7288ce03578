// The dataset commands against the real service: a draft from creation to two published
// versions, files arriving in chunks, the service's field errors, and the access-code link.
import { describe, expect, it } from 'vitest';
import type { DatasetUploadProgress } from '../../../shared/bridge/catalogCommands.ts';
import { DATASET_CATEGORIES } from '../../../shared/schemas/dataset.ts';
import { oneUserDevices } from '../sync/syncTesting.ts';
import { bridgeOver, type BridgeUnderTest } from './catalogTesting.ts';

/** Sends bytes through the bridge as the renderer does: begin, chunks, finish. */
async function upload(bridge: BridgeUnderTest, draftId: string, fileName: string, bytes: Buffer, chunk = 7) {
  const { uploadId } = await bridge.value('datasets.uploadBegin', { fileName, size: bytes.length, mimeType: 'text/csv' });
  for (let offset = 0; offset < bytes.length; offset += chunk) {
    const { received } = await bridge.value('datasets.uploadChunk', { uploadId, offset, base64: bytes.subarray(offset, offset + chunk).toString('base64') });
    expect(received).toBe(Math.min(bytes.length, offset + chunk));
  }
  return bridge.value('datasets.uploadFinish', { uploadId, draftId });
}

describe('dataset commands', () => {
  const { service, device } = oneUserDevices();

  it('takes a draft through fields, files, field errors and two published versions with DOIs', async () => {
    const bridge = bridgeOver(device());
    const draft = await bridge.value('datasets.create', { name: 'Ink densities' });
    expect(draft).toMatchObject({ name: 'Ink densities', version: 1 });
    expect((await bridge.value('datasets.list')).map((d) => d.id)).toContain(draft.id);

    const licences = await bridge.value('datasets.licences');
    expect(licences.length).toBeGreaterThan(3);
    await upload(bridge, draft.id, 'a.csv', Buffer.from('sample,density\n1,0.4\n2,0.7\n'));
    const withFiles = await upload(bridge, draft.id, 'b.csv', Buffer.from('x\n1\n'));
    expect(withFiles.files?.map((f) => f.filename)).toEqual(['a.csv', 'b.csv']);
    // The core tells every listener how far each upload is.
    const progressOfB = bridge.events
      .filter((e) => e.name === 'datasets.uploadProgress')
      .map((e) => e.payload as DatasetUploadProgress)
      .filter((p) => p.fileName === 'b.csv');
    expect(progressOfB.map((p) => [p.phase, p.received])).toEqual([['receiving', 0], ['receiving', 4], ['sending', 4], ['attached', 4]]);

    const refused = await bridge.value('datasets.publish', { id: draft.id });
    expect(refused.published).toBe(false);
    if (refused.published) return;
    expect(refused.fieldErrors.map((e) => e.field).sort()).toEqual(['categories', 'description']);

    const patched = await bridge.value('datasets.update', {
      id: draft.id,
      patch: {
        description: 'Densities of printing inks',
        categories: [DATASET_CATEGORIES[4]!],
        contributors: [{ first_name: 'Ada', last_name: 'Lovelace', contribution: 'Measurements' }],
        data_licence: { id: licences[0]!.id },
        embargo_date: '2020-01-01T00:00:00.000Z',
        articles: [{ title: 'On inks', doi: '10.1234/inks' }],
      },
    });
    expect(patched).toMatchObject({ description: 'Densities of printing inks', data_licence: { id: licences[0]!.id }, articles: [{ doi: '10.1234/inks' }] });

    const first = await bridge.value('datasets.publish', { id: draft.id });
    expect(first).toMatchObject({ published: true, dataset: { version: 1 } });
    const second = await bridge.value('datasets.publish', { id: draft.id });
    expect(second).toMatchObject({ published: true, dataset: { version: 2 } });

    const versions = await bridge.value('datasets.versions', { id: draft.id });
    expect(versions.map((v) => v.version)).toEqual([2, 1]);
    expect(versions[0]!.doi).toBeTruthy();
    expect(versions[1]!.doi).toBeTruthy();
    expect(versions[0]!.doi).not.toBe(versions[1]!.doi);
  });

  it('removes a file, and shares the draft through a link that works without an account', async () => {
    const bridge = bridgeOver(device());
    const draft = await bridge.value('datasets.create', { name: 'Shared draft' });
    const withFile = await upload(bridge, draft.id, 'keep.txt', Buffer.from('keep'), 100);
    const contentId = withFile.files![0]!.content_details.id;
    expect((await bridge.value('datasets.removeFile', { draftId: draft.id, contentId })).files).toEqual([]);
    expect(await bridge.call('datasets.removeFile', { draftId: draft.id, contentId })).toMatchObject({ ok: false, error: { code: 'not_found' } });

    const link = await bridge.value('datasets.accessLink', { id: draft.id });
    expect(link.url).toContain(`access_code=${encodeURIComponent(link.accessCode)}`);
    const viaLink = await fetch(link.url, { headers: { Authorization: `Bearer ${await service().clientToken()}` } });
    expect(viaLink.status).toBe(200);
    expect(await viaLink.json()).toMatchObject({ id: draft.id, name: 'Shared draft' });

    await bridge.value('datasets.delete', { id: draft.id });
    expect(await bridge.call('datasets.get', { id: draft.id })).toMatchObject({ ok: false, error: { code: 'service', status: 404 } });
  });

  it('refuses chunks out of order, more bytes than announced, and unfinished uploads', async () => {
    const bridge = bridgeOver(device());
    const draft = await bridge.value('datasets.create', { name: 'Chunks' });
    const { uploadId } = await bridge.value('datasets.uploadBegin', { fileName: 'c.bin', size: 4 });
    expect(await bridge.call('datasets.uploadChunk', { uploadId, offset: 2, base64: 'AAA=' })).toMatchObject({ ok: false, error: { code: 'state', field: 'offset' } });
    expect(await bridge.call('datasets.uploadChunk', { uploadId, offset: 0, base64: 'not base64!' })).toMatchObject({ ok: false, error: { code: 'invalid' } });
    expect(await bridge.call('datasets.uploadChunk', { uploadId, offset: 0, base64: Buffer.from('12345').toString('base64') })).toMatchObject({ ok: false, error: { code: 'invalid' } });
    await bridge.value('datasets.uploadChunk', { uploadId, offset: 0, base64: Buffer.from('12').toString('base64') });
    expect(await bridge.call('datasets.uploadFinish', { uploadId, draftId: draft.id })).toMatchObject({ ok: false, error: { code: 'state' } });
    await bridge.value('datasets.uploadCancel', { uploadId });
    expect(await bridge.call('datasets.uploadChunk', { uploadId, offset: 2, base64: 'AA==' })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await bridge.call('datasets.uploadBegin', { fileName: '', size: 1 })).toMatchObject({ ok: false, error: { code: 'invalid' } });
    expect(await bridge.call('datasets.update', { id: draft.id, patch: { owner_id: 'me' } as never })).toMatchObject({ ok: false, error: { code: 'invalid', field: 'owner_id' } });
  });
});
