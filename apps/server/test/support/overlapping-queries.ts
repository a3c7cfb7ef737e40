/**
 * Fails the run when node-postgres is handed a query while its connection is still running
 * another (two queries at once inside a transaction): today a deprecation warning that would scroll
 * past in the log, from pg 9 an error. db/read-all.ts is the way to read side by side.
 */
const installed = Symbol.for("quire.test.overlappingQueries");
const scope = globalThis as { [installed]?: boolean };

if (!scope[installed]) {
  scope[installed] = true;
  process.on("warning", (warning) => {
    if (warning.name !== "DeprecationWarning" || !warning.message.includes("already executing a query"))
      return;
    // Thrown outside the warning's own dispatch, so Vitest reports it as an unhandled error.
    setImmediate(() => {
      throw new Error(
        `Two queries at once on one PostgreSQL connection: ${warning.stack ?? warning.message}`,
      );
    });
  });
}
