// One device (a replica, its file store and a sync engine) in a process of its own, for fault
// tests that SIGKILL it mid-sync: started with `node --import tsx deviceChild.ts` and an IPC
// channel, it answers the requests of deviceProcess.ts. An edit is answered only once its
// transaction (row and outbox entry) has committed, so every answered edit must survive a kill.
import path from 'node:path';
import { createLibraryApi } from '../../../../shared/client/index.ts';
import { createFileStore } from '../../files/fileStore.ts';
import { openReplica, type EntityKind, type Replica } from '../../replica/index.ts';
import { sqlOf } from '../../replica/testing.ts';
import { createSyncEngine, type SyncEngine } from '../syncEngine.ts';
import type { DeviceRequest, DeviceSnapshot } from './deviceProtocol.ts';

let replica: Replica | undefined;
let engine: SyncEngine | undefined;

function open(dir: string, baseUrl: string, token: string): void {
  replica = openReplica(path.join(dir, 'library.sqlite'));
  const api = createLibraryApi({ baseUrl, getAccessToken: async () => token });
  engine = createSyncEngine({ replica, api, fileStore: createFileStore(path.join(dir, 'files')), pageSize: 50, liveChanges: false });
}

async function close(): Promise<void> {
  await engine?.stop();
  if (replica?.isOpen()) replica.close();
  replica = undefined;
  engine = undefined;
}

function opened(): Replica {
  if (!replica) throw new Error('No replica is open');
  return replica;
}

/** Where a row is now: a local id becomes the service's id once its create was pushed. */
function current(id: string): string {
  return opened().currentIdOf(id) ?? id;
}

function fieldOf(kind: EntityKind, id: string, field: string): unknown {
  return opened().readField(kind, current(id), field);
}

function setField(kind: EntityKind, id: string, field: string, value: unknown): unknown {
  const r = opened();
  const at = current(id);
  const previous = r.readField(kind, at, field);
  if (kind === 'document') r.updateDocument(at, { [field]: value } as never);
  else if (kind === 'folder') r.updateFolder(at, { [field]: value } as never);
  else if (kind === 'annotation') r.updateAnnotation(at, { [field]: value } as never);
  else throw new Error(`Files have no editable fields: ${field}`);
  return previous;
}

function snapshot(): DeviceSnapshot {
  const db = sqlOf(opened());
  return {
    documents: db.prepare("SELECT id, title, json_extract(data, '$.abstract') AS abstract, group_id, trashed FROM documents ORDER BY id").all() as DeviceSnapshot['documents'],
    folders: db.prepare('SELECT id, name, parent_id, group_id FROM folders ORDER BY id').all() as DeviceSnapshot['folders'],
    annotations: db.prepare('SELECT id, document_id, type, text FROM annotations ORDER BY id').all() as DeviceSnapshot['annotations'],
    conflicts: opened().listConflicts().map((c) => ({ kind: c.kind, id: c.id, field: c.field, local_value: c.local_value, remote_value: c.remote_value })),
    outbox: opened().countOutbox(),
    held: opened().listHeldPushes().length,
    integrity: String(db.pragma('integrity_check', { simple: true })),
  };
}

async function answer(request: DeviceRequest): Promise<unknown> {
  switch (request.op) {
    case 'open':
      await close();
      open(request.dir, request.baseUrl, request.token);
      return null;
    case 'close':
      await close();
      return null;
    case 'createDocument':
      return opened().createDocument({ title: request.title, type: 'journal', ...(request.groupId ? { group_id: request.groupId } : {}) } as never).id;
    case 'createFolder':
      return opened().createFolder({ name: request.name, ...(request.groupId ? { group_id: request.groupId } : {}) } as never).id;
    case 'createNote':
      return opened().createAnnotation({ document_id: current(request.documentId), type: 'note', text: request.text, ...(request.groupId ? { privacy_level: 'group' } : {}) } as never).id;
    case 'setField':
      return setField(request.kind, request.id, request.field, request.value);
    case 'getField':
      return fieldOf(request.kind, request.id, request.field);
    case 'currentId':
      return current(request.id);
    case 'sync':
      if (!engine) throw new Error('No replica is open');
      await engine.syncNow();
      return null;
    case 'snapshot':
      return snapshot();
  }
}

if (!process.send) throw new Error('deviceChild needs an IPC channel');
process.on('message', (request: DeviceRequest) => {
  answer(request).then(
    (value) => process.send?.({ rpc: request.rpc, ok: true, value }),
    (error: unknown) => process.send?.({ rpc: request.rpc, ok: false, error: error instanceof Error ? error.message : String(error) }),
  );
});
process.on('disconnect', () => process.exit(0));
process.send({ ready: true });
