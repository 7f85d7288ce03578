// Content tickets: bytes uploaded on their own (or proven to be held already) and used
// later by POST /files or by datasets. A ticket keeps its bytes on disk.
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceContext } from '../context.ts';
import type { FileContentsTable } from '../storage/tables.ts';
import { HttpError, preconditionFailed } from '../http/errors.ts';
import { throttledMessage } from '../auth/throttle.ts';
import { assertWithinQuota } from './storageQuota.ts';
import { baseMediaType } from '../http/mediaTypes.ts';
import { userOf } from '../auth/authenticate.ts';
import { FileHashBody } from '../../shared/schemas/file.ts';
import { checkBody } from '../http/bodyCheck.ts';
import { parseContentDisposition } from './contentDisposition.ts';
import { effectiveMimeType, releaseBlob, storeUpload } from './fileService.ts';
import { assertDeclaredLength, uploadStream } from './uploadBodies.ts';

/** A ticket is for use soon after it is made (by POST /files or a dataset). */
export const TICKET_LIFETIME_MS = 24 * 3600 * 1000;
export const NO_PROVEN_CONTENT = 'No stored content matches this file_hash and signature; upload the bytes instead';

/** Registered inside the upload context (see filesRoutes.ts), where bodies stay bytes. */
export async function fileContentsRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const mt = ctx.mediaTypes;
  const upload = async (request: FastifyRequest, reply: FastifyReply) => {
    const profileId = userOf(request);
    await expireTickets(ctx);
    const ticket = baseMediaType(request.headers['content-type']) === mt.fileHash
      ? await ticketForProvenContent(ctx, profileId, request.body)
      : await ticketForBytes(ctx, profileId, request);
    reply.code(201).type(request.responseType).send({ id: ticket.id });
  };
  for (const url of ['/file_contents', '/file_content']) {
    app.post(url, { config: { produces: [mt.contentTicket], consumes: ['*'] } }, upload);
  }
}

async function ticketForBytes(ctx: ServiceContext, profileId: string, request: FastifyRequest): Promise<FileContentsTable> {
  assertDeclaredLength(request, ctx.config.fileBodyLimit);
  const clientFileName = parseContentDisposition(headerText(request.headers['content-disposition']))?.filename;
  const mimeType = effectiveMimeType(request.headers['content-type'], clientFileName);
  const declared = Number(request.headers['content-length']);
  const blob = await storeUpload(ctx, uploadStream(request), profileId, Number.isSafeInteger(declared) && declared > 0 ? declared : 0);
  try {
    return await insertTicket(ctx, profileId, { ...blob, mime_type: mimeType });
  } finally {
    ctx.blobs.unpin(blob.sha1);
  }
}

/**
 * The caller sends the SHA-256 of bytes the service holds and proves it has them:
 * signature = sha256_hex(profile id + bytes), which only someone with the bytes can compute.
 */
async function ticketForProvenContent(ctx: ServiceContext, profileId: string, body: unknown): Promise<FileContentsTable> {
  const { file_hash, signature } = checkBody(FileHashBody, body);
  const sha256 = file_hash.trim().toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(sha256)) throw preconditionFailed('file_hash must be the SHA-256 of the file as 64 hex digits');
  // Each failed proof costs the prover time (hashing the stored bytes costs us): slowed like
  // password guesses, and "unknown hash" and "wrong signature" get the same answer, so the
  // endpoint does not tell whether anybody stored a given file.
  const throttleKey = `content-proof:${profileId}`;
  const refusal = await ctx.throttles.perAccount.check([throttleKey]);
  if (refusal) throw new HttpError(429, throttledMessage('content proofs', refusal), {}, { 'Retry-After': String(refusal.retryAfterSeconds) });
  const known = await ctx.db.selectFrom('file_contents').selectAll().where('sha256', '=', sha256).orderBy('created').executeTakeFirst();
  const expected = known && (await ctx.blobs.exists(known.sha1)) ? await signatureOver(ctx, profileId, known.sha1) : undefined;
  const given = Buffer.from(signature.trim().toLowerCase());
  if (!known || !expected || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    await ctx.throttles.perAccount.record([throttleKey]);
    throw preconditionFailed(NO_PROVEN_CONTENT);
  }
  await assertWithinQuota(ctx, profileId, Number(known.size));
  return insertTicket(ctx, profileId, { sha1: known.sha1, sha256: known.sha256, size: Number(known.size), mime_type: known.mime_type });
}

async function signatureOver(ctx: ServiceContext, profileId: string, sha1: string): Promise<Buffer> {
  const hash = createHash('sha256').update(profileId);
  for await (const chunk of ctx.blobs.read(sha1)) hash.update(chunk as Buffer);
  return Buffer.from(hash.digest('hex'));
}

async function insertTicket(
  ctx: ServiceContext,
  profileId: string,
  content: { sha1: string; sha256: string; size: number; mime_type: string },
): Promise<FileContentsTable> {
  const row: FileContentsTable = { id: randomUUID(), ...content, profile_id: profileId, created: new Date(ctx.now()).toISOString() };
  await ctx.db.insertInto('file_contents').values(row).execute();
  return row;
}

/**
 * Forgets content tickets older than their lifetime that no dataset file was made from,
 * and their bytes when nothing else holds them. Runs (a batch at a time) before a ticket is made,
 * so that expired tickets no longer count against the quota.
 */
export async function expireTickets(ctx: ServiceContext): Promise<number> {
  const before = new Date(ctx.now() - TICKET_LIFETIME_MS).toISOString();
  const expired = await ctx.db
    .selectFrom('file_contents')
    .select(['id', 'sha1'])
    .where('created', '<', before)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('dataset_files').select('id').whereRef('dataset_files.content_id', '=', 'file_contents.id'))))
    .limit(100)
    .execute();
  if (!expired.length) return 0;
  await ctx.db.deleteFrom('file_contents').where('id', 'in', expired.map((t) => t.id)).execute();
  for (const sha1 of new Set(expired.map((t) => t.sha1))) await releaseBlob(ctx, sha1);
  return expired.length;
}

export function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
