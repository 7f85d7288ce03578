// Which failed pushes are refusals that another try would not change, and how to tell a
// person about them: a sentence, never a method, URL or stack.
import { ServiceError } from '../../../shared/client/index.ts';

/** Statuses that are part of the normal flow (sign in, merge, wait): never held. */
const RETRIED = new Set([401, 408, 409, 412, 429]);

/** A 4xx answer the push cannot get past by trying again. */
export function isRefusal(error: unknown): error is ServiceError {
  return error instanceof ServiceError && error.status >= 400 && error.status < 500 && !RETRIED.has(error.status);
}

/** The service's own message when it sent one as JSON, else the status in words. */
export function refusalReason(error: ServiceError): string {
  const message = (error.body as { message?: unknown } | undefined)?.message;
  const said = typeof message === 'string' && message.trim() ? message.trim().replace(/[.\s]*$/, '') : undefined;
  return said
    ? `The service refused this change: ${said}.`
    : `The service refused this change (error ${error.status}).`;
}

/** A failure that is not the service's answer (for example the file's bytes are missing here). */
export function failureReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return `This change could not be sent: ${message.replace(/[.\s]*$/, '')}.`;
}
