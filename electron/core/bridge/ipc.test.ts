// The IPC transport adapter with a stand-in for ipcMain: one channel per command, the
// same dispatch as browser mode, and calls from frames other than the renderer refused.
import { describe, expect, it } from 'vitest';
import { COMMAND_NAMES, IPC_EVENT_CHANNEL, ipcChannel } from '../../../shared/bridge/contract.ts';
import { tempReplica } from '../replica/testing.ts';
import { createEventHub } from '../commands/eventHub.ts';
import { createHandlers } from '../wiring.ts';
import { forwardEventsToWindow, registerIpcHandlers, trustUrlsUnder, type IpcInvokeEventLike, type IpcMainLike } from './ipc.ts';
import { createSettingsStore } from '../settings/settings.ts';
import { createImporter } from '../import/importer.ts';
import { createFileStore } from '../files/fileStore.ts';
import { createLibraryApi } from '../../../shared/client/libraryApi.ts';
import { join } from 'node:path';
import { createStagingArea } from '../files/stagingArea.ts';

type Listener = (event: IpcInvokeEventLike, ...args: unknown[]) => unknown;

function fakeIpcMain() {
  const channels = new Map<string, Listener>();
  const ipc: IpcMainLike = {
    handle(channel, listener) {
      if (channels.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
      channels.set(channel, listener);
    },
    removeHandler: (channel) => void channels.delete(channel),
  };
  const invoke = (channel: string, frameUrl: string | null, ...args: unknown[]) =>
    Promise.resolve(channels.get(channel)!({ senderFrame: frameUrl === null ? null : { url: frameUrl } }, ...args));
  return { ipc, channels, invoke };
}

function setup() {
  const temp = tempReplica();
  const events = createEventHub();
  let syncRequests = 0;
  const api = createLibraryApi({ baseUrl: 'http://127.0.0.1:9', getAccessToken: async () => undefined });
  const fileStore = createFileStore(join(temp.file, '..', 'files'));
  const staging = createStagingArea(join(temp.file, '..', 'staging'));
  const importer = createImporter({
    replica: temp.replica, fileStore, api, staging,
    onChanged: () => {}, onProgress: () => {}, canLookup: () => false,
  });
  const handlers = createHandlers({
    replica: temp.replica,
    api,
    fileStore,
    importer,
    staging,
    sync: { status: () => ({ state: 'idle', pendingChanges: temp.replica.countOutbox(), conflicts: 0, heldChanges: 0 }), syncNow: async () => ({}), requestSync: () => void syncRequests++, confirmDeletions: () => {} },
    account: { status: () => ({ signedIn: false, embedded: true }), signIn: async () => ({ signedIn: true, embedded: true }), signOut: async () => ({ signedIn: false, embedded: true }) },
    settings: createSettingsStore(join(temp.file, '..', 'settings.json')),
    events,
    appInfo: () => ({ name: 'RefShelf', version: 'test', platform: process.platform, dataDir: '/tmp', embeddedService: true, tokenStorage: 'file' }),
  });
  return { temp, events, handlers, syncRequests: () => syncRequests };
}

const RENDERER = 'file:///opt/RefShelf/resources/app/dist/renderer';

describe('registerIpcHandlers', () => {
  it('registers one channel per command and answers results from the shared handlers', async () => {
    const { temp, handlers, syncRequests } = setup();
    const { ipc, channels, invoke } = fakeIpcMain();
    registerIpcHandlers(ipc, handlers, { isTrustedUrl: trustUrlsUnder([RENDERER]) });
    expect([...channels.keys()].sort()).toEqual(COMMAND_NAMES.map(ipcChannel).sort());

    const created = await invoke(ipcChannel('documents.create'), `${RENDERER}/index.html`, { title: 'Via IPC' });
    expect(created).toEqual({ ok: true, value: expect.objectContaining({ title: 'Via IPC' }) });
    expect(syncRequests()).toBe(1);
    expect(await invoke(ipcChannel('documents.list'), `${RENDERER}/index.html#/library`)).toMatchObject({ ok: true, value: { total: 1 } });
    expect(await invoke(ipcChannel('documents.get'), `${RENDERER}/index.html`, { id: 'x' })).toEqual({
      ok: false, error: { code: 'not_found', message: 'Document x is not in the library' },
    });
    temp.dispose();
  });

  it('answers for a document by the temporary id a push replaced', async () => {
    const { temp, handlers } = setup();
    const { ipc, invoke } = fakeIpcMain();
    registerIpcHandlers(ipc, handlers, { isTrustedUrl: trustUrlsUnder([RENDERER]) });
    const created = await invoke(ipcChannel('documents.create'), `${RENDERER}/index.html`, { title: 'Pushed' }) as { value: { id: string } };
    temp.replica.remapId('document', created.value.id, 'server-7');
    expect(await invoke(ipcChannel('documents.get'), `${RENDERER}/index.html`, { id: created.value.id })).toEqual({
      ok: true, value: expect.objectContaining({ id: 'server-7', title: 'Pushed' }),
    });
    expect(await invoke(ipcChannel('documents.markOpened'), `${RENDERER}/index.html`, { id: created.value.id })).toEqual({ ok: true, value: null });
    temp.dispose();
  });

  it('refuses calls from foreign frames, look-alike paths and closed frames', async () => {
    const { temp, handlers } = setup();
    const { ipc, invoke } = fakeIpcMain();
    registerIpcHandlers(ipc, handlers, { isTrustedUrl: trustUrlsUnder([RENDERER]) });
    for (const url of ['https://evil.example/', `${RENDERER}-evil/index.html`, 'file:///etc/passwd', 'data:text/html,hi', null]) {
      expect(await invoke(ipcChannel('documents.create'), url, { title: 'Injected' })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
    expect(temp.replica.countDocuments()).toBe(0);
    temp.dispose();
  });

  it('removes its handlers again, and forwards events to the window', () => {
    const { temp, handlers, events } = setup();
    const { ipc, channels } = fakeIpcMain();
    const unregister = registerIpcHandlers(ipc, handlers, { isTrustedUrl: () => true });
    unregister();
    expect(channels.size).toBe(0);

    const sent: unknown[][] = [];
    const stop = forwardEventsToWindow(events, (...args) => sent.push(args));
    events.emit('app.menu', { action: 'import' });
    stop();
    events.emit('app.menu', { action: 'find' });
    expect(sent).toEqual([[IPC_EVENT_CHANNEL, 'app.menu', { action: 'import' }]]);
    temp.dispose();
  });
});
