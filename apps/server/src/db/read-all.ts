import { PgTransaction } from "drizzle-orm/pg-core";
import type { Database } from "./client";

type Reads = readonly (() => Promise<unknown>)[];
type Results<T extends Reads> = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };

/**
 * Runs independent reads side by side on the pool, and one after another inside a transaction:
 * a transaction holds one connection, which takes one query at a time (node-postgres queues a
 * second one with a deprecation warning today and refuses it from pg 9). PGlite runs every query
 * in turn either way.
 */
export async function readAll<const T extends Reads>(db: Database, reads: T): Promise<Results<T>> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as Results<T>;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as Results<T>;
}
