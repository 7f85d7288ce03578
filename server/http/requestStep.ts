// One request hook shape for checks that usually finish at once: the step runs
// synchronously and returns a promise only when it must wait (a token not yet cached, the
// rate limiter saving). Fastify's async hooks would cost every request a promise and a
// microtask turn per hook; a thrown error or a rejected promise goes to `done` either way.
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

export type RequestStep = (request: FastifyRequest) => Promise<void> | undefined | void;

/** An onRequest/preHandler hook that runs `step` and passes at once unless it returned a promise. */
export function requestStepHook(step: RequestStep): (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void {
  return (request, _reply, done) => {
    let waiting: Promise<void> | undefined | void;
    try {
      waiting = step(request);
    } catch (error) {
      done(error as Error);
      return;
    }
    if (waiting) waiting.then(() => done(), (error: Error) => done(error));
    else done();
  };
}
