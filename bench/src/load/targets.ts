import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  signIn,
  startServer,
  type ServerProcess,
} from "../../../apps/server/test/reliability/server-process.js";
import { createThrowawayDatabase } from "../../../apps/server/test/support/harness.js";

export type DatabaseChoice = "pglite" | "postgres";

export interface QuireTarget {
  database: DatabaseChoice;
  baseUrl: string;
  cookies: { author: string; reviewer: string };
  server: ServerProcess;
  close(): Promise<void>;
}

/** A real Quire process with its demo data, on a fresh data directory or throw-away database. */
export async function startQuire(database: DatabaseChoice, postgresUrl: string): Promise<QuireTarget> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `quire-load-${database}-`));
  const throwaway = database === "postgres" ? await createThrowawayDatabase(postgresUrl) : null;
  const server = await startServer(
    {
      DATA_DIR: dataDir,
      DEMO: "true",
      SESSION_SECRET: randomBytes(32).toString("hex"),
      // The load itself would trip the sign-in limits it does not measure.
      LOGIN_MAX_FAILURES: "1000",
      ...(throwaway ? { DATABASE_URL: throwaway.url, BLOB_STORE: "db" } : {}),
    },
    // Seeding the demo archive on a busy machine took over 2 minutes; this only guards a hang.
    300_000,
  );
  return {
    database,
    baseUrl: server.baseUrl,
    server,
    cookies: {
      author: await signIn(server.baseUrl, "author"),
      reviewer: await signIn(server.baseUrl, "reviewer"),
    },
    async close() {
      await server.stop("SIGTERM");
      await throwaway?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface PeerTarget {
  baseUrl: string;
  close(): Promise<void>;
}

export async function startPeer(): Promise<PeerTarget> {
  const script = fileURLToPath(new URL("./peer-server.ts", import.meta.url));
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", script], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`peer exited with ${code}`)));
    child.stdout?.on("data", (d: Buffer) => {
      const match = /listening (\S+)/.exec(d.toString());
      if (match) resolve(match[1]!);
    });
  });
  return {
    baseUrl,
    close: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
