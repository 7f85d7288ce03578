// Creates that reach the service once, whatever fails. Each create entry carries the
// Idempotency-Key written with the local edit; its body is frozen when first sent, so a
// resend after a lost reply, a killed app or a stopped service sends the same body under the
// same key and is answered with the object made the first time. Edits made after the first
// send go out as an update once the create is answered (completePush sees the revision).
import type { OutboxEntry, ServerJson } from '../replica/index.ts';
import type { RunContext } from './runContext.ts';
import { withRetry } from './retry.ts';

export type CreateBody = Record<string, unknown>;

/** Sends a create body under a key; answers the created object. */
export type SendCreate = (body: CreateBody, idempotencyKey: string | undefined) => Promise<unknown>;

/**
 * Sends entry's create: the frozen body when it was sent before, else `build()` frozen now.
 * Answers the service's object and the revision the body stands for.
 */
export async function sendCreateOnce(ctx: RunContext, entry: OutboxEntry, build: () => CreateBody, send: SendCreate): Promise<{ created: ServerJson; revision: number }> {
  let body: CreateBody;
  let revision: number;
  if (entry.sent_body) {
    body = JSON.parse(entry.sent_body) as CreateBody;
    revision = entry.sent_revision ?? entry.revision;
  } else {
    body = build();
    revision = entry.revision;
    ctx.replica.markCreateSent(entry.seq, JSON.stringify(body), revision);
  }
  const key = entry.idempotency_key ?? undefined;
  const created = await withRetry(() => send(body, key), ctx.retry);
  return { created: created as ServerJson, revision };
}

/**
 * A row deleted here whose create was sent but never answered: the same create is asked
 * again (the service answers what it made, or makes it now) and that object is deleted, so
 * no orphan stays on the service.
 */
export async function deleteUnansweredCreate(ctx: RunContext, entry: OutboxEntry, send: SendCreate, remove: (serverId: string) => Promise<void>): Promise<void> {
  const body = JSON.parse(entry.sent_body!) as CreateBody;
  const created = (await withRetry(() => send(body, entry.idempotency_key ?? undefined), ctx.retry)) as { id?: unknown };
  if (typeof created.id === 'string') {
    const serverId = created.id;
    await withRetry(() => remove(serverId), ctx.retry);
  }
  ctx.replica.completePush(entry.seq, entry.revision);
}
