// Content tickets: bytes uploaded on their own (or proven to be held already) and used
// later by POST /files or by datasets. A ticket keeps its bytes on disk.
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceContext } from '../context.ts';
import type { FileContentsTable } from '../storage/tables.ts';
import { preconditionFailed } from '../http/errors.ts';
import { baseMediaType } from '../http/mediaTypes.ts';
import { userOf } from '../auth/authenticate.ts';
import { FileHashBody } from '../../shared/schemas/file.ts';
import { checkBody } from '../http/bodyCheck.ts';
import { parseContentDisposition } from './contentDisposition.ts';
import { effectiveMimeType, storeUpload } from './fileService.ts';
import { assertDeclaredLength, uploadStream } from './uploadBodies.ts';

/** Registered inside the upload context (see filesRoutes.ts), where bodies stay bytes. */
export async function fileContentsRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const mt = ctx.mediaTypes;
  const upload = async (request: FastifyRequest, reply: FastifyReply) => {
    const profileId = userOf(request);
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
  const blob = await storeUpload(ctx, uploadStream(request));
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
  const known = await ctx.db.selectFrom('file_contents').selectAll().where('sha256', '=', sha256).orderBy('created').executeTakeFirst();
  if (!known || !ctx.blobs.has(known.sha1)) throw preconditionFailed('No content with this file_hash is stored; upload the bytes instead');
  const expected = await signatureOver(ctx, profileId, known.sha1);
  const given = Buffer.from(signature.trim().toLowerCase());
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw preconditionFailed('signature does not match: it must be the SHA-256 (hex) of your profile id followed by the file bytes');
  }
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
  const row: FileContentsTable = { id: randomUUID(), ...content, profile_id: profileId, created: new Date().toISOString() };
  await ctx.db.insertInto('file_contents').values(row).execute();
  return row;
}

export function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
