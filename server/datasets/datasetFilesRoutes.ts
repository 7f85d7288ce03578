// Serves dataset file bytes behind signed, expiring URLs (download_url: attachment under the
// file's filename; view_url: inline). No token: the signature is the permission.
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../context.ts';
import { forbidden, HttpError, notFound } from '../http/errors.ts';
import { formatContentDisposition } from '../library/contentDisposition.ts';
import { parseRange } from '../../shared/byteRanges.ts';
import { verifyDownload } from '../library/signedUrls.ts';
import { DATASET_DOWNLOAD_PREFIX, grantIdOf } from './datasetFiles.ts';
import { nowOf } from './clock.ts';

export async function datasetFilesRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  app.get<{ Params: { id: string }; Querystring: Record<string, unknown> }>(
    `${DATASET_DOWNLOAD_PREFIX}:id`,
    { config: { auth: 'none' } },
    async (request, reply) => {
      const now = Math.floor(nowOf(ctx).getTime() / 1000);
      const check = verifyDownload(ctx.signingKey, grantIdOf(request.params.id), request.query, now);
      if (!check.ok) throw forbidden(check.reason);
      const file = await ctx.db.selectFrom('dataset_files').selectAll().where('id', '=', request.params.id).executeTakeFirst();
      if (!file || !(await ctx.blobs.exists(file.sha1))) throw notFound('File not found');

      const size = await ctx.blobs.size(file.sha1);
      const etag = `"${file.sha1}"`;
      const ifRange = request.headers['if-range'];
      const rangeHeader = ifRange && ifRange !== etag ? undefined : request.headers.range;
      const range = parseRange(rangeHeader, size);
      if (range.kind === 'unsatisfiable') {
        throw new HttpError(416, `Range ${String(rangeHeader)} is outside the file of ${size} bytes`, {}, { 'Content-Range': `bytes */${size}` });
      }
      reply
        .header('Content-Type', file.mime_type)
        .header('Content-Disposition', formatContentDisposition(check.grant.disposition, file.filename))
        .header('Accept-Ranges', 'bytes')
        .header('ETag', etag)
        .header('Cache-Control', `private, max-age=${Math.max(0, check.grant.expires - now)}`)
        .header('X-Content-Type-Options', 'nosniff');
      // Viewing inline must not let an uploaded HTML or SVG file run script on the service's origin.
      if (check.grant.disposition === 'inline') reply.header('Content-Security-Policy', "sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline'");
      if (range.kind === 'partial') {
        reply.code(206).header('Content-Range', `bytes ${range.start}-${range.end}/${size}`).header('Content-Length', String(range.end - range.start + 1));
        return reply.send(ctx.blobs.read(file.sha1, range));
      }
      reply.header('Content-Length', String(size));
      return reply.send(ctx.blobs.read(file.sha1));
    },
  );
}
