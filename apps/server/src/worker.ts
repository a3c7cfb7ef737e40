import { buildApp } from "./app";
import { loadConfig, scaleOutWarnings } from "./config";
import { openDatabase } from "./db/client";
import { loadOrCreateSessionSecret } from "./lib/secret";
import { startOrphanSweeper } from "./storage/orphan-sweep";

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
  const database = await openDatabase({ url: config.databaseUrl });
  const sessionSecret = loadOrCreateSessionSecret(config.dataDir, config.sessionSecret);
  const { app, ctx, runner } = await buildApp({
    config,
    database,
    sessionSecret,
    logger: { level: config.logLevel },
  });
  for (const warning of scaleOutWarnings(config)) app.log.warn(warning);
  await runner.recover(false);
  runner.start();
  const stopSweeper = startOrphanSweeper(ctx, app.log);
  app.log.info({ worker: runner.workerId }, "worker started");

  const stop = async (signal: string) => {
    app.log.info({ signal }, "worker stopping after the job in hand");
    stopSweeper();
    await runner.stop();
    await app.close();
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
