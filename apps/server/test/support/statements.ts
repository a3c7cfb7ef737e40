import type { Database } from "../../src/db/client";

/** The part of Drizzle's session every statement passes through (both drivers). */
interface QuerySession {
  prepareQuery(query: { sql: string }, ...rest: unknown[]): unknown;
}

/**
 * Records the SQL of every statement `db` prepares until `stop()`: for tests that assert what a
 * code path reads (a structural check, which a loaded machine cannot make flaky the way a timing
 * bound can). Statements inside transactions go through the same session.
 */
export function recordStatements(db: Database): { sql: string[]; stop(): void } {
  // Drizzle marks `session` internal (absent from its types) but every query is prepared there.
  const session = (db as unknown as { session: QuerySession }).session;
  const original = session.prepareQuery;
  const sql: string[] = [];
  session.prepareQuery = function (this: QuerySession, query, ...rest) {
    sql.push(query.sql);
    return original.call(this, query, ...rest);
  };
  return {
    sql,
    stop: () => {
      session.prepareQuery = original;
    },
  };
}

/** One statement as recordStatementSizes saw it: its SQL's start and its parameters' size. */
export interface StatementSize {
  sql: string;
  /** Characters of string parameters plus bytes of binary ones. */
  paramChars: number;
}

function sizeOf(param: unknown): number {
  if (typeof param === "string") return param.length;
  if (param instanceof Uint8Array) return param.byteLength;
  if (param === null || param === undefined) return 0;
  return typeof param === "object" ? JSON.stringify(param).length : String(param).length;
}

/**
 * Records the size of every statement `db` prepares until `stop()`: what one statement carries is
 * what it costs the thread that runs it (PGlite's is the one that answers requests), so a test can
 * bound it structurally, where a timing bound would be at the mercy of a loaded machine. Statements
 * of any database of this process are recorded, transactions' included.
 */
export function recordStatementSizes(db: Database): { sizes: StatementSize[]; stop(): void } {
  // A transaction prepares its statements on a session of its own, of the same class: the class's
  // method is replaced, so every statement of this process is seen while recording.
  const session = Object.getPrototypeOf((db as unknown as { session: QuerySession }).session) as QuerySession;
  const original = session.prepareQuery;
  const sizes: StatementSize[] = [];
  session.prepareQuery = function (this: QuerySession, query, ...rest) {
    const params = (query as { params?: unknown[] }).params ?? [];
    sizes.push({
      sql: query.sql.slice(0, 120),
      paramChars: params.reduce<number>((n, p) => n + sizeOf(p), 0),
    });
    return original.call(this, query, ...rest);
  };
  return {
    sizes,
    stop: () => {
      session.prepareQuery = original;
    },
  };
}
