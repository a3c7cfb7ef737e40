import type { Config } from "./config";
import type { Database, DatabaseKind } from "./db/client";
import type { Converter } from "./ingest/convert-pool";
import type { Clock } from "./lib/clock";
import type { Passwords } from "./lib/passwords";
import type { BlobStore } from "./storage/blob-store";

/** What every module needs, built once in buildApp and handed down (no singletons). */
export interface AppContext {
  config: Config;
  db: Database;
  dbKind: DatabaseKind;
  clock: Clock;
  sessionSecret: string;
  blobs: BlobStore;
  /** Converts uploads to markdown in worker threads with time and memory limits. */
  converter: Converter;
  /** Hashes new passwords at the configured cost and verifies any stored hash. */
  passwords: Passwords;
  /** Tells the in-process job runner that work was queued (a no-op when a separate worker runs). */
  notifyJobs(): void;
}
