// How service instances that share one database tell each other what changed in memory:
// live-sync hints for clients connected elsewhere, tokens to forget from caches. An event
// reaches this instance's subscribers at once and the other instances' shortly after.
// Events are hints, never data: a lost one costs latency (a client pulls at its periodic
// sync; a cached token is checked again within its cache lifetime), never correctness.
//
// Implementations: LocalInstanceBus (one process), DatabaseInstanceBus (a table every
// instance polls; the bus on SQLite) and PostgresInstanceBus (LISTEN/NOTIFY: no polling).

/** Every topic and the payload it carries. */
export interface BusTopics {
  /** Writes to a library: the streams of these profiles hear "library X changed". */
  'library-changed': { profiles: string[]; library: string };
  /** Access tokens revoked: every instance drops them from its token cache (`all`: every token). */
  'tokens-forgotten': { accessHashes: string[]; all?: boolean };
}

export type BusTopic = keyof BusTopics;
export type BusHandler<T extends BusTopic> = (payload: BusTopics[T]) => void;

export interface InstanceBus {
  /** Delivers to this instance's subscribers now and to other instances' soon. */
  publish<T extends BusTopic>(topic: T, payload: BusTopics[T]): Promise<void>;
  /** Returns the function that unsubscribes. */
  subscribe<T extends BusTopic>(topic: T, handler: BusHandler<T>): () => void;
  close(): Promise<void>;
}

/** A bus between the instances sharing one database. */
export interface SharedInstanceBus extends InstanceBus {
  /** This instance's id on the bus (and in job leases). */
  readonly origin: string;
  /** Resolves once the events other instances published before the call have been delivered here. */
  poll(): Promise<void>;
  /** Deletes stored events every instance has read; how many. */
  prune(): Promise<number>;
}

/** Delivery to this process's subscribers; the base of every bus. */
export class LocalInstanceBus implements InstanceBus {
  private readonly handlers = new Map<BusTopic, Set<(payload: never) => void>>();

  async publish<T extends BusTopic>(topic: T, payload: BusTopics[T]): Promise<void> {
    this.deliver(topic, payload);
  }

  subscribe<T extends BusTopic>(topic: T, handler: BusHandler<T>): () => void {
    let set = this.handlers.get(topic);
    if (!set) this.handlers.set(topic, (set = new Set()));
    const entry = handler as (payload: never) => void;
    set.add(entry);
    return () => set.delete(entry);
  }

  async close(): Promise<void> {
    this.handlers.clear();
  }

  protected deliver<T extends BusTopic>(topic: T, payload: BusTopics[T]): void {
    for (const handler of this.handlers.get(topic) ?? []) {
      try {
        (handler as BusHandler<T>)(payload);
      } catch (error) {
        // One failing subscriber must not keep the event from the others.
        console.error(`Instance bus: a subscriber to ${topic} failed`, error);
      }
    }
  }
}
