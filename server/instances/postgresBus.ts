// The instance bus on PostgreSQL: LISTEN/NOTIFY. Each instance holds one connection outside
// the pool that listens on the bus channel; publishing is a pg_notify through the pool, so
// other instances hear an event as soon as it commits, without polling. NOTIFY payloads are
// limited to 8000 bytes: a larger event (a revocation of hundreds of tokens) is written to
// instance_events and the notification carries only its number. When the listening
// connection drops, it is opened again; events meanwhile are missed, which costs latency
// only (see instanceBus.ts).
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { sql } from 'kysely';
import type { PostgresDatabase } from '../storage/database.ts';
import { LocalInstanceBus, type BusTopic, type BusTopics, type SharedInstanceBus } from './instanceBus.ts';
import { EVENT_RETENTION_MS } from './databaseBus.ts';

export const BUS_CHANNEL = 'refshelf_instance_bus';
/** Under NOTIFY's 8000-byte limit, with room for the envelope. */
const MAX_INLINE_BYTES = 7000;
const RECONNECT_MS = 1000;

/** What travels on the channel: an event, a pointer to a large one, or a flush marker. */
type Message =
  | { origin: string; topic: BusTopic; payload: unknown }
  | { origin: string; seq: number }
  | { origin: string; marker: string };

export class PostgresInstanceBus extends LocalInstanceBus implements SharedInstanceBus {
  readonly origin = randomUUID();
  private client: pg.Client | undefined;
  private closed = false;
  private reconnect: NodeJS.Timeout | undefined;
  private readonly markers = new Map<string, () => void>();
  private listened: (() => void)[] = [];
  /** Notifications are handled one after another, in the order they arrived (see poll). */
  private received: Promise<void> = Promise.resolve();

  private constructor(
    private readonly database: PostgresDatabase,
    private readonly now: () => number,
    private readonly log: (message: string, error: unknown) => void,
  ) {
    super();
  }

  /** Starts listening: events published from now on are heard. */
  static async start(database: PostgresDatabase, options: { now: () => number; log: (message: string, error: unknown) => void }): Promise<PostgresInstanceBus> {
    const bus = new PostgresInstanceBus(database, options.now, options.log);
    await bus.listen();
    return bus;
  }

  private async listen(): Promise<void> {
    const client = this.database.newClient();
    client.on('notification', (message) => {
      if (message.channel !== BUS_CHANNEL || !message.payload) return;
      const text = message.payload;
      // A large event is read from the table before it is delivered: a later notification
      // (another event, or poll's marker) waits for it, so delivery keeps commit order.
      this.received = this.received.then(() => this.receive(text));
    });
    const lost = (error?: unknown) => {
      if (this.client !== client) return;
      this.client = undefined;
      void client.end().catch(() => undefined);
      // Markers sent on the lost connection's channel will not come back: a poll waiting
      // for one ends now (what was missed meanwhile is missed, as hints may be).
      this.releaseMarkers();
      if (this.closed) return;
      this.log('Instance bus: the listening connection was lost; listening again', error ?? new Error('connection ended'));
      this.listenLater();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      await client.query(`LISTEN ${BUS_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.closed) {
      // Closed while this connection was being opened.
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    const waiting = this.listened;
    this.listened = [];
    for (const resolve of waiting) resolve();
  }

  /** Tries to listen again in a while, and again after that until it works or the bus closes. */
  private listenLater(): void {
    if (this.closed) return;
    this.reconnect = setTimeout(() => {
      this.listen().catch((error: unknown) => {
        this.log('Instance bus: listening again failed; trying later', error);
        this.listenLater();
      });
    }, RECONNECT_MS);
    this.reconnect.unref();
  }

  /** Resolves the next time the listening connection is (re)established. */
  nextListen(): Promise<void> {
    return new Promise((resolve) => this.listened.push(resolve));
  }

  override async publish<T extends BusTopic>(topic: T, payload: BusTopics[T]): Promise<void> {
    this.deliver(topic, payload);
    const inline = JSON.stringify({ origin: this.origin, topic, payload } satisfies Message);
    if (Buffer.byteLength(inline) <= MAX_INLINE_BYTES) {
      await this.notify(inline);
      return;
    }
    const { seq } = await this.database.db
      .insertInto('instance_events')
      .values({ origin: this.origin, topic, payload: JSON.stringify(payload), created_at: this.now() })
      .returning('seq')
      .executeTakeFirstOrThrow();
    await this.notify(JSON.stringify({ origin: this.origin, seq: Number(seq) } satisfies Message));
  }

  private async notify(message: string): Promise<void> {
    await sql`SELECT pg_notify(${BUS_CHANNEL}, ${message})`.execute(this.database.db);
  }

  private async receive(text: string): Promise<void> {
    try {
      const message = JSON.parse(text) as Message;
      if ('marker' in message) {
        this.markers.get(message.marker)?.();
        return;
      }
      if (message.origin === this.origin) return;
      if ('seq' in message) {
        const row = await this.database.db.selectFrom('instance_events').select(['topic', 'payload']).where('seq', '=', message.seq).executeTakeFirst();
        if (row) this.deliver(row.topic as BusTopic, JSON.parse(row.payload) as never);
        return;
      }
      this.deliver(message.topic, message.payload as never);
    } catch (error) {
      this.log('Instance bus: an event could not be read', error);
    }
  }

  /**
   * Resolves once every event other instances published before the call has been heard:
   * a marker sent on the channel comes back after them (notifications arrive in commit order).
   */
  async poll(): Promise<void> {
    if (!this.client) return;
    const marker = randomUUID();
    const back = new Promise<void>((resolve) => this.markers.set(marker, resolve));
    try {
      await this.notify(JSON.stringify({ origin: this.origin, marker } satisfies Message));
      await back;
    } finally {
      this.markers.delete(marker);
    }
  }

  private releaseMarkers(): void {
    for (const resolve of this.markers.values()) resolve();
    this.markers.clear();
  }

  /** Deletes large events every instance has read (run by the cleanup job, one instance at a time). */
  async prune(): Promise<number> {
    const result = await this.database.db.deleteFrom('instance_events').where('created_at', '<', this.now() - EVENT_RETENTION_MS).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  override async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnect);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
    this.releaseMarkers();
    await super.close();
  }
}
