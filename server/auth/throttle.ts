// Throttling of guessing: failed sign-ins, failed client authentications and sign-ups are
// counted per key (an account, a client, a client address) in the database, so that several
// service instances share the counts. After `freeFailures` each next attempt must wait twice
// as long as the one before (1 s, 2 s, 4 s... at most maxDelaySeconds); at `lockoutFailures`
// the key is locked for lockoutSeconds. Counts older than lockoutSeconds are forgotten.
import type { ServiceDb } from '../storage/database.ts';

export interface ThrottlePolicy {
  freeFailures: number;
  lockoutFailures: number;
  lockoutSeconds: number;
  maxDelaySeconds?: number;
}

export interface Refusal {
  /** Whole seconds until the next attempt is allowed. */
  retryAfterSeconds: number;
  locked: boolean;
}

const DEFAULT_MAX_DELAY_SECONDS = 60;

export class Throttle {
  constructor(
    private readonly db: ServiceDb,
    private readonly policy: ThrottlePolicy,
    private readonly now: () => number,
  ) {}

  /** Whether an attempt under these keys must wait now; the longest wait of them all. */
  async check(keys: string[]): Promise<Refusal | undefined> {
    if (keys.length === 0) return undefined;
    const rows = await this.db.selectFrom('auth_failures').selectAll().where('key', 'in', keys).execute();
    const now = this.now();
    let worst: Refusal | undefined;
    for (const row of rows) {
      const refusal = this.refusalOf(row.failures, Number(row.last_failure_at), Number(row.locked_until), now);
      if (refusal && (!worst || refusal.retryAfterSeconds > worst.retryAfterSeconds)) worst = refusal;
    }
    return worst;
  }

  private refusalOf(failures: number, lastAt: number, lockedUntil: number, now: number): Refusal | undefined {
    if (lockedUntil > now) return { retryAfterSeconds: Math.ceil((lockedUntil - now) / 1000), locked: true };
    if (this.isStale(lastAt, now) || failures < this.policy.freeFailures) return undefined;
    const delayMs = Math.min(2 ** (failures - this.policy.freeFailures), this.policy.maxDelaySeconds ?? DEFAULT_MAX_DELAY_SECONDS) * 1000;
    const allowedAt = lastAt + delayMs;
    return allowedAt > now ? { retryAfterSeconds: Math.ceil((allowedAt - now) / 1000), locked: false } : undefined;
  }

  private isStale(lastAt: number, now: number): boolean {
    return now - lastAt > this.policy.lockoutSeconds * 1000;
  }

  /** Counts one failure (or one sign-up) against every key. */
  async record(keys: string[]): Promise<void> {
    const now = this.now();
    const staleBefore = now - this.policy.lockoutSeconds * 1000;
    for (const key of keys) {
      const row = await this.db
        .insertInto('auth_failures')
        .values({ key, failures: 1, last_failure_at: now, locked_until: 0 })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet((eb) => ({
            failures: eb.case().when('auth_failures.last_failure_at', '<', staleBefore).then(1).else(eb('auth_failures.failures', '+', 1)).end(),
            last_failure_at: now,
          })),
        )
        .returning('failures')
        .executeTakeFirstOrThrow();
      if (row.failures >= this.policy.lockoutFailures) {
        await this.db.updateTable('auth_failures').set({ locked_until: now + this.policy.lockoutSeconds * 1000 }).where('key', '=', key).execute();
      }
    }
    // Forget keys nobody has failed under for a whole lockout period.
    await this.db.deleteFrom('auth_failures').where('last_failure_at', '<', staleBefore).where('locked_until', '<', now).execute();
  }

  /** A success under an account forgets its failures (an address keeps its count). */
  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('auth_failures').where('key', '=', key).execute();
  }
}

/** "3 seconds", "15 minutes": for messages people read. */
export function waitDescription(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export interface GuessingThrottles {
  /** Sign-in and client-authentication failures per account or client. */
  perAccount: Throttle;
  /** The same per client address. */
  perAddress: Throttle;
  /** Accounts created per client address. */
  signUps: Throttle;
}

export function guessingThrottles(
  db: ServiceDb,
  config: {
    signInFreeFailures: number; signInLockoutFailures: number; signInLockoutSeconds: number;
    addressFreeFailures: number; addressLockoutFailures: number; signUpsPerAddressPerHour: number;
  },
  now: () => number,
): GuessingThrottles {
  return {
    perAccount: new Throttle(db, { freeFailures: config.signInFreeFailures, lockoutFailures: config.signInLockoutFailures, lockoutSeconds: config.signInLockoutSeconds }, now),
    perAddress: new Throttle(db, { freeFailures: config.addressFreeFailures, lockoutFailures: config.addressLockoutFailures, lockoutSeconds: config.signInLockoutSeconds }, now),
    // Sign-ups beyond the hourly allowance lock the address for the rest of the hour.
    signUps: new Throttle(db, { freeFailures: config.signUpsPerAddressPerHour, lockoutFailures: config.signUpsPerAddressPerHour, lockoutSeconds: 3600 }, now),
  };
}

/** The keys of one guess: the account (or client) guessed at, and the address guessing. */
export interface GuessKeys {
  account: string;
  address: string;
}

export function signInKeys(email: string, address: string): GuessKeys {
  return { account: `signin:${email.trim().toLowerCase()}`, address: `address:${address}` };
}

export function clientKeys(clientId: string, address: string): GuessKeys {
  return { account: `client:${clientId}`, address: `address:${address}` };
}

/** Whether a guess must wait: the longer wait of its account and its address. */
export async function guessRefusal(throttles: GuessingThrottles, keys: GuessKeys): Promise<Refusal | undefined> {
  const [account, address] = await Promise.all([throttles.perAccount.check([keys.account]), throttles.perAddress.check([keys.address])]);
  if (!account) return address;
  if (!address) return account;
  return account.retryAfterSeconds >= address.retryAfterSeconds ? account : address;
}

export async function recordFailedGuess(throttles: GuessingThrottles, keys: GuessKeys): Promise<void> {
  await throttles.perAccount.record([keys.account]);
  await throttles.perAddress.record([keys.address]);
}

export function throttledMessage(what: string, refusal: Refusal): string {
  const wait = waitDescription(refusal.retryAfterSeconds);
  return refusal.locked
    ? `Too many failed ${what}: further attempts are blocked for ${wait}.`
    : `Too many failed ${what}: wait ${wait} before the next attempt.`;
}
