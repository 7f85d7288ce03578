// The requests a device process (deviceChild.ts) answers, and what it reports of its replica.
import type { EntityKind } from '../../replica/index.ts';

export type DeviceRequestBody =
  | { op: 'open'; dir: string; baseUrl: string; token: string }
  | { op: 'close' }
  | { op: 'createDocument'; title: string; groupId?: string }
  | { op: 'createFolder'; name: string; groupId?: string }
  | { op: 'createNote'; documentId: string; text: string; groupId?: string }
  | { op: 'setField'; kind: EntityKind; id: string; field: string; value: unknown }
  | { op: 'getField'; kind: EntityKind; id: string; field: string }
  | { op: 'currentId'; id: string }
  | { op: 'sync' }
  | { op: 'snapshot' };

/** `rpc` numbers the request so the answer can name it. */
export type DeviceRequest = DeviceRequestBody & { rpc: number };

export interface DeviceSnapshot {
  documents: { id: string; title: string; abstract: string | null; group_id: string | null; trashed: number }[];
  folders: { id: string; name: string; parent_id: string | null; group_id: string | null }[];
  annotations: { id: string; document_id: string; type: string; text: string | null }[];
  conflicts: { kind: EntityKind; id: string; field: string; local_value: unknown; remote_value: unknown }[];
  outbox: number;
  held: number;
  /** PRAGMA integrity_check: 'ok' when the file is sound. */
  integrity: string;
}
