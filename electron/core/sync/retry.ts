// Which failures are worth trying again, and trying again with exponential backoff.
// Network failures, 5xx, 408 and 429 are transient (429 and 503 say how long to wait in
// Retry-After); everything else is an answer that another try would not change.
import { NetworkError, ServiceError } from '../../../shared/client/index.ts';
import { sleepOn, systemClock, type Clock } from '../clock.ts';

/** The sync was cancelled (stop(), or the caller's AbortSignal). */
export class SyncAbortedError extends Error {
  constructor() {
    super('The sync was cancelled');
    this.name = 'SyncAbortedError';
  }
}

export function isAborted(error: unknown, signal?: AbortSignal): boolean {
  return signal?.aborted === true || error instanceof SyncAbortedError || (error instanceof NetworkError && error.aborted);
}

/** No answer from the service at all: the machine is offline or the service is down. */
export function isOffline(error: unknown): boolean {
  return error instanceof NetworkError && !error.aborted;
}

export function isTransient(error: unknown): boolean {
  if (isOffline(error)) return true;
  return error instanceof ServiceError && (error.status >= 500 || error.status === 429 || error.status === 408);
}

export function throwIfAborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw new SyncAbortedError();
}

/** Waits on the clock, unless the signal ends the wait first. */
export function sleep(ms: number, signal?: AbortSignal, clock: Clock = systemClock): Promise<void> {
  return sleepOn(clock, ms, signal, () => new SyncAbortedError());
}

export interface RetryOptions {
  signal?: AbortSignal;
  /** The clock the waits between tries run on (the core's). */
  clock?: Clock;
  /** Tries in all (the first one included). */
  attempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Told of each transient failure that will be tried again (the engine shows offline at the first). */
  onRetry?: (error: unknown) => void;
}

/** Delay before try n+1: base * 2^n with jitter, or what Retry-After asked for. */
export function backoffDelay(attempt: number, error: unknown, baseDelayMs: number, maxDelayMs: number): number {
  const asked = error instanceof ServiceError ? error.retryAfterMs : undefined;
  if (asked !== undefined) return Math.min(asked, 60_000);
  const exponential = baseDelayMs * 2 ** attempt;
  return Math.min(maxDelayMs, exponential * (0.75 + Math.random() * 0.5));
}

export async function withRetry<T>(fn: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const { signal, attempts = 5, baseDelayMs = 200, maxDelayMs = 5_000 } = options;
  for (let attempt = 0; ; attempt++) {
    throwIfAborted(signal);
    try {
      return await fn();
    } catch (error) {
      if (isAborted(error, signal)) throw new SyncAbortedError();
      if (!isTransient(error) || attempt + 1 >= attempts) throw error;
      options.onRetry?.(error);
      await sleep(backoffDelay(attempt, error, baseDelayMs, maxDelayMs), signal, options.clock);
    }
  }
}
