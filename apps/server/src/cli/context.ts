import path from "node:path";
import { pathToFileURL } from "node:url";
import { bootstrap } from "../bootstrap/bootstrap";
import { loadConfig, type Config } from "../config";
import { createContext, type AppContext } from "../context";
import { openDatabase } from "../db/client";
import { seedDemoDocuments } from "../demo/seed";
import type { JobRunner } from "../jobs/runner";
import { loadOrCreateSessionSecret } from "../lib/secret";
import { createJobRunner } from "../services";
import { subscribers } from "../subscribers";

/**
 * Where the user typed the command. `npm run import` at the repository root runs the script inside
 * apps/server, so relative paths (the folder, DATA_DIR) are read from npm's INIT_CWD: otherwise
 * `./data` would name apps/server/data, not the directory `npm start` uses.
 */
export function userCwd(): string {
  return process.env.INIT_CWD ?? process.cwd();
}

export function resolveFromUser(p: string): string {
  return path.resolve(userCwd(), p);
}

export interface CliContext {
  ctx: AppContext;
  runner: JobRunner;
  config: Config;
  close(): Promise<void>;
}

/**
 * The server's own context on the configured database (same environment variables), without
 * listening. First-start set-up runs exactly as the server would run it, so a command run before
 * the first `npm start` leaves the data directory in the state the server expects.
 */
export async function openCliContext(
  env: NodeJS.ProcessEnv = process.env,
  options: { bootstrap?: boolean } = {},
): Promise<CliContext> {
  const config = cliConfig(env);
  // The embedded database refuses a second process itself (a pid lock in DATA_DIR), with a clear message.
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir },
  );
  try {
    const sessionSecret = loadOrCreateSessionSecret(config.dataDir, config.sessionSecret);
    const ctx = createContext({ config, database, sessionSecret, subscribers });
    const runner = createJobRunner(ctx);
    if (options.bootstrap !== false)
      await bootstrap(ctx, [seedDemoDocuments]).catch(async (error) => {
        await ctx.close();
        throw error;
      });
    return {
      ctx,
      runner,
      config,
      async close() {
        await runner.stop();
        await ctx.close();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** The server's configuration as the user's shell gives it, with DATA_DIR read from where they typed. */
export function cliConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return loadConfig({ ...env, DATA_DIR: resolveFromUser(env.DATA_DIR ?? "./data") });
}

/** True when this module is the script node was started with (not imported by a test). */
function isEntryPoint(moduleUrl: string): boolean {
  const script = process.argv[1];
  return script !== undefined && pathToFileURL(path.resolve(script)).href === moduleUrl;
}

/**
 * Runs a command when its module is the script node was started with, and exits with the code it
 * answers; a command that throws prints its message (no stack: the person typed a command) and
 * exits 1.
 */
export function runIfEntryPoint(moduleUrl: string, command: () => Promise<number>): void {
  if (!isEntryPoint(moduleUrl)) return;
  command().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(errorMessage(error));
      process.exit(1);
    },
  );
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
