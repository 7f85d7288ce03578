// The push: the outbox, in order. New rows are POSTed and take their server ids everywhere;
// edits are PATCHed based on the server version they started from, and a 412 (or, where the
// service has no precondition, a newer version found first) is merged field by field before
// the rest is sent. A row deleted on the service but edited here is created again; a row
// deleted here but edited there comes back with a conflict on the whole row.
import { DOCUMENT_FIELD_NAMES } from '../../../shared/schemas/document.ts';
import { NotFoundError, PreconditionFailedError, ServiceError, TokenExpiredError } from '../../../shared/client/index.ts';
import { isLocalId, ROW_CONFLICT_FIELD, type EntityKind, type OutboxEntry, type ServerJson, type ServerRow } from '../replica/index.ts';
import { fileRow, localBytes } from './fileTransfers.ts';
import { deleteUnansweredCreate, sendCreateOnce, type CreateBody, type SendCreate } from './createOnce.ts';
import { absorbRemote, serverTimeOf } from './merge.ts';
import type { RunContext } from './runContext.ts';
import { isAborted, isTransient, throwIfAborted, withRetry } from './retry.ts';
import { failureReason, isRefusal, refusalReason } from './refusals.ts';
import { existingNoteId, mergeIntoExistingNote } from './noteMerge.ts';

const SERVER_OWNED = new Set(['file_attached']);
const FOLDER_FIELDS = ['name', 'parent_id'] as const;
const ANNOTATION_FIELDS = ['text', 'color', 'positions', 'style', 'privacy_level', 'filehash'] as const;

/** Waiting for another entry first (a row or parent that has no server id yet): not a failure. */
class NotYet extends Error {}

/** The service's copy changed under every try: the next run tries again. */
class KeptChanging extends Error {}

const call = <T>(ctx: RunContext, fn: () => Promise<T>) => withRetry(fn, ctx.retry);

async function orNull<T>(promise: Promise<T>): Promise<T | null> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}

async function ignoringNotFound(promise: Promise<unknown>): Promise<void> {
  await orNull(promise);
}

function later(a: string | undefined, b: string | null): boolean {
  return a !== undefined && (b === null || Date.parse(a) > Date.parse(b));
}

function requireServerId(id: string | undefined | null): void {
  if (id && isLocalId(id)) throw new NotYet(id);
}

/**
 * The service took an update as sent and answered the version it made. A change made here
 * while it was on its way (a deletion replaces the update in the outbox) is based on that
 * version: it is ours, not an edit from elsewhere that a deletion must bring the row back for.
 */
function completeUpdate(ctx: RunContext, kind: EntityKind, entry: OutboxEntry, saved: ServerRow): void {
  ctx.replica.transaction(() => {
    ctx.replica.completePush(entry.seq, entry.revision, saved);
    const time = serverTimeOf(saved);
    if (time) ctx.replica.rebasePending(kind, entry.entity_id, time);
  });
}

/**
 * Deleted here, but the service's copy changed after the version the deletion saw: the row
 * comes back as the service has it (with its annotations and files) and a conflict on the
 * whole row asks the person; keeping mine deletes it again.
 */
async function bringBack(ctx: RunContext, entry: OutboxEntry, remote: ServerRow, options: { trashed?: boolean } = {}): Promise<void> {
  const { replica, api } = ctx;
  const kind = entry.kind;
  let dependents: { annotations: ServerJson[]; files: ServerJson[] } | undefined;
  let members: string[] | undefined;
  if (kind === 'folder') {
    members = (await call(ctx, () => api.client.all<{ id: string }>(`/folders/${encodeURIComponent(entry.entity_id)}/documents`, { limit: 500 }, { accept: api.client.mediaTypes.folder, signal: ctx.signal }))).map((d) => d.id);
  }
  if (kind === 'document') {
    const annotations = await call(ctx, () => api.client.all<ServerJson>('/annotations', { document_id: entry.entity_id, limit: 500 }, { accept: api.client.mediaTypes.annotation, signal: ctx.signal }));
    const files = options.trashed ? [] : await call(ctx, () => api.client.all<ServerJson>('/files', { document_id: entry.entity_id, limit: 500 }, { accept: api.client.mediaTypes.file, signal: ctx.signal }));
    dependents = { annotations, files };
  }
  replica.transaction(() => {
    replica.completePush(entry.seq, entry.revision);
    replica.applyRemote(kind, remote, { trashed: options.trashed });
    if (members) replica.applyRemoteFolderDocuments(entry.entity_id, members);
    if (dependents) {
      replica.applyRemoteBatch('annotation', dependents.annotations);
      replica.applyRemoteBatch('file', dependents.files);
    }
    replica.recordConflict({ kind, id: entry.entity_id, field: ROW_CONFLICT_FIELD, local_value: 'deleted', remote_value: remote, base_value: entry.base_last_modified });
  });
  ctx.counters.conflicts++;
}

async function pushDocument(ctx: RunContext, entry: OutboxEntry): Promise<void> {
  const { replica, api } = ctx;
  const id = entry.entity_id;
  const docs = api.documents;
  switch (entry.op) {
    case 'create': {
      const doc = replica.localCopy('document', id);
      if (!doc) return replica.completePush(entry.seq, entry.revision);
      const { created, revision } = await sendCreateOnce(ctx, entry, () => {
        const body: CreateBody = {};
        for (const field of DOCUMENT_FIELD_NAMES) if (doc[field] !== undefined && doc[field] !== null && !SERVER_OWNED.has(field)) body[field] = doc[field];
        if (doc.group_id) body.group_id = doc.group_id;
        return body;
      }, createSender(ctx, 'document'));
      replica.completePush(entry.seq, revision, created);
      return;
    }
    case 'update': {
      for (let attempt = 0; attempt < 4; attempt++) {
        const current = replica.outboxEntry(entry.seq);
        if (!current || current.op !== 'update') return;
        const doc = replica.localCopy('document', id);
        if (!doc) return;
        const patch: Record<string, unknown> = {};
        for (const field of current.changed ?? []) patch[field] = doc[field] ?? null;
        try {
          const saved = await call(ctx, () => docs.patch(id, patch as never, { ifUnmodifiedSince: current.base_last_modified ?? undefined, signal: ctx.signal }));
          completeUpdate(ctx, 'document', current, saved);
          return;
        } catch (error) {
          if (error instanceof PreconditionFailedError) {
            const remote = await call(ctx, () => orNull(docs.get(id, { view: 'all', signal: ctx.signal })));
            if (remote) ctx.counters.conflicts += absorbRemote(replica, 'document', [remote]).conflicts;
            continue;
          }
          if (!(error instanceof NotFoundError)) throw error;
          const inTrash = await call(ctx, () => orNull(api.trash.get(id, { signal: ctx.signal })));
          if (inTrash) {
            // Trashed there, edited here: the edit is applied and the document stays in the trash.
            await call(ctx, () => api.trash.restore(id, { signal: ctx.signal }));
            const saved = await call(ctx, () => docs.patch(id, patch as never, { signal: ctx.signal }));
            await call(ctx, () => docs.trash(id, { signal: ctx.signal }));
            replica.transaction(() => {
              replica.completePush(current.seq, current.revision, saved);
              replica.applyRemote('document', saved, { trashed: true });
            });
            return;
          }
          // Deleted there, edited here: the edit wins, the document is created again.
          replica.recreateRow('document', id);
          return;
        }
      }
      throw new KeptChanging(`Document ${id} kept changing on the service while it was being pushed`);
    }
    case 'trash':
      replica.markSent(entry.seq);
      await call(ctx, () => ignoringNotFound(docs.trash(id, { signal: ctx.signal })));
      replica.completePush(entry.seq, entry.revision);
      return;
    case 'restore':
      replica.markSent(entry.seq);
      await call(ctx, () => ignoringNotFound(api.trash.restore(id, { signal: ctx.signal })));
      replica.completePush(entry.seq, entry.revision);
      return;
    case 'delete': {
      const inLibrary = await call(ctx, () => orNull(docs.get(id, { view: 'all', signal: ctx.signal })));
      const inTrash = inLibrary ? null : await call(ctx, () => orNull(api.trash.get(id, { signal: ctx.signal })));
      const remote = (inLibrary ?? inTrash);
      if (remote && later(serverTimeOf(remote), entry.base_last_modified)) return bringBack(ctx, entry, remote, { trashed: !inLibrary });
      if (inLibrary) await call(ctx, () => ignoringNotFound(docs.delete(id, { signal: ctx.signal })));
      else if (inTrash) await call(ctx, () => ignoringNotFound(api.trash.delete(id, { signal: ctx.signal })));
      replica.completePush(entry.seq, entry.revision);
      return;
    }
    default:
      throw new Error(`A document cannot be pushed with op ${entry.op}`);
  }
}

async function pushFolder(ctx: RunContext, entry: OutboxEntry): Promise<void> {
  const { replica, api } = ctx;
  const id = entry.entity_id;
  const folders = api.folders;
  switch (entry.op) {
    case 'create': {
      const folder = replica.getFolder(id);
      if (!folder) return replica.completePush(entry.seq, entry.revision);
      if (!entry.sent_body) requireServerId(folder.parent_id);
      const { created, revision } = await sendCreateOnce(ctx, entry, () => {
        const body: CreateBody = { name: folder.name };
        if (folder.parent_id) body.parent_id = folder.parent_id;
        if (folder.group_id) body.group_id = folder.group_id;
        return body;
      }, createSender(ctx, 'folder'));
      replica.completePush(entry.seq, revision, created);
      return;
    }
    case 'update': {
      const remote = await call(ctx, () => orNull(folders.get(id, { signal: ctx.signal })));
      if (!remote) {
        replica.recreateRow('folder', id);
        return;
      }
      if (serverTimeOf(remote) !== entry.base_last_modified) {
        // Changed there too (perhaps only its documents): merged now, with its membership,
        // since the base copy taken after this push will no longer tell the pull.
        const members = await call(ctx, () => api.client.all<{ id: string }>(`/folders/${encodeURIComponent(id)}/documents`, { limit: 500 }, { accept: api.client.mediaTypes.folder, signal: ctx.signal }));
        replica.transaction(() => {
          ctx.counters.conflicts += absorbRemote(replica, 'folder', [remote]).conflicts;
          replica.applyRemoteFolderDocuments(id, members.map((d) => d.id));
        });
      }
      const current = replica.outboxEntry(entry.seq);
      const folder = replica.localCopy('folder', id);
      if (!current || current.op !== 'update' || !folder) return;
      const patch: Record<string, unknown> = {};
      for (const field of FOLDER_FIELDS) if (current.changed?.includes(field)) patch[field] = folder[field] ?? null;
      requireServerId(patch.parent_id as string | null);
      await call(ctx, () => folders.patch(id, patch as never, { signal: ctx.signal }));
      const saved = await call(ctx, () => folders.get(id, { signal: ctx.signal }));
      completeUpdate(ctx, 'folder', current, saved);
      return;
    }
    case 'delete': {
      const remote = await call(ctx, () => orNull(folders.get(id, { signal: ctx.signal })));
      if (remote && later(serverTimeOf(remote), entry.base_last_modified)) {
        return bringBack(ctx, entry, remote);
      }
      if (remote) await call(ctx, () => ignoringNotFound(folders.delete(id, { signal: ctx.signal })));
      replica.completePush(entry.seq, entry.revision);
      return;
    }
    case 'link':
    case 'unlink': {
      const documentId = entry.target_id!;
      requireServerId(documentId);
      replica.markSent(entry.seq);
      if (entry.op === 'link') {
        // A folder or document deleted there meanwhile: the link has nothing left to join.
        await call(ctx, () => ignoringNotFound(folders.addDocument(id, documentId, { signal: ctx.signal })));
      } else {
        await call(ctx, () => ignoringNotFound(folders.removeDocument(id, documentId, { signal: ctx.signal })));
      }
      replica.completePush(entry.seq, entry.revision);
      return;
    }
    default:
      throw new Error(`A folder cannot be pushed with op ${entry.op}`);
  }
}

async function pushAnnotation(ctx: RunContext, entry: OutboxEntry): Promise<void> {
  const { replica, api } = ctx;
  const id = entry.entity_id;
  const annotations = api.annotations;
  switch (entry.op) {
    case 'create': {
      const annotation = replica.localCopy('annotation', id);
      if (!annotation) return replica.completePush(entry.seq, entry.revision);
      if (!entry.sent_body) requireServerId(annotation.document_id as string);
      try {
        const { created, revision } = await sendCreateOnce(ctx, entry, () => {
          const body: CreateBody = { document_id: annotation.document_id, type: annotation.type };
          for (const field of ANNOTATION_FIELDS) if (annotation[field] !== undefined) body[field] = annotation[field];
          return body;
        }, createSender(ctx, 'annotation'));
        replica.completePush(entry.seq, revision, created);
      } catch (error) {
        const existing = existingNoteId(error);
        if (!existing) throw error;
        await mergeIntoExistingNote(ctx, entry, existing);
      }
      return;
    }
    case 'update': {
      const remote = await call(ctx, () => orNull(annotations.get(id, { signal: ctx.signal })));
      if (!remote) {
        replica.recreateRow('annotation', id);
        return;
      }
      // The service has no precondition on annotations: a newer version is merged first.
      if (serverTimeOf(remote) !== entry.base_last_modified) {
        ctx.counters.conflicts += absorbRemote(replica, 'annotation', [remote]).conflicts;
      }
      const current = replica.outboxEntry(entry.seq);
      const annotation = replica.localCopy('annotation', id);
      if (!current || current.op !== 'update' || !annotation) return;
      const patch: Record<string, unknown> = {};
      for (const field of current.changed ?? []) patch[field] = annotation[field] ?? null;
      const saved = await call(ctx, () => annotations.patch(id, patch as never, { signal: ctx.signal }));
      completeUpdate(ctx, 'annotation', current, saved);
      return;
    }
    case 'delete': {
      const remote = await call(ctx, () => orNull(annotations.get(id, { signal: ctx.signal })));
      if (remote && later(serverTimeOf(remote), entry.base_last_modified)) return bringBack(ctx, entry, remote);
      if (remote) await call(ctx, () => ignoringNotFound(annotations.delete(id, { signal: ctx.signal })));
      replica.completePush(entry.seq, entry.revision);
      return;
    }
    default:
      throw new Error(`An annotation cannot be pushed with op ${entry.op}`);
  }
}

async function pushFile(ctx: RunContext, entry: OutboxEntry): Promise<void> {
  const { replica, api, fileStore } = ctx;
  const id = entry.entity_id;
  if (entry.op === 'create') {
    const row = fileRow(replica, id);
    if (!row) return replica.completePush(entry.seq, entry.revision);
    if (!entry.sent_body) requireServerId(row.document_id);
    const { created: uploaded, revision } = await sendCreateOnce(ctx, entry, () => ({
      document_id: row.document_id, file_name: row.file_name, mime_type: row.mime_type, filehash: row.filehash, local_path: row.local_path,
    }), createSender(ctx, 'file'));
    replica.transaction(() => {
      replica.completePush(entry.seq, revision, uploaded);
      const serverId = (uploaded as { id: string }).id;
      if (fileRow(replica, serverId)) replica.setFileLocalPath(serverId, fileStore.pathOf(row.filehash));
    });
    return;
  }
  if (entry.op === 'delete') {
    await call(ctx, () => ignoringNotFound(api.files.delete(id, { signal: ctx.signal })));
    replica.completePush(entry.seq, entry.revision);
    return;
  }
  throw new Error(`A file cannot be pushed with op ${entry.op}`);
}

/** How each kind is created on the service, under an Idempotency-Key. */
function createSender(ctx: RunContext, kind: EntityKind): SendCreate {
  const { api, signal } = ctx;
  switch (kind) {
    case 'document':
      return (body, idempotencyKey) => api.documents.create(body as never, { idempotencyKey, signal });
    case 'folder':
      return (body, idempotencyKey) => api.folders.create(body as never, { idempotencyKey, signal });
    case 'annotation':
      return (body, idempotencyKey) => api.annotations.create(body as never, { idempotencyKey, signal });
    case 'file':
      return async (body, idempotencyKey) => {
        const file = body as { document_id: string; file_name: string; mime_type: string; filehash: string; local_path: string | null };
        const bytes = await localBytes(ctx, file);
        return api.files.upload(file.document_id, bytes, { fileName: file.file_name, mimeType: file.mime_type, idempotencyKey, signal });
      };
  }
}

/** How each kind is deleted on the service (a row already gone there counts as deleted). */
function removerOf(ctx: RunContext, kind: EntityKind): (id: string) => Promise<void> {
  const { api, signal } = ctx;
  const remove = { document: api.documents, folder: api.folders, annotation: api.annotations, file: api.files }[kind];
  return (id) => ignoringNotFound(remove.delete(id, { signal }));
}

const pushers: Record<EntityKind, (ctx: RunContext, entry: OutboxEntry) => Promise<void>> = {
  document: pushDocument,
  folder: pushFolder,
  annotation: pushAnnotation,
  file: pushFile,
};

/** Errors that end the whole run (try again later, or sign in again) rather than one entry. */
function endsRun(error: unknown, signal: AbortSignal): boolean {
  return isAborted(error, signal) || isTransient(error) || error instanceof TokenExpiredError || (error instanceof ServiceError && error.status === 401);
}

export async function pushOutbox(ctx: RunContext): Promise<{ failed: number }> {
  const { replica } = ctx;
  const tried = new Set<string>();
  let failed = 0;
  let done = 0;
  for (;;) {
    const entries = replica.listOutbox(1000).filter((e) => !e.held_at && !tried.has(`${e.seq}:${e.revision}:${e.op}`));
    if (!entries.length) break;
    const total = done + replica.countOutbox();
    for (const listed of entries) {
      throwIfAborted(ctx.signal);
      tried.add(`${listed.seq}:${listed.revision}:${listed.op}`);
      const entry = replica.outboxEntry(listed.seq);
      if (!entry) continue; // coalesced or undone meanwhile
      try {
        if (entry.op === 'delete' && entry.sent_body) await deleteUnansweredCreate(ctx, entry, createSender(ctx, entry.kind), removerOf(ctx, entry.kind));
        else await pushers[entry.kind](ctx, entry);
        ctx.counters.pushed++;
      } catch (error) {
        if (error instanceof NotYet) continue;
        if (endsRun(error, ctx.signal)) throw error;
        if ((error instanceof ServiceError && !isRefusal(error)) || error instanceof KeptChanging) {
          // 409 and the like: the next run tries again.
          replica.recordPushFailure(entry.seq, error instanceof ServiceError ? refusalReason(error) : failureReason(error));
        } else {
          // Refused for good, or impossible from here: out of the loop, kept, shown with its reason.
          replica.holdPush(entry.seq, error instanceof ServiceError ? refusalReason(error) : failureReason(error));
          ctx.counters.held = (ctx.counters.held ?? 0) + 1;
        }
        failed++;
      }
      ctx.progress('push', ++done, total);
    }
  }
  return { failed };
}
