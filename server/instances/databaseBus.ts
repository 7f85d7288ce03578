// The instance bus over a table (instance_events) every instance reads by sequence number:
// nothing more than the shared database is needed, so it works wherever several instances
// do. Each instance polls every `pollMs` for events published by others since the last one
// it saw; old events are pruned by one instance at a time (the cleanup job). On SQLite,
// writers are serialised, so sequence order is commit order; on PostgreSQL a sequence
// number can commit after a higher one was read, and a hint may be missed (a cost in
// latency only, see instanceBus.ts): PostgreSQL uses LISTEN/NOTIFY instead (postgresBus.ts).
import { randomUUID } from 'node:crypto';
import type { ServiceDb } from '../storage/database.ts';
import { LocalInstanceBus, type BusTopic, type BusTopics, type SharedInstanceBus } from './instanceBus.ts';

const BATCH = 1000;
/** Events older than this are deleted: every live instance has read them by then. */
export const EVENT_RETENTION_MS = 60_000;

export class DatabaseInstanceBus extends LocalInstanceBus implements SharedInstanceBus {
  readonly origin = randomUUID();
  private lastSeq = 0;
  private timer: NodeJS.Timeout | undefined;
  private polling: Promise<void> | undefined;

  private constructor(
    private readonly db: ServiceDb,
    private readonly now: () => number,
    private readonly log: (message: string, error: unknown) => void,
  ) {
    super();
  }

  /** Starts reading events published from now on. */
  static async start(db: ServiceDb, options: { pollMs: number; now: () => number; log: (message: string, error: unknown) => void }): Promise<DatabaseInstanceBus> {
    const bus = new DatabaseInstanceBus(db, options.now, options.log);
    const latest = await db.selectFrom('instance_events').select((eb) => eb.fn.max('seq').as('seq')).executeTakeFirst();
    bus.lastSeq = Number(latest?.seq ?? 0);
    bus.timer = setInterval(() => void bus.poll(), options.pollMs);
    bus.timer.unref();
    return bus;
  }

  override async publish<T extends BusTopic>(topic: T, payload: BusTopics[T]): Promise<void> {
    this.deliver(topic, payload);
    await this.db
      .insertInto('instance_events')
      .values({ origin: this.origin, topic, payload: JSON.stringify(payload), created_at: this.now() })
      .execute();
  }

  /** Reads and delivers what other instances published since the last poll. */
  poll(): Promise<void> {
    this.polling ??= this.readNew().finally(() => (this.polling = undefined));
    return this.polling;
  }

  private async readNew(): Promise<void> {
    try {
      for (;;) {
        const rows = await this.db
          .selectFrom('instance_events')
          .select(['seq', 'origin', 'topic', 'payload'])
          .where('seq', '>', this.lastSeq)
          .orderBy('seq')
          .limit(BATCH)
          .execute();
        for (const row of rows) {
          this.lastSeq = Number(row.seq);
          if (row.origin !== this.origin) this.deliver(row.topic as BusTopic, JSON.parse(row.payload) as never);
        }
        if (rows.length < BATCH) return;
      }
    } catch (error) {
      this.log('Instance bus: reading events failed', error);
    }
  }

  /** Deletes events every instance has read (run by the cleanup job, one instance at a time). */
  async prune(): Promise<number> {
    const result = await this.db.deleteFrom('instance_events').where('created_at', '<', this.now() - EVENT_RETENTION_MS).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  override async close(): Promise<void> {
    clearInterval(this.timer);
    await this.polling;
    await super.close();
  }
}
