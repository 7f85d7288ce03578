// Profile photos. The spec shows the `photo` (URLs under original, standard, square) and
// `photos` fields but no way to set them; this service takes the caller's photo with
// PUT /profiles/me/photo (the image bytes, PNG, JPEG or GIF, at most 5 MB), removes it with
// DELETE, and serves it, like any public profile field, without a token at
// /profiles/photos/{sha1}.{ext}. No resizing is done: standard and square name the original.
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../context.ts';
import { userOf } from '../auth/authenticate.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { imageInfo, type ImageKind } from './imageSize.ts';
import { findProfile, profileData } from './profileStore.ts';
import { ownProfileView } from './profileView.ts';
import { nextTimestamp } from '../storage/timestamps.ts';

export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
const TYPES: Record<string, ImageKind> = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/gif': 'gif' };
const EXTENSIONS: Record<ImageKind, string> = { png: 'png', jpeg: 'jpg', gif: 'gif' };
const CONTENT_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif' };

export async function profilePhotoRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  // Photos apart from library files: deleting a file must never take a photo's bytes along.
  const photos = ctx.photos;

  async function setPhoto(profileId: string, value: { photo: Record<string, string>; photos: unknown[] } | null) {
    const row = await findProfile(ctx.db, profileId);
    if (!row) throw notFound('profile not found');
    const data: Record<string, unknown> = { ...profileData(row) };
    if (value) Object.assign(data, value);
    else { delete data.photo; delete data.photos; }
    const update = { data: JSON.stringify(data), last_modified: nextTimestamp(row.last_modified) };
    await ctx.db.updateTable('profiles').set(update).where('id', '=', row.id).execute();
    return ownProfileView({ ...row, ...update }, ctx.url);
  }

  app.put('/profiles/me/photo', { config: { produces: [ctx.mediaTypes.profiles, ctx.mediaTypes.profile], consumes: Object.keys(TYPES) } }, async (request, reply) => {
    const declared = TYPES[(request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase()];
    if (!declared) throw badRequest('A profile photo is a PNG, JPEG or GIF image');
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of request.body as Readable) {
      size += (chunk as Buffer).length;
      if (size > PHOTO_MAX_BYTES) throw badRequest(`A profile photo is at most ${PHOTO_MAX_BYTES / 1024 / 1024} MB`);
      chunks.push(chunk as Buffer);
    }
    const bytes = Buffer.concat(chunks);
    const info = imageInfo(bytes);
    if (!info || info.kind !== declared) throw badRequest(`The body is not a ${declared.toUpperCase()} image`);
    if (info.width < 1 || info.height < 1) throw badRequest('The image has no pixels');
    const stored = await photos.put(bytes, PHOTO_MAX_BYTES);
    const url = ctx.url(`/profiles/photos/${stored.sha1}.${EXTENSIONS[info.kind]}`);
    const view = await setPhoto(userOf(request), {
      photo: { original: url, standard: url, square: url },
      photos: [{ url, original: true, width: info.width, height: info.height }],
    });
    return reply.type(request.responseType).send(view);
  });

  app.delete('/profiles/me/photo', async (request, reply) => {
    await setPhoto(userOf(request), null);
    return reply.code(204).send();
  });

  app.get<{ Params: { name: string } }>('/profiles/photos/:name', { config: { auth: 'none' } }, async (request, reply) => {
    const match = /^([0-9a-f]{40})\.(png|jpg|gif)$/.exec(request.params.name);
    if (!match || !(await photos.exists(match[1]!))) throw notFound('photo not found');
    reply.header('Cache-Control', 'public, max-age=31536000, immutable');
    reply.header('X-Content-Type-Options', 'nosniff');
    return reply.type(CONTENT_TYPES[match[2]!]!).send(photos.read(match[1]!));
  });
}
