// The pull: what changed on the service since the watermarks, library by library. Each page
// is applied in one transaction together with its watermark, so a run stopped between pages
// resumes where it was, and the next page is already on its way while one is applied.
// Watermarks are the service's own times (row timestamps, Date headers), never this
// machine's clock, and each pull starts a little before its watermark (overlap) so that
// writes of the same millisecond and commits that landed late are not missed.
import type { ServerJson } from '../replica/index.ts';
import { absorbRemote, conflictIds, pendingIds } from './merge.ts';
import { pipelinedPages, type FetchedPage } from './pageStream.ts';
import { isoMinus, pullStart, recordPullStart, type Library, type RunContext } from './runContext.ts';
import { downloadFile } from './fileTransfers.ts';
import { throwIfAborted } from './retry.ts';

type Query = Record<string, string | number | undefined>;

function pages<T>(ctx: RunContext, path: string, query: Query, accept: string): AsyncGenerator<FetchedPage<T>, void, undefined> {
  return pipelinedPages<T>(ctx.api.client, path, query, { accept, retry: ctx.retry });
}

async function collect<T>(ctx: RunContext, path: string, query: Query, accept: string): Promise<{ items: T[]; serverTime?: number }> {
  const items: T[] = [];
  let serverTime: number | undefined;
  for await (const page of pages<T>(ctx, path, query, accept)) {
    serverTime ??= page.serverTime;
    items.push(...page.items);
  }
  return { items, serverTime };
}

/** Groups the user belongs to: each is a library of its own. */
export async function pullLibraries(ctx: RunContext): Promise<Library[]> {
  const { replica } = ctx;
  try {
    const { items } = await collect<ServerJson>(ctx, '/groups', { limit: ctx.pageSize }, ctx.api.client.mediaTypes.group);
    // Groups the user left or was removed from: their libraries leave this machine too.
    const listed = new Set(items.map((g) => g.id));
    for (const known of replica.listGroups()) if (!listed.has(known.id)) replica.forgetGroupLibrary(known.id);
    replica.setGroups(items.filter((g) => typeof g.id === 'string').map((g) => ({ ...g, id: g.id as string, name: String(g.name ?? ''), role: typeof g.role === 'string' ? g.role : undefined })));
  } catch (error) {
    // A service without the groups listing: keep the groups known before.
    if ((error as { status?: number }).status !== 404) throw error;
  }
  return [{ scope: null }, ...replica.listGroups().map((g) => ({ scope: g.id, groupId: g.id }))];
}

/** Applies one pulled page: in a first sync's shared transaction, else in its own. */
function applyPage<T>(ctx: RunContext, rows: number, apply: () => T): T {
  return ctx.bulkLoad ? ctx.replica.applyBulkPage(rows, apply) : apply();
}

/** Rows of the overlap window that this replica already holds at that very version. */
function withoutKnown(ctx: RunContext, kind: 'document' | 'annotation', rows: ServerJson[], watermark: string | null): ServerJson[] {
  if (!watermark) return rows;
  return rows.filter((row) => {
    const time = row.last_modified as string | undefined;
    if (!time || time > watermark) return true;
    return ctx.replica.serverVersionOf(kind, row.id as string) !== time;
  });
}

export async function pullDocuments(ctx: RunContext, library: Library): Promise<void> {
  const { replica, api } = ctx;
  const mark = replica.getWatermark('documents', library.scope);
  const query: Query = { view: 'all', sort: 'last_modified', order: 'asc', limit: ctx.pageSize, group_id: library.groupId };
  const since = pullStart(replica, 'documents', library.scope, ctx.overlapMs);
  if (since) query.modified_since = since;
  let done = 0;
  let total: number | undefined;
  let readAt: number | undefined;
  let deletedMark = mark.deleted;
  for await (const page of pages<ServerJson>(ctx, '/documents', query, api.client.mediaTypes.document)) {
    throwIfAborted(ctx.signal);
    total ??= page.total;
    readAt ??= page.serverTime;
    // First sync of this library: deletions are followed from the service's time of this
    // first answer (what was deleted before it is simply not in the listing).
    const startDeletions = deletedMark === null && page.serverTime !== undefined ? isoMinus(page.serverTime, ctx.overlapMs) : undefined;
    const last = page.items[page.items.length - 1]?.last_modified as string | undefined;
    const rows = withoutKnown(ctx, 'document', page.items, mark.modified);
    const { applied, conflicts } = applyPage(ctx, rows.length, () => absorbRemote(replica, 'document', rows, {
      pending: pendingIds(replica, 'document'),
      conflicted: conflictIds(replica, 'document'),
      watermark: { collection: 'documents', scope: library.scope, modified: last, deleted: startDeletions },
    }));
    if (startDeletions) deletedMark = startDeletions;
    ctx.counters.pulled += applied;
    ctx.counters.conflicts += conflicts;
    done += page.items.length;
    ctx.progress('documents', done, total);
  }
  recordPullStart(replica, 'documents', library.scope, readAt, ctx.overlapMs);
}

/**
 * The trash and deletions. A tombstone says a document left the library: moved to the
 * trash (it is in the trash listing) or deleted for good. A deletion of a document edited
 * here does not take the edit with it: the document is created again. A pull that would
 * delete more than half of a library of 20 or more documents waits for the person's consent.
 */
export async function pullDocumentRemovals(ctx: RunContext, library: Library, decision: 'ask' | 'apply' | 'keep'): Promise<void> {
  const { replica, api } = ctx;
  const type = api.client.mediaTypes.document;
  const mark = replica.getWatermark('documents', library.scope);
  const trashMark = replica.getWatermark('trash', library.scope);
  let tombstones: string[] = [];
  let tombstoneTime: number | undefined;
  if (mark.deleted) {
    const found = await collect<{ id: string }>(ctx, '/documents', { deleted_since: isoMinus(mark.deleted, ctx.overlapMs), limit: ctx.pageSize, group_id: library.groupId }, type);
    tombstones = [...new Set(found.items.map((t) => t.id))];
    tombstoneTime = found.serverTime;
  }
  const trashed = new Set<string>();
  if (trashMark.modified === null || tombstones.length) {
    // The trash has no "changed since": it is listed whole, only when something left the library.
    let trashTime: number | undefined;
    for await (const page of pages<ServerJson>(ctx, '/trash', { view: 'all', limit: ctx.pageSize, group_id: library.groupId }, type)) {
      trashTime ??= page.serverTime;
      for (const row of page.items) trashed.add(row.id as string);
      const { applied, conflicts } = absorbRemote(replica, 'document', page.items, { trashed: true });
      ctx.counters.pulled += applied;
      ctx.counters.conflicts += conflicts;
    }
    replica.setWatermark('trash', library.scope, { modified: new Date(trashTime ?? 0).toISOString() });
  }
  const gone = tombstones.filter((id) => !trashed.has(id) && replica.getDocument(id) !== undefined);
  if (!gone.length && !tombstoneTime) return;
  const groupId = library.groupId ?? null;
  // Counted only when something is to go: counting a big library on every sync would cost.
  const libraryTotal = gone.length ? replica.countDocuments({ groupId }) + replica.countDocuments({ groupId, trashed: true }) : 0;
  if (decision === 'ask' && libraryTotal >= 20 && gone.length > libraryTotal / 2) {
    ctx.massDeletion = { scope: library.scope, count: gone.length, libraryTotal };
    return;
  }
  const pendingAnnotations = pendingIds(replica, 'annotation');
  const newDeleted = tombstoneTime !== undefined ? isoMinus(tombstoneTime, ctx.overlapMs) : undefined;
  replica.transaction(() => {
    for (const id of gone) {
      const pending = replica.pendingState('document', id);
      if (pending.created) continue;
      const edited = pending.fields.size > 0 || replica.listAnnotations(id).some((a) => pendingAnnotations.has(a.id));
      if (decision === 'keep' || edited) {
        replica.recreateRow('document', id);
      } else {
        replica.applyRemoteDeletion('document', id);
        ctx.counters.deleted++;
      }
    }
    if (newDeleted && (!mark.deleted || newDeleted > mark.deleted)) replica.setWatermark('documents', library.scope, { deleted: newDeleted });
  });
}

export async function pullFolders(ctx: RunContext, library: Library): Promise<void> {
  const { replica, api } = ctx;
  const type = api.client.mediaTypes.folder;
  const { items: remote } = await collect<ServerJson>(ctx, '/folders', { limit: ctx.pageSize, group_id: library.groupId }, type);
  const changed = remote.filter((f) => replica.serverVersionOf('folder', f.id as string) !== f.modified);
  const members = new Map<string, string[]>();
  for (const folder of changed) {
    const { items } = await collect<{ id: string }>(ctx, `/folders/${encodeURIComponent(folder.id as string)}/documents`, { limit: ctx.pageSize }, type);
    members.set(folder.id as string, items.map((d) => d.id));
  }
  const remoteIds = new Set(remote.map((f) => f.id as string));
  const local = replica.folderIdsOf(library.groupId ?? null);
  replica.transaction(() => {
    const { applied, conflicts } = absorbRemote(replica, 'folder', changed);
    ctx.counters.pulled += applied;
    ctx.counters.conflicts += conflicts;
    for (const [folderId, documentIds] of members) replica.applyRemoteFolderDocuments(folderId, documentIds);
    for (const id of local) {
      // A folder the service never sent (created here, not pushed yet) is not a deletion.
      if (remoteIds.has(id) || !replica.serverVersionOf('folder', id)) continue;
      const pending = replica.pendingState('folder', id);
      if (pending.created) continue;
      if (pending.fields.size) replica.recreateRow('folder', id);
      else {
        replica.applyRemoteDeletion('folder', id);
        ctx.counters.deleted++;
      }
    }
  });
}

export async function pullAnnotations(ctx: RunContext, library: Library): Promise<void> {
  const { replica, api } = ctx;
  const type = api.client.mediaTypes.annotation;
  const mark = replica.getWatermark('annotations', library.scope);
  const query: Query = { limit: ctx.pageSize, group_id: library.groupId };
  const since = pullStart(replica, 'annotations', library.scope, ctx.overlapMs);
  if (since) query.modified_since = since;
  let deletedMark = mark.deleted;
  let done = 0;
  let readAt: number | undefined;
  for await (const page of pages<ServerJson>(ctx, '/annotations', query, type)) {
    throwIfAborted(ctx.signal);
    readAt ??= page.serverTime;
    const startDeletions = deletedMark === null && page.serverTime !== undefined ? isoMinus(page.serverTime, ctx.overlapMs) : undefined;
    const last = page.items[page.items.length - 1]?.last_modified as string | undefined;
    const { applied, conflicts } = applyPage(ctx, page.items.length, () => absorbRemote(replica, 'annotation', withoutKnown(ctx, 'annotation', page.items, mark.modified), {
      pending: pendingIds(replica, 'annotation'),
      conflicted: conflictIds(replica, 'annotation'),
      watermark: { collection: 'annotations', scope: library.scope, modified: last, deleted: startDeletions },
    }));
    if (startDeletions) deletedMark = startDeletions;
    ctx.counters.pulled += applied;
    ctx.counters.conflicts += conflicts;
    done += page.items.length;
    ctx.progress('annotations', done);
  }
  recordPullStart(replica, 'annotations', library.scope, readAt, ctx.overlapMs);
  if (!mark.deleted) return;
  const found = await collect<{ id: string }>(ctx, '/annotations', { deleted_since: isoMinus(mark.deleted, ctx.overlapMs), limit: ctx.pageSize, group_id: library.groupId }, type);
  replica.transaction(() => {
    for (const { id } of found.items) {
      const pending = replica.pendingState('annotation', id);
      if (pending.created || !replica.hasAnnotation(id)) continue;
      if (pending.fields.size) replica.recreateRow('annotation', id);
      else {
        replica.applyRemoteDeletion('annotation', id);
        ctx.counters.deleted++;
      }
    }
    if (found.serverTime !== undefined) replica.setWatermark('annotations', library.scope, { deleted: isoMinus(found.serverTime, ctx.overlapMs) });
  });
}

/** File metadata (files never change, they come and go); bytes now when downloads are eager. */
export async function pullFiles(ctx: RunContext, library: Library): Promise<void> {
  const { replica, api, fileStore } = ctx;
  const type = api.client.mediaTypes.file;
  const mark = replica.getWatermark('files', library.scope);
  const query: Query = { limit: ctx.pageSize, group_id: library.groupId };
  if (mark.modified) query.added_since = isoMinus(mark.modified, ctx.overlapMs);
  let firstTime: number | undefined;
  const walk: FetchedPage<ServerJson>[] = [];
  for await (const page of pages<ServerJson>(ctx, '/files', query, type)) {
    firstTime ??= page.serverTime;
    walk.push(page);
  }
  const deletions = mark.deleted
    ? await collect<{ id: string }>(ctx, '/files', { deleted_since: isoMinus(mark.deleted, ctx.overlapMs), limit: ctx.pageSize, group_id: library.groupId }, type)
    : { items: [], serverTime: firstTime };
  const removedHashes: string[] = [];
  replica.transaction(() => {
    for (const page of walk) ctx.counters.pulled += absorbRemote(replica, 'file', page.items, { pending: new Set(), conflicted: new Set() }).applied;
    for (const { id } of deletions.items) {
      const row = replica.fileRecord(id)?.filehash;
      if (row === undefined || replica.pendingState('file', id).created) continue;
      replica.applyRemoteDeletion('file', id);
      removedHashes.push(row);
      ctx.counters.deleted++;
    }
    // Bytes already here (same content in another document, or imported) need no download.
    for (const page of walk) {
      for (const file of page.items) {
        const hash = String(file.filehash ?? '').toLowerCase();
        if (/^[0-9a-f]{40}$/.test(hash) && fileStore.has(hash) && replica.fileRecord(file.id as string)) {
          replica.setFileLocalPath(file.id as string, fileStore.pathOf(hash));
        }
      }
    }
    const time = firstTime ?? deletions.serverTime;
    if (time !== undefined) replica.setWatermark('files', library.scope, { modified: isoMinus(time, ctx.overlapMs), deleted: isoMinus(deletions.serverTime ?? time, ctx.overlapMs) });
  });
  for (const hash of removedHashes) await fileStore.remove(hash, replica.fileHashInUse);
  if (ctx.downloadPolicy === 'eager') {
    const missing = replica.filesWithoutBytes(library.groupId ?? null);
    let done = 0;
    for (const id of missing) {
      await downloadFile(ctx, id);
      ctx.progress('file downloads', ++done, missing.length);
    }
  }
}

