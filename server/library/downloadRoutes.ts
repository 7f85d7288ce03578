// Serves file bytes behind signed, time-limited URLs. No token: the signature is the
// permission, so these URLs work in browsers, PDF viewers and download managers.
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../context.ts';
import { forbidden, HttpError, notFound } from '../http/errors.ts';
import { formatContentDisposition } from './contentDisposition.ts';
import { parseRange } from '../../shared/byteRanges.ts';
import { DOWNLOAD_PATH_PREFIX, verifyDownload } from './signedUrls.ts';

export async function downloadRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  app.get<{ Params: { id: string }; Querystring: Record<string, unknown> }>(
    `${DOWNLOAD_PATH_PREFIX}:id`,
    { config: { auth: 'none' } },
    async (request, reply) => {
      const check = verifyDownload(ctx.signingKey, request.params.id, request.query);
      if (!check.ok) throw forbidden(check.reason);
      const file = await ctx.db.selectFrom('files').selectAll().where('id', '=', request.params.id).executeTakeFirst();
      if (!file || !(await ctx.blobs.exists(file.filehash))) throw notFound('File not found; it may have been deleted');

      const size = await ctx.blobs.size(file.filehash);
      const etag = `"${file.filehash}"`;
      const ifRange = request.headers['if-range'];
      const rangeHeader = ifRange && ifRange !== etag ? undefined : request.headers.range;
      const range = parseRange(rangeHeader, size);
      if (range.kind === 'unsatisfiable') {
        throw new HttpError(416, `Range ${String(rangeHeader)} is outside the file of ${size} bytes`, {}, { 'Content-Range': `bytes */${size}` });
      }

      const secondsLeft = Math.max(0, check.grant.expires - Math.floor(Date.now() / 1000));
      reply
        .header('Content-Type', file.mime_type)
        .header('Content-Disposition', formatContentDisposition(check.grant.disposition, file.file_name))
        .header('Accept-Ranges', 'bytes')
        .header('ETag', etag)
        .header('Cache-Control', `private, max-age=${secondsLeft}`)
        .header('X-Content-Type-Options', 'nosniff');
      // Viewing inline must not let an uploaded HTML or SVG file run script on the service's origin.
      if (check.grant.disposition === 'inline') reply.header('Content-Security-Policy', "sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline'");
      if (range.kind === 'partial') {
        reply
          .code(206)
          .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
          .header('Content-Length', String(range.end - range.start + 1));
        return reply.send(ctx.blobs.read(file.filehash, range));
      }
      reply.header('Content-Length', String(size));
      return reply.send(ctx.blobs.read(file.filehash));
    },
  );
}
