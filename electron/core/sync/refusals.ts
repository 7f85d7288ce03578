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

/** What the status bar says when a sync stops: what happened and what to do, in words. */
export function describeSyncStop(error: unknown, state: 'offline' | 'signed-out' | 'error'): string {
  if (state === 'offline') return 'The service cannot be reached. Your changes are kept here and will be sent when it is back.';
  if (state === 'signed-out') return 'Your sign-in has expired. Sign in again to sync.';
  if (error instanceof ServiceError) {
    const message = (error.body as { message?: unknown } | undefined)?.message;
    if (error.status >= 500) return 'The service had a problem and could not sync. It will be tried again shortly.';
    if (typeof message === 'string' && message.trim()) return `Sync stopped: the service said "${message.trim()}". It will be tried again shortly.`;
    return `Sync stopped: the service answered with error ${error.status}. It will be tried again shortly.`;
  }
  return 'Sync stopped because of a problem on this computer. It will be tried again shortly.';
}
