import type { Config } from "./config";
import type { Database, DatabaseKind } from "./db/client";
import type { Clock } from "./lib/clock";

/** What every module needs, built once in buildApp and handed down (no singletons). */
export interface AppContext {
  config: Config;
  db: Database;
  dbKind: DatabaseKind;
  clock: Clock;
  sessionSecret: string;
}
