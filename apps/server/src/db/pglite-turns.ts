import { setImmediate as nextTurn } from "node:timers/promises";
import type { PGlite } from "@electric-sql/pglite";

/**
 * Embedded PostgreSQL (PGlite) runs each statement synchronously on the thread that answers
 * requests, and hands back its result as a promise that settles at once (a microtask). So one
 * request's statements, and those of every request queued behind it on PGlite's lock, ran back to
 * back without the event loop ever taking its next I/O callback: under mixed load the loop stalled
 * half a second at a time, and an upload, whose dozen file and network steps each wait for a turn
 * of the loop, took 20 s. Here every exchange with the database first waits for the loop's next
 * turn (`setImmediate`, after pending I/O), so requests take turns one statement at a time and
 * none holds the thread for more than a statement. It costs microseconds a statement.
 */
export function takeTurns(client: PGlite): void {
  const exchange = client.execProtocolStream.bind(client);
  client.execProtocolStream = async (message, options) => {
    await nextTurn();
    return exchange(message, options);
  };
}
