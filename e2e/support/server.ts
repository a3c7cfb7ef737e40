import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export const repoRoot = resolve(import.meta.dirname, "../..");

export type RunningServer = { baseUrl: string; stop: () => Promise<void>; output: () => string };

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

/** The server serves apps/web/dist; build it once when a fresh checkout has none. */
export function ensureWebBuilt(): void {
  if (existsSync(join(repoRoot, "apps/web/dist/index.html"))) return;
  const build = spawnSync("npm", ["run", "build", "-w", "apps/web"], { cwd: repoRoot, stdio: "inherit" });
  if (build.status !== 0) throw new Error("building apps/web failed");
}

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  // A cold start seeds the demo archive: minutes when the machine is shared with other work.
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer /api/health within 300 s:\n${output()}`);
}

interface Spawned {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
  /** SIGTERM, then SIGKILL after 10 s; resolves once the process has exited. */
  kill: () => Promise<void>;
}

async function spawnServer(dataDir: string, env: Record<string, string>): Promise<Spawned> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
    cwd: repoRoot,
    // PUBLIC_URL is where the browser opens it: single sign-on's return address needs it.
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DEMO: "true",
      PUBLIC_URL: `http://localhost:${port}`,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  const keep = (chunk: Buffer) => {
    // Keep the tail only: enough to explain a failure without holding a long run's log.
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  // A test file stopped by its time limit (the runner sends SIGTERM) must not leave its server
  // running beside the next file's: exiting on SIGTERM runs the exit handlers, this one included.
  const orphanGuard = () => child.kill("SIGKILL");
  process.once("exit", orphanGuard);
  if (process.listenerCount("SIGTERM") === 0) process.once("SIGTERM", () => process.exit(143));
  let stopping = false;
  child.once("exit", (code, signal) => {
    process.removeListener("exit", orphanGuard);
    // A server that dies mid-test shows up only as refused connections: say how it ended, and why.
    if (!stopping)
      process.stderr.write(`\nThe server exited by itself (code ${code}, signal ${signal}):\n${log}\n`);
  });
  const kill = async () => {
    stopping = true;
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await exited;
    clearTimeout(timer);
  };
  return { child, baseUrl: `http://localhost:${port}`, output: () => log, kill };
}

/** Waits (bounded) until the server's background jobs are done: the demo archive is processed. */
async function waitForIdleJobs(baseUrl: string): Promise<void> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: "POST",
    // A change names its site, as the web app's pages do: the server refuses one nothing vouches for.
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ username: "admin", password: "demo" }),
  });
  if (!login.ok) throw new Error(`signing in as the demo admin failed: ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    const res = await fetch(`${baseUrl}/api/system`, { headers: { cookie } });
    const jobs = res.ok
      ? ((await res.json()) as { jobs: { queued: number; running: number } | null }).jobs
      : null;
    if (jobs && jobs.queued + jobs.running === 0) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  // Still busy: the copies resume the remaining jobs at start, as after any restart.
}

/**
 * The data directory of a fresh demo start. A demo start seeds and processes the demo archive,
 * about 30 s a server on a 2-core machine and once per test file; `npm test` names a template
 * directory (QUIRE_E2E_DATA_TEMPLATE, new for each run, so never stale), which the first server
 * fills and processes and every later one copies. Without it each server seeds its own.
 */
async function freshDataDir(env: Record<string, string>): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), "quire-e2e-"));
  const template = process.env.QUIRE_E2E_DATA_TEMPLATE;
  // Servers started with their own settings (mail, single sign-on) seed with them.
  if (!template || Object.keys(env).length > 0) return dataDir;
  const ready = join(template, ".ready");
  if (!existsSync(ready)) {
    rmSync(template, { recursive: true, force: true });
    const server = await spawnServer(template, {});
    try {
      await waitForHealth(server.baseUrl, server.child, server.output);
      await waitForIdleJobs(server.baseUrl);
    } finally {
      await server.kill();
    }
    writeFileSync(ready, "");
  }
  cpSync(template, dataDir, { recursive: true, filter: (source) => source !== ready });
  return dataDir;
}

/** Starts the real server in demo mode on a free port with its own fresh data directory. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  ensureWebBuilt();
  const dataDir = await freshDataDir(env);
  const server = await spawnServer(dataDir, env);
  const stop = async () => {
    await server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(server.baseUrl, server.child, server.output);
    // A file run on its own has no processed template to copy: it waits for its own archive to be
    // processed, so it starts where `npm test` starts it (answers and counts are of a processed
    // archive; a question asked mid-processing is answered from part of it).
    if (!process.env.QUIRE_E2E_DATA_TEMPLATE && Object.keys(env).length === 0)
      await waitForIdleJobs(server.baseUrl);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl: server.baseUrl, stop, output: server.output };
}
