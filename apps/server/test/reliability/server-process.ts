import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = fileURLToPath(new URL("../../../../", import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  baseUrl: string;
  child: ChildProcess;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

function spawnQuire(entry: string, env: Record<string, string>, port: number) {
  const child = spawn(process.execPath, ["--import", "tsx", entry], {
    cwd: repoRoot,
    env: { ...process.env, HOST: "127.0.0.1", PORT: String(port), LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  return { child, output: () => output };
}

function stopper(child: ChildProcess) {
  return (signal: NodeJS.Signals = "SIGTERM") =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill(signal);
    });
}

/**
 * A first start seeds the demo archive: 80 s was measured at a load of 7 on two cores, so the bound
 * only guards against a hang. A process that misses it is killed: left running, it kept loading the
 * machine long after its test had failed.
 */
const START_TIMEOUT_MS = 180_000;

/** Starts Quire as a real process (main.ts) and waits until /api/health answers. */
export async function startServer(
  env: Record<string, string>,
  timeoutMs = START_TIMEOUT_MS,
): Promise<ServerProcess> {
  const port = await freePort();
  const { child, output } = spawnQuire("apps/server/src/main.ts", env, port);
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${output()}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stopper(child)("SIGKILL");
      throw new Error(`server did not start in ${timeoutMs} ms: ${output()}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { baseUrl, child, output, stop: stopper(child) };
}

export type WorkerProcess = Omit<ServerProcess, "baseUrl">;

/** Starts `npm run worker`'s entry (worker.ts, jobs only) and waits for its "worker started" line. */
export async function startWorker(
  env: Record<string, string>,
  timeoutMs = START_TIMEOUT_MS,
): Promise<WorkerProcess> {
  const { child, output } = spawnQuire("apps/server/src/worker.ts", { LOG_LEVEL: "info", ...env }, 0);
  const deadline = Date.now() + timeoutMs;
  while (!output().includes("worker started")) {
    if (child.exitCode !== null) throw new Error(`worker exited with ${child.exitCode}: ${output()}`);
    if (Date.now() > deadline) {
      await stopper(child)("SIGKILL");
      throw new Error(`worker did not start in ${timeoutMs} ms: ${output()}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, output, stop: stopper(child) };
}

/** Signs in over HTTP and answers the Cookie header value. */
export async function signIn(baseUrl: string, username: string, password = "demo"): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: "POST",
    // Every change here names its site, as the web app's pages do (the server refuses one without).
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** Names the run's seeded data directory (set by the suite's global set-up, removed after it). */
export const DATA_TEMPLATE_ENV = "QUIRE_TEST_DATA_TEMPLATE";
const READY = ".template-ready";

/**
 * Makes the template: one first start (initdb, every migration, the demo's people and categories,
 * the server's own secrets), stopped cleanly, then renamed into place, which is atomic. Other
 * processes wait on the lock folder; if its maker dies, the next one to look makes it instead.
 */
async function ensureTemplate(dir: string): Promise<void> {
  const lock = `${dir}.lock`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!existsSync(path.join(dir, READY))) {
    try {
      mkdirSync(lock);
    } catch {
      if (Date.now() > deadline) rmSync(lock, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 250));
      continue;
    }
    try {
      if (existsSync(path.join(dir, READY))) return;
      const partial = `${dir}.partial-${process.pid}`;
      rmSync(partial, { recursive: true, force: true });
      mkdirSync(partial, { recursive: true });
      const server = await startServer({ DATA_DIR: partial, DEMO: "true", DEMO_DOCUMENTS: "false" });
      await server.stop("SIGTERM");
      writeFileSync(path.join(partial, READY), "");
      renameSync(partial, dir);
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

/**
 * A new data directory that already holds what a first start with `DEMO=true DEMO_DOCUMENTS=false`
 * makes, copied from a template made once per test run: each first start cost a server process
 * 10–17 s of initdb, migrations and seeding, and every process-level test began with one. The
 * servers started on it still run migrations and the demo check; they find nothing to do.
 */
export async function seededDataDir(prefix: string): Promise<string> {
  const template =
    process.env[DATA_TEMPLATE_ENV] || path.join(tmpdir(), `quire-data-template-${process.pid}`);
  await ensureTemplate(template);
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  cpSync(template, dir, { recursive: true, filter: (source) => path.basename(source) !== READY });
  return dir;
}
