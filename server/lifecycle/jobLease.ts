// Background jobs that must run in one instance at a time (the catalog's scan of library
// changes, pruning old instance events): each takes a lease, a row naming its holder until
// an expiry. The holder renews it on every run; when it stops (or dies), another instance
// takes the job over once the lease expires (at once, when it stopped cleanly and released it).
import type { ServiceDb } from '../storage/database.ts';

export class JobLeases {
  constructor(
    private readonly db: ServiceDb,
    /** This instance's name in the lease rows. */
    readonly holder: string,
    private readonly now: () => number,
  ) {}

  /** Takes or renews the job's lease for `ttlMs`; false when another live instance holds it. */
  async tryAcquire(job: string, ttlMs: number): Promise<boolean> {
    const now = this.now();
    const result = await this.db
      .insertInto('job_leases')
      .values({ job, holder: this.holder, expires_at: now + ttlMs })
      .onConflict((oc) =>
        oc
          .column('job')
          .doUpdateSet((eb) => ({ holder: eb.ref('excluded.holder'), expires_at: eb.ref('excluded.expires_at') }))
          .where((eb) => eb.or([eb('job_leases.holder', '=', this.holder), eb('job_leases.expires_at', '<', now)])),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** Gives the job up, so another instance takes it at its next try. */
  async release(job: string): Promise<void> {
    await this.db.deleteFrom('job_leases').where('job', '=', job).where('holder', '=', this.holder).execute();
  }
}

export interface LeasedJob {
  /** The lease's name: one instance at a time runs the job of this name. */
  name: string;
  everyMs: number;
  run(): Promise<void> | void;
}

/** Runs jobs on timers, each only in the instance holding its lease. */
export class LeasedJobScheduler {
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly held = new Set<string>();
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly leases: JobLeases,
    private readonly log: (message: string, error: unknown) => void,
  ) {}

  schedule(job: LeasedJob): void {
    const timer = setInterval(() => void this.tick(job), job.everyMs);
    timer.unref();
    this.timers.push(timer);
  }

  /** One turn of the job: run it if this instance holds (or can take) its lease. Says whether it ran. */
  async tick(job: LeasedJob): Promise<boolean> {
    const turn = this.turn(job);
    const tracked = turn.then(() => undefined);
    this.running.add(tracked);
    try {
      return await turn;
    } finally {
      this.running.delete(tracked);
    }
  }

  private async turn(job: LeasedJob): Promise<boolean> {
    try {
      // Three periods: a holder that misses a turn or two under load keeps its job.
      if (!(await this.leases.tryAcquire(job.name, job.everyMs * 3))) {
        this.held.delete(job.name);
        return false;
      }
      this.held.add(job.name);
      await job.run();
      return true;
    } catch (error) {
      this.log(`Background job ${job.name} failed`, error);
      return false;
    }
  }

  /** Stops the timers, waits for running turns and releases the leases held. */
  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    await Promise.all(this.running);
    for (const name of this.held) await this.leases.release(name).catch(() => undefined);
    this.held.clear();
  }
}
