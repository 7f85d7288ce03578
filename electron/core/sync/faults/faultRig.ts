// The fault tests' machinery: the service and the devices, each in a child process, every
// device reaching the service through a proxy of its own (to drop a reply, go offline, or
// see the moment to SIGKILL someone). Also the service's view of a user's library, read
// directly (not through a proxy) to judge the devices by.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLibraryApi } from '../../../../shared/client/index.ts';
import { startDeviceProcess, startServiceProcess, stopSpareDevice, type DeviceProcess, type ServiceProcess, type ServiceUser } from './childProcesses.ts';
import { startReplyDroppingProxy, type ReplyDroppingProxy } from './replyDroppingProxy.ts';

export interface RigDevice {
  process: DeviceProcess;
  proxy: ReplyDroppingProxy;
  /** This device's replica folder (kept across kills; the process opens it again). */
  dir?: string;
  token?: string;
  /** Opens a fresh replica for `user` (or the same one again after a kill). */
  open(user?: ServiceUser): Promise<void>;
  /** A new process after a SIGKILL, on the same replica. */
  respawn(): Promise<void>;
}

export interface FaultRig {
  service: ServiceProcess;
  devices: RigDevice[];
  stop(): Promise<void>;
}

export async function startFaultRig(deviceCount: number): Promise<FaultRig> {
  const service = await startServiceProcess();
  const dirs: string[] = [];
  const devices = await Promise.all(Array.from({ length: deviceCount }, async (): Promise<RigDevice> => {
    const proxy = await startReplyDroppingProxy(service.url());
    const device: RigDevice = {
      process: await startDeviceProcess(),
      proxy,
      async open(user) {
        if (user) {
          device.dir = mkdtempSync(path.join(tmpdir(), 'refshelf-fault-device-'));
          dirs.push(device.dir);
          device.token = user.token;
        }
        if (!device.dir || !device.token) throw new Error('The device was never opened for a user');
        await device.process.request({ op: 'open', dir: device.dir, baseUrl: proxy.url, token: device.token });
      },
      async respawn() {
        await device.process.kill();
        device.process = await startDeviceProcess();
        await device.open();
      },
    };
    return device;
  }));
  return {
    service,
    devices,
    async stop() {
      for (const d of devices) {
        await d.process.stop();
        await d.proxy.close();
      }
      await stopSpareDevice();
      await service.stop();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface ServiceView {
  documents: { id: string; title: string; abstract?: string | null; group_id?: string | null }[];
  folders: { id: string; name: string; group_id?: string | null }[];
  annotations: { id: string; document_id: string; text?: string | null }[];
}

/** What the service holds for a user: the personal library and the groups named. */
export async function serviceView(service: ServiceProcess, token: string, groupIds: readonly string[] = []): Promise<ServiceView> {
  const api = createLibraryApi({ baseUrl: service.url(), getAccessToken: async () => token });
  const types = api.client.mediaTypes;
  const view: ServiceView = { documents: [], folders: [], annotations: [] };
  for (const group of [undefined, ...groupIds]) {
    const query = group ? { group_id: group, limit: 500 } : { limit: 500 };
    view.documents.push(...(await api.client.all<ServiceView['documents'][number]>('/documents', { ...query, view: 'all' }, { accept: types.document })));
    view.folders.push(...(await api.client.all<ServiceView['folders'][number]>('/folders', query, { accept: types.folder })));
    view.annotations.push(...(await api.client.all<ServiceView['annotations'][number]>('/annotations', query, { accept: types.annotation })));
  }
  // The personal listing of annotations also names the user's group ones: each row once.
  view.annotations = [...new Map(view.annotations.map((a) => [a.id, a])).values()];
  return view;
}
