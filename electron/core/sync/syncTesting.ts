// Test helpers: a "device" is one app's replica, file store and sync engine on temp files,
// signed in to the real test service as some user.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLibraryApi, type LibraryApi } from '../../../shared/client/index.ts';
import { createFileStore, type FileStore } from '../files/fileStore.ts';
import { openReplica, type Replica } from '../replica/index.ts';
import { createSyncEngine, type SyncEngine, type SyncEngineOptions } from './syncEngine.ts';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startTestService, type TestService, type TestUser } from '../../../server/testing/testService.ts';
import { sqlOf } from '../replica/testing.ts';
import { startReplyDroppingProxy, type ReplyDroppingProxy } from './faults/replyDroppingProxy.ts';

export interface Device {
  replica: Replica;
  fileStore: FileStore;
  api: LibraryApi;
  engine: SyncEngine;
  dir: string;
  sync: SyncEngine['syncNow'];
  dispose(): Promise<void>;
}

export interface DeviceAuth {
  getAccessToken: () => Promise<string | undefined>;
  refreshAccessToken?: () => Promise<string | undefined>;
}

export function openDevice(baseUrl: string, auth: string | DeviceAuth, options: Partial<Omit<SyncEngineOptions, 'replica' | 'api' | 'fileStore'>> = {}): Device {
  const dir = mkdtempSync(path.join(tmpdir(), 'refshelf-device-'));
  const replica = openReplica(path.join(dir, 'library.sqlite'));
  const fileStore = createFileStore(path.join(dir, 'files'));
  const tokens = typeof auth === 'string' ? { getAccessToken: async () => auth } : auth;
  const api = createLibraryApi({ baseUrl, ...tokens });
  const engine = createSyncEngine({ replica, api, fileStore, pageSize: 50, ...options });
  return {
    replica, fileStore, api, engine, dir,
    sync: (o) => engine.syncNow(o),
    async dispose() {
      await engine.stop();
      if (replica.isOpen()) replica.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A document's editable view, for comparing two devices. */
export function docView(replica: Replica, id: string): Record<string, unknown> | undefined {
  const doc = replica.getDocument(id) as Record<string, unknown> | undefined;
  if (!doc) return undefined;
  const { added_local: _a, modified_local: _m, ...rest } = doc;
  return rest;
}

export function allDocumentIds(replica: Replica, groupId: string | null = null): string[] {
  return (sqlOf(replica).prepare('SELECT id FROM documents WHERE group_id IS ? ORDER BY id').pluck().all(groupId) as string[]);
}

/**
 * One real service and one user whose devices a test opens with `device()`; registers the
 * hooks that start the service and dispose of every device after each test.
 */
export function oneUserDevices(): { service: () => TestService; user: () => TestUser; device: (options?: Parameters<typeof openDevice>[2]) => Device } {
  let service: TestService | undefined;
  let user: TestUser | undefined;
  const devices: Device[] = [];
  beforeAll(async () => {
    service = await startTestService();
    user = await service.createUser();
  });
  afterAll(async () => {
    await service?.stop();
  });
  afterEach(async () => {
    for (const device of devices.splice(0)) await device.dispose();
  });
  return {
    service: () => service!,
    user: () => user!,
    device: (options = {}) => {
      const d = openDevice(service!.url, user!.token, options);
      devices.push(d);
      return d;
    },
  };
}

/**
 * One real service behind a reply-dropping proxy (faults/replyDroppingProxy.ts): devices of
 * the users a test makes reach it through the proxy. Registers the hooks that start both,
 * clear the proxy's tap and dispose of every device after each test.
 */
export function proxiedDevices(): { service: () => TestService; proxy: () => ReplyDroppingProxy; device: (user: TestUser) => Device } {
  let service: TestService | undefined;
  let proxy: ReplyDroppingProxy | undefined;
  const devices: Device[] = [];
  beforeAll(async () => {
    service = await startTestService();
    proxy = await startReplyDroppingProxy(service.url);
  });
  afterAll(async () => {
    await proxy?.close();
    await service?.stop();
  });
  afterEach(async () => {
    proxy?.tap(undefined);
    proxy?.setOffline(false);
    for (const device of devices.splice(0)) await device.dispose();
  });
  return {
    service: () => service!,
    proxy: () => proxy!,
    device: (user) => {
      const d = openDevice(proxy!.url, user.token);
      devices.push(d);
      return d;
    },
  };
}
