// Two service instances on one database behind a round-robin balancer: a replica whose
// requests alternate between them, a second replica on one instance, a third that pulls
// through the balancer. Documents, files, annotations, folders, groups, paging markers and
// idempotency keys behave as on one instance, and stopping an instance mid-sync loses nothing.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService, type TestUser } from '../../../server/testing/testService.ts';
import { startRoundRobinProxy, type RoundRobinProxy } from '../../../server/testing/roundRobinProxy.ts';
import { joinGroup } from '../../../server/library/documentsTesting.ts';
import { allDocumentIds, openDevice, type Device } from './syncTesting.ts';
import { downloadFile } from './fileTransfers.ts';

let dataDir: string;
let balancer: RoundRobinProxy;
let a: TestService;
let b: TestService;
let user: TestUser;
let groupId: string;
const devices: Device[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'refshelf-two-instances-'));
  balancer = await startRoundRobinProxy();
  // Both instances name the balancer as their public URL, so Location and Link headers send
  // the client back through it, as behind a real load balancer.
  a = await startTestService({ dataDir, publicUrl: balancer.url, busPollMs: 50 });
  b = await startTestService({ dataDir, publicUrl: balancer.url, busPollMs: 50 });
  balancer.upstreams = [instanceUrl(a), instanceUrl(b)];
  user = await a.createUser();
  groupId = await joinGroup(a, user.id, 'owner');
}, 120_000);

afterAll(async () => {
  for (const device of devices) await device.dispose();
  await a?.stop();
  await b?.stop().catch(() => undefined);
  await balancer?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function clientIdOf(token: string): Promise<string> {
  const checked = await a.ctx.tokens.check(token);
  if (!checked.ok) throw new Error('the test token is not valid');
  return checked.token.clientId;
}

function instanceUrl(service: TestService): string {
  const address = service.app.server.address();
  if (!address || typeof address === 'string') throw new Error('service is not listening');
  return `http://127.0.0.1:${address.port}`;
}

function device(baseUrl: string, token = user.token): Device {
  const d = openDevice(baseUrl, token, { pageSize: 50 });
  devices.push(d);
  return d;
}

const titles = (d: Device) => d.replica.listDocuments({}).map((doc) => doc.title).sort();
const serverDocumentCount = async () => Number((await a.ctx.db.selectFrom('documents').select((eb) => eb.fn.countAll().as('n')).where('profile_id', '=', user.id).where('group_id', 'is', null).executeTakeFirst())?.n);

describe('a replica whose requests alternate between two instances', () => {
  it('syncs documents, files, annotations, folders and a group as on one instance; pages and idempotency keys cross instances', async () => {
    const first = device(balancer.url);
    for (let i = 0; i < 120; i++) first.replica.createDocument({ title: `Paper ${String(i).padStart(3, '0')}`, type: 'journal' } as never);
    first.replica.createDocument({ title: 'Group paper', type: 'journal', group_id: groupId } as never);
    // The reply to the first document POST is lost after the instance committed: the client
    // sends it again with the same Idempotency-Key, and the balancer gives it to the other instance.
    let dropped: number | undefined;
    balancer.onRequest = (method, url, count) => {
      if (dropped === undefined && method === 'POST' && url.startsWith('/documents')) {
        dropped = count;
        return 'drop-reply';
      }
      return 'forward';
    };
    await first.sync();
    await first.sync(); // a push refused for a lost reply is retried at the next sync at the latest
    balancer.onRequest = undefined;
    expect(dropped).toBeDefined();
    const replayed = balancer.log.slice(dropped! + 1).find((r) => r.method === 'POST' && r.url.startsWith('/documents'));
    expect(replayed?.upstream).not.toBe(balancer.log[dropped!]!.upstream);
    expect(await serverDocumentCount()).toBe(120);

    const paper = first.replica.listDocuments({}).find((d) => d.title === 'Paper 000')!.id;
    const bytes = Buffer.from(`%PDF-1.4\n${'y'.repeat(4000)}\n%%EOF\n`);
    const { sha1, size } = await first.fileStore.put(bytes);
    first.replica.addFile({ document_id: paper, filehash: sha1, file_name: 'paper.pdf', mime_type: 'application/pdf', size, local_path: first.fileStore.pathOf(sha1) });
    first.replica.createAnnotation({ document_id: paper, type: 'note', text: 'Read on two instances' } as never);
    const folder = first.replica.createFolder({ name: 'Balanced' });
    first.replica.addDocumentToFolder(folder.id, paper);
    await first.sync();
    expect(new Set(balancer.log.map((r) => r.upstream))).toEqual(new Set([0, 1]));

    // A second replica on instance B only (the balancer pins its token there: Link and
    // Location headers name the balancer, the one public URL), and a third pulling through
    // the balancer, whose pages (50 documents each) come from alternating instances
    // following the markers.
    const pinnedToken = (await b.ctx.tokens.issue(await clientIdOf(user.token), user.id, 'all', false)).accessToken;
    balancer.pin = (headers) => (headers.authorization === `Bearer ${pinnedToken}` ? 1 : undefined);
    const second = device(balancer.url, pinnedToken);
    const third = device(balancer.url);
    for (const other of [second, third]) {
      await other.sync();
      expect(titles(other)).toEqual(titles(first));
      expect(allDocumentIds(other.replica)).toHaveLength(120);
      expect(allDocumentIds(other.replica, groupId)).toEqual(allDocumentIds(first.replica, groupId));
      expect(other.replica.listAnnotations(paper).map((x) => x.text)).toEqual(['Read on two instances']);
      expect(other.replica.listFiles(paper)).toMatchObject([{ filehash: sha1, size }]);
      expect(other.replica.foldersOfDocument(paper).map((id) => other.replica.getFolder(id)?.name)).toEqual(['Balanced']);
    }
    // The bytes, uploaded through one instance, come down through the balancer (the signed
    // download URL made by one instance is honoured by the other: one signing key).
    await downloadFile(third, third.replica.listFiles(paper)[0]!.id);
    expect(createHash('sha1').update(await third.fileStore.read(sha1)).digest('hex')).toBe(sha1);
  });

  it('loses nothing when one instance stops in the middle of a sync', async () => {
    const writer = device(balancer.url);
    await writer.sync();
    const before = allDocumentIds(writer.replica).length;
    for (let i = 0; i < 60; i++) writer.replica.createDocument({ title: `Late paper ${i}`, type: 'journal' } as never);
    let stopping: Promise<void> | undefined;
    const startedAt = balancer.log.length;
    balancer.onRequest = (_method, _url, count) => {
      // Instance B stops gracefully after ten requests of this sync; its requests in flight finish.
      if (count === startedAt + 10) stopping ??= b.stop();
      return 'forward';
    };
    await writer.sync().catch(() => undefined);
    await stopping;
    balancer.onRequest = undefined;
    await writer.sync(); // whatever the stop interrupted is sent again, to instance A
    expect(writer.replica.listDocuments({}).filter((d) => d.id.startsWith('local:'))).toEqual([]);
    expect(await serverDocumentCount()).toBe(before + 60);

    const reader = device(balancer.url);
    await reader.sync();
    expect(allDocumentIds(reader.replica)).toHaveLength(before + 60);
    expect(titles(reader)).toEqual(titles(writer));
  });
});
