import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DATA_TEMPLATE_ENV } from "../reliability/server-process";
import { ensurePgliteSnapshot, ensurePostgresTemplate, SNAPSHOT_ENV, TEMPLATE_ENV } from "./db-snapshot";

/**
 * Vitest's global set-up for the server's tests: the migrated database every test file starts
 * from is made here once per run (before any worker starts), not by each file. Test workers
 * inherit these variables from this process.
 */
export default async function setup(): Promise<() => void> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) process.env[TEMPLATE_ENV] = await ensurePostgresTemplate(serverUrl);
  else process.env[SNAPSHOT_ENV] = await ensurePgliteSnapshot();
  // The process-level tests' seeded data directory: made by the first test that needs it, kept
  // for this run only, since any change to the server may change what a first start writes.
  const template = path.join(tmpdir(), `quire-data-template-${process.pid}-${Date.now()}`);
  process.env[DATA_TEMPLATE_ENV] = template;
  return () => {
    for (const leftover of [template, `${template}.lock`]) rmSync(leftover, { recursive: true, force: true });
  };
}
