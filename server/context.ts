// What every route plugin receives: settings, storage and the shared services.
import type { ServerConfig } from './config.ts';
import type { OpenedDatabase, ServiceDb } from './storage/database.ts';
import type { TokenService } from './auth/tokenService.ts';
import type { BlobStore } from './storage/blobStore.ts';
import type { Mailer } from './mail/mailer.ts';
import type { GuessingThrottles } from './auth/throttle.ts';
import type { InstanceBus } from './instances/instanceBus.ts';
import type { LeasedJobScheduler } from './lifecycle/jobLease.ts';
import type { Lifecycle } from './lifecycle/lifecycle.ts';
import { headerNames, mediaTypes, type MediaTypes } from '../shared/vendor.ts';

export interface ServiceContext {
  config: ServerConfig;
  db: ServiceDb;
  database: OpenedDatabase;
  tokens: TokenService;
  /** File bytes of library and dataset files, shared by every instance. */
  blobs: BlobStore;
  /** Profile photos, shared by every instance. */
  photos: BlobStore;
  mediaTypes: MediaTypes;
  headers: ReturnType<typeof headerNames>;
  /** Secret for signing download URLs and web-session cookies (kept in the data directory). */
  signingKey: Buffer;
  /** Absolute URL of a path on this service. */
  url(path: string): string;
  /** The time in epoch milliseconds; tests inject their own clock. */
  now(): number;
  /** Sends e-mail (SMTP, or the outbox directory in development). */
  mailer: Mailer;
  /** Counters that slow down password and secret guessing, kept in the database. */
  throttles: GuessingThrottles;
  /** Events for the other instances sharing this database (live-sync hints, cache invalidation). */
  bus: InstanceBus;
  /** Background jobs, each run by one instance at a time. */
  jobs: LeasedJobScheduler;
  /** Whether this instance is shutting down (the readiness check says so). */
  lifecycle: Lifecycle;
}

export function contextHelpers(config: ServerConfig) {
  return {
    mediaTypes: mediaTypes(config.vendor),
    headers: headerNames(config.vendor),
    url: (p: string) => `${config.publicUrl}${p.startsWith('/') ? p : `/${p}`}`,
  };
}
