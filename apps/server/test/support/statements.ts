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
