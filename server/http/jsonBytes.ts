// JSON answered as ready UTF-8 bytes (spliced from cached serialisations). Fastify adds
// "; charset=utf-8" only to string bodies, so it is added here: clients see the same
// Content-Type whichever way a body was built.
import type { FastifyReply } from 'fastify';

export function jsonBytesReply(reply: FastifyReply, mediaType: string, bytes: Buffer): Buffer {
  reply.type(/;\s*charset=/i.test(mediaType) ? mediaType : `${mediaType}; charset=utf-8`);
  return bytes;
}
