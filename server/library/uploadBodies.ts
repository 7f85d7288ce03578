// Request bodies of upload routes. These routes live in their own Fastify context where
// only the service's own JSON media types are parsed; every other body (application/json
// included: it may be a file) stays a stream of bytes.
import { PassThrough, type Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, HttpError } from '../http/errors.ts';
import { parseJsonBody } from '../http/mediaTypes.ts';

export function installUploadParsers(app: FastifyInstance, jsonTypes: readonly string[], jsonBodyLimit: number): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser([...jsonTypes], { parseAs: 'buffer', bodyLimit: jsonBodyLimit }, parseJsonBody);
  app.addContentTypeParser('*', (_req, payload, done) => done(null, payload));
}

/** Refuses early when the declared length is zero or over the limit, before any byte is stored. */
export function assertDeclaredLength(request: FastifyRequest, limit: number): void {
  const header = request.headers['content-length'];
  const declared = header === undefined ? NaN : Number(header);
  if (declared === 0) throw badRequest('The file is empty; send its bytes as the request body');
  if (Number.isFinite(declared) && declared > limit) {
    throw new HttpError(413, `File is larger than the limit of ${limit} bytes`);
  }
}

/**
 * The upload's bytes as a stream the blob store may abort without killing the connection:
 * when storing fails (too large, disk error) the rest of the request is drained so that
 * the client still reads the error response.
 */
export function uploadStream(request: FastifyRequest): Readable {
  const source = request.body;
  if (!source || typeof (source as Readable).pipe !== 'function') {
    throw badRequest('The request has no file bytes; send them as the body with the file\'s Content-Type');
  }
  const raw = source as Readable;
  const detached = new PassThrough();
  raw.on('error', (err) => detached.destroy(err));
  raw.pipe(detached);
  detached.on('close', () => {
    if (!raw.readableEnded) {
      raw.unpipe(detached);
      raw.resume();
    }
  });
  return detached;
}
