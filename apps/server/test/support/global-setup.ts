import { ensurePgliteSnapshot, ensurePostgresTemplate, SNAPSHOT_ENV, TEMPLATE_ENV } from "./db-snapshot";

/**
 * Vitest's global set-up for the server's tests: the migrated database every test file starts
 * from is made here once per run (before any worker starts), not by each file. Test workers
 * inherit these variables from this process.
 */
export default async function setup(): Promise<void> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) process.env[TEMPLATE_ENV] = await ensurePostgresTemplate(serverUrl);
  else process.env[SNAPSHOT_ENV] = await ensurePgliteSnapshot();
}
