import path from "node:path";
import { pino, type Logger } from "pino";
import type { Config } from "./config";
import type { Database, DatabaseHandle, DatabaseKind } from "./db/client";
import { EventBus, type Subscriber } from "./events/bus";
import type { DomainEventName } from "./events/catalog";
import { createConverter, type Converter } from "./ingest/convert-pool";
import { rememberRecentConversions } from "./ingest/recent-conversions";
import { jobAnnouncer, type JobAnnouncer } from "./jobs/announce";
import { systemClock, type Clock } from "./lib/clock";
import { passwordHasher, type Passwords } from "./lib/passwords";
import { DbBlobStore, FsBlobStore, type BlobStore } from "./storage/blob-store";

/**
 * What every module needs, built once by createContext and handed down: no module keeps state of
 * its own, so two apps in one process (tests, a CLI command next to a server) never share a cache.
 */
export interface AppContext {
  config: Config;
  db: Database;
  dbKind: DatabaseKind;
  /** The open database itself: job runners and listeners need its pool and LISTEN. */
  database: DatabaseHandle;
  clock: Clock;
  sessionSecret: string;
  blobs: BlobStore;
  /** Converts uploads to markdown in worker threads with time and memory limits. */
  converter: Converter;
  /** Lines about background work (LOG_LEVEL); requests log through Fastify's own logger. */
  log: Logger;
  /** Hashes new passwords at the configured cost and verifies any stored hash. */
  passwords: Passwords;
  /** Every cache (models, settings, connections), each in a slot its module declares. */
  caches: ContextCaches;
  /** Delivers the domain events commands raise to the subscribers the modules declared. */
  events: EventBus<AppContext>;
  /** New jobs were committed: wakes this process's job runners and, on PostgreSQL, every other one. */
  notifyJobs(): void;
  /** The announcements of queued jobs, for whoever runs jobs in this process (main, worker, tests). */
  jobs: JobAnnouncer;
  /** Stops what the context started (its conversion workers); the database is the caller's. */
  close(): Promise<void>;
}

/** A cache a module keeps in the context: the module holds the key, the context holds the value. */
export interface CacheSlot<T> {
  readonly name: string;
  create(): T;
  /** Releases what the value holds (connections) when the context closes. */
  dispose?(value: T): void;
}

export function cacheSlot<T>(name: string, create: () => T, dispose?: (value: T) => void): CacheSlot<T> {
  return { name, create, ...(dispose ? { dispose } : {}) };
}

/** The context's caches: each slot's value is made on first use and lives as long as the context. */
export class ContextCaches {
  private readonly values = new Map<CacheSlot<unknown>, unknown>();

  get<T>(slot: CacheSlot<T>): T {
    if (!this.values.has(slot)) this.values.set(slot, slot.create());
    return this.values.get(slot) as T;
  }

  /** Drops every value, disposing of those whose slot says how. */
  clear(): void {
    for (const [slot, value] of this.values) slot.dispose?.(value);
    this.values.clear();
  }
}

export interface ContextOptions {
  config: Config;
  database: DatabaseHandle;
  sessionSecret: string;
  clock?: Clock;
  /** Keep a conversion thread loaded while idle (the server: its uploads never wait for one). */
  warmConverter?: boolean;
  /**
   * Conversion workers to use instead of starting its own; the caller closes them. Tests share
   * one pool per test process: each new pool's first upload loads a thread (about 0.5 s of CPU).
   */
  converter?: Converter;
  /** Every module's reactions to domain events (src/subscribers.ts collects them). */
  subscribers: ReadonlyArray<Subscriber<AppContext, DomainEventName>>;
}

export function createContext(options: ContextOptions): AppContext {
  const { config, database } = options;
  const jobs = jobAnnouncer(database);
  const converter =
    options.converter ??
    createConverter({
      keepWarm: options.warmConverter ?? false,
      threads: config.conversionThreads,
    });
  const ownsConverter = !options.converter;
  const caches = new ContextCaches();
  return {
    config,
    db: database.db,
    dbKind: database.kind,
    database,
    clock: options.clock ?? systemClock,
    sessionSecret: options.sessionSecret,
    blobs:
      config.blobStore === "db"
        ? new DbBlobStore(database.db)
        : new FsBlobStore(path.resolve(config.dataDir, "blobs")),
    // The upload form's analysis and the upload that follows convert the same bytes once.
    converter: rememberRecentConversions(converter),
    log: pino({ level: config.logLevel }),
    passwords: passwordHasher(config.passwordHashing),
    caches,
    events: new EventBus<AppContext>(options.subscribers, (name, error) => {
      // The change is committed; a reaction that may be lost without harm is reported, not rethrown.
      console.error(`${name}:`, error instanceof Error ? error.message : error);
    }),
    notifyJobs: () => jobs.announce(),
    jobs,
    async close() {
      if (ownsConverter) await converter.close();
      caches.clear();
    },
  };
}
