// PostgreSQL cannot store or even compare text holding U+0000, and no id, name or search needs
// one: a URL carrying a NUL (%00, in its path or its query) is refused before routing, on
// every engine alike, as JSON bodies holding one are (mediaTypes.ts).
import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.ts';

export const NUL_IN_URL = 'Malformed request: the URL contains a NUL character (%00)';

export function installUrlCheck(app: FastifyInstance): void {
  // A callback hook: an async one would cost every request a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.url.includes('%00')) done(new HttpError(400, NUL_IN_URL));
    else done();
  });
}
