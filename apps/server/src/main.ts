import { buildApp, logRedactions } from "./app";
import { bootstrap, userCount } from "./bootstrap/bootstrap";
import { runRepairs } from "./bootstrap/repairs";
import { loadConfig, scaleOutWarnings } from "./config";
import { createContext } from "./context";
import { shiftableClock } from "./lib/clock";
import { openDatabase } from "./db/client";
import { seedDemoDocuments } from "./demo/seed";
import { demoModeWarnings } from "./modules/auth/demo-mode";
import { loadOrCreateSessionSecret } from "./lib/secret";
import { createJobRunner, startEventHub } from "./services";
import { subscribers } from "./subscribers";
import type { JobRunner } from "./jobs/runner";

type App = Awaited<ReturnType<typeof buildApp>>;
type Context = ReturnType<typeof createContext>;

/** First start sets up the data directory; every start says what an operator must still do. */
async function prepare(ctx: Context, app: App): Promise<void> {
  for (const warning of scaleOutWarnings(ctx.config)) app.log.warn(warning);
  const { seeded } = await bootstrap(ctx, [seedDemoDocuments]);
  if (seeded) app.log.info({ demo: ctx.config.demo }, "first start: data directory set up");
  for (const { key, changed } of await runRepairs(ctx))
    app.log.info({ repair: key, changed }, "repaired data");
  for (const warning of await demoModeWarnings(ctx)) app.log.warn(warning);
  if ((await userCount(ctx.db)) === 0) {
    app.log.warn("No users yet. Create the first Admin with: npm run quire -- create-admin <username>");
  }
}

/** Jobs and schedules, in the process that runs them (WORKER); returns what stops them. */
async function startWork(
  ctx: Context,
  app: App,
  runner: JobRunner,
  embedded: boolean,
): Promise<() => Promise<void>> {
  if (!ctx.config.runWorker) return () => runner.stop();
  // With embedded storage this is the only process, so any job still marked running was cut off.
  const requeued = await runner.recover(embedded);
  if (requeued > 0) app.log.info({ requeued }, "resumed jobs interrupted by the last stop");
  runner.start();
  // Jobs queued by other processes (API processes on the same PostgreSQL) wake this runner at once.
  const stopJobListener = await ctx.jobs.listen(() => runner.wake());
  return async () => {
    await runner.stop();
    await stopJobListener();
  };
}

/** Stops on SIGTERM or SIGINT: requests first, then work, then storage; forced after 10 s. */
function exitOnSignals(app: App, close: () => Promise<void>): void {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    const forceExit = setTimeout(() => process.exit(1), 10_000);
    forceExit.unref();
    try {
      await app.close();
      await close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir },
  );
  const sessionSecret = loadOrCreateSessionSecret(config.dataDir, config.sessionSecret);
  const clock = config.clockShift ? shiftableClock() : undefined;
  const ctx = createContext({ config, database, sessionSecret, subscribers, clock, warmConverter: true });
  // Live events reach this process's streams from every process on the database.
  const hub = await startEventHub(ctx);
  const app = await buildApp(ctx, {
    hub,
    logger: { level: config.logLevel, redact: { paths: logRedactions, censor: "[redacted]" } },
  });
  const runner = createJobRunner(ctx);
  await prepare(ctx, app);
  const stopWork = await startWork(ctx, app, runner, database.kind === "pglite");
  exitOnSignals(app, async () => {
    await stopWork();
    await hub.stop();
    await ctx.close();
    await database.close();
  });

  await app.listen({ host: config.host, port: config.port });
  // After listening, so /api/health answers at once; the thread loads beside the event loop.
  ctx.converter.warm().catch((error: unknown) => app.log.warn({ err: error }, "conversion warm-up failed"));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
