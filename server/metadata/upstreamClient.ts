// One public metadata service as the resolvers see it: GET with a time limit, the contact
// address in the User-Agent, requests spaced by the service's asked-for interval, and a
// 429 honoured (nothing is sent again until its Retry-After has passed). Every failure
// becomes an UpstreamUnavailable with a reason; a 404 or 410 is an answer ("unknown").
import type { UpstreamName } from './resolverSettings.ts';

export type UnavailableReason = 'timeout' | 'unreachable' | 'rate_limited' | 'busy' | 'upstream_error' | 'malformed';

export class UpstreamUnavailable extends Error {
  constructor(readonly upstream: UpstreamName, readonly reason: UnavailableReason, readonly retryAfterMs?: number) {
    super(`${upstream}: ${reason}`);
  }
}

export type UpstreamAnswer = { found: true; body: string } | { found: false };

export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms).unref()),
};

/** Larger answers are not metadata records. */
const MAX_BODY_BYTES = 2 * 1024 * 1024;
/** A 429 without a usable Retry-After blocks the upstream this long. */
const DEFAULT_BLOCK_MS = 60_000;

export interface UpstreamOptions {
  name: UpstreamName;
  userAgent: string;
  timeoutMs: number;
  minIntervalMs: number;
  clock?: Clock;
}

export class UpstreamClient {
  private nextSlotAt = 0;
  private blockedUntil = 0;
  private readonly clock: Clock;

  constructor(private readonly options: UpstreamOptions) {
    this.clock = options.clock ?? systemClock;
  }

  async get(url: string, accept: string): Promise<UpstreamAnswer> {
    await this.takeSlot();
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { Accept: accept, 'User-Agent': this.options.userAgent },
        redirect: 'follow',
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new UpstreamUnavailable(this.options.name, timedOut ? 'timeout' : 'unreachable');
    }
    if (response.status === 404 || response.status === 410) {
      await response.body?.cancel();
      return { found: false };
    }
    if (response.status === 429 || response.status === 503) {
      const waitMs = retryAfterMs(response.headers.get('retry-after'), this.clock.now()) ?? DEFAULT_BLOCK_MS;
      await response.body?.cancel();
      if (response.status === 429) this.blockedUntil = this.clock.now() + waitMs;
      throw new UpstreamUnavailable(this.options.name, response.status === 429 ? 'rate_limited' : 'upstream_error', waitMs);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new UpstreamUnavailable(this.options.name, 'upstream_error');
    }
    return { found: true, body: await this.readBody(response) };
  }

  /** Waits for this upstream's next free moment, or refuses when that is too far off. */
  private async takeSlot(): Promise<void> {
    const now = this.clock.now();
    if (now < this.blockedUntil) throw new UpstreamUnavailable(this.options.name, 'rate_limited', this.blockedUntil - now);
    const at = Math.max(now, this.nextSlotAt);
    const wait = at - now;
    // A queue longer than one request's time limit would only make every caller time out.
    if (wait > this.options.timeoutMs) throw new UpstreamUnavailable(this.options.name, 'busy', wait);
    this.nextSlotAt = at + this.options.minIntervalMs;
    if (wait > 0) await this.clock.sleep(wait);
  }

  private async readBody(response: Response): Promise<string> {
    const declared = Number(response.headers.get('content-length'));
    if (declared > MAX_BODY_BYTES) {
      await response.body?.cancel();
      throw new UpstreamUnavailable(this.options.name, 'malformed');
    }
    try {
      const bytes = new Uint8Array(await response.arrayBuffer());
      if (bytes.byteLength > MAX_BODY_BYTES) throw new UpstreamUnavailable(this.options.name, 'malformed');
      return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch (error) {
      if (error instanceof UpstreamUnavailable) throw error;
      const timedOut = error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new UpstreamUnavailable(this.options.name, timedOut ? 'timeout' : 'malformed');
    }
  }
}

/** Retry-After in seconds or as an HTTP date, in milliseconds from now. */
export function retryAfterMs(value: string | null, now: number): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
