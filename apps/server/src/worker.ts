import { pino } from "pino";
import { loadConfig, scaleOutWarnings } from "./config";
import { createContext } from "./context";
import { openDatabase } from "./db/client";
import { loadOrCreateSessionSecret } from "./lib/secret";
import { createJobRunner } from "./services";
import { subscribers } from "./subscribers";

/**
 * `npm run worker`: a process that only runs background jobs (conversion, OCR, indexing) from the
 * shared queue. For scale-out on PostgreSQL: N API processes started with WORKER=false, M of these.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl) {
    throw new Error(
      "A separate worker needs DATABASE_URL (PostgreSQL): the embedded database belongs to the one Quire process, which runs jobs itself.",
    );
  }
  const log = pino({ level: config.logLevel });
  const database = await openDatabase({ url: config.databaseUrl });
  const sessionSecret = loadOrCreateSessionSecret(config.dataDir, config.sessionSecret);
  const ctx = createContext({ config, database, sessionSecret, subscribers });
  for (const warning of scaleOutWarnings(config)) log.warn(warning);
  const runner = createJobRunner(ctx);
  await runner.recover(false);
  runner.start();
  // Jobs queued by the API processes wake this runner at once (NOTIFY), not at its next poll.
  const stopJobListener = await ctx.jobs.listen(() => runner.wake());
  log.info({ worker: runner.workerId }, "worker started");

  const stop = async (signal: string) => {
    log.info({ signal }, "worker stopping after the job in hand");
    await runner.stop();
    await stopJobListener();
    await ctx.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
