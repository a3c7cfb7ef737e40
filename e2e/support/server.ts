import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
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

/** Starts the real server in demo mode on a free port with its own fresh data directory. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  ensureWebBuilt();
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "quire-e2e-"));
  const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DEMO: "true", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  const keep = (chunk: Buffer) => {
    // Keep the tail only: enough to explain a failure without holding a long run's log.
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const output = () => log;
  const baseUrl = `http://localhost:${port}`;

  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseUrl, child, output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop, output };
}
