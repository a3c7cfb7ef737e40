import { randomBytes } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Document, IngestionOverview } from "@quire/contracts";
import { createThrowawayDatabase } from "../support/harness";
import { crashRunCli } from "./crash-cli";
import { waitForJobs } from "./crash-verify";
import { seededRandom } from "./crash-workload";
import { seededDataDir, signIn, startServer, type ServerProcess } from "./server-process";

const KILL_LIMIT = /The server stopped while running this job/;
const fixtures = fileURLToPath(new URL("../../test-fixtures/", import.meta.url));

/** A file dropped into the folder, and what it must end as: one document, a duplicate, or failed. */
interface Dropped {
  name: string;
  source: string;
  expect: "done" | "duplicate" | "failed";
}

export interface FolderCrashOptions {
  cycles: number;
  seed: number;
  postgresUrl?: string;
  log?: (line: string) => void;
}

export interface FolderCrashReport {
  database: "pglite" | "postgres";
  kills: number;
  /** Kills that landed while a claimed file was being taken (its item still queued). */
  killsMidIngest: number;
  dropped: number;
  /** Files with no item, or more than one, or an outcome other than expected. */
  wrong: string[];
  /**
   * Files whose every attempt was killed, failed by the kill limit with its reason in failed/: the
   * specified ending (a file that kills the process that often is treated as hostile), not a loss.
   */
  killLimited: string[];
  /** Documents made from one file more than once. */
  duplicated: string[];
  /** Files still in the folder itself after the final drain. */
  leftInFolder: string[];
}

/** Real files, each a different text, plus real PDF and DOCX fixtures, a hostile one and one twin. */
function filesFor(cycle: number, used: Set<string>): Dropped[] {
  const texts: Dropped[] = [];
  for (const pkg of readdirSync("/usr/share/doc").sort()) {
    const source = `/usr/share/doc/${pkg}/copyright`;
    if (texts.length >= 2) break;
    if (!existsSync(source)) continue;
    const text = readFileSync(source, "utf8");
    if (used.has(text) || text.trim().length < 200) continue;
    used.add(text);
    texts.push({ name: `cycle-${cycle}/${pkg}.txt`, source, expect: "done" });
  }
  const extra: Dropped[] = [];
  const fixtureFiles = [
    "bzip2-manual.pdf",
    "users-and-groups.pdf",
    "base-passwd.docx",
    "shared-mime-info-spec.pdf",
  ];
  const fixture = fixtureFiles[cycle - 1];
  if (fixture)
    extra.push({ name: `cycle-${cycle}/${fixture}`, source: path.join(fixtures, fixture), expect: "done" });
  if (cycle === 1) {
    extra.push({
      name: "hostile/program.pdf",
      source: path.join(fixtures, "elf-executable.pdf"),
      expect: "failed",
    });
    extra.push({ name: "zz-twin-of-first.txt", source: texts[0]!.source, expect: "duplicate" });
  }
  return [...texts, ...extra];
}

async function getJson<T>(baseUrl: string, cookie: string, route: string): Promise<T> {
  const res = await fetch(`${baseUrl}${route}`, { headers: { cookie } });
  if (!res.ok) throw new Error(`${route}: ${res.status}`);
  return (await res.json()) as T;
}

/** Waits until a file is claimed and not yet taken, then a random moment more (bounded). */
async function untilMidIngest(server: ServerProcess, cookie: string, random: () => number): Promise<boolean> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const overview = await getJson<IngestionOverview>(server.baseUrl, cookie, "/api/ingestion").catch(
      () => null,
    );
    if (overview && overview.counts.queued > 0) {
      await new Promise((r) => setTimeout(r, random() * 400));
      return true;
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  return false;
}

/** Waits until nothing is left in the folder itself and no job is waiting. */
async function drain(server: ServerProcess, cookie: string, folder: string): Promise<void> {
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    const overview = await getJson<IngestionOverview>(server.baseUrl, cookie, "/api/ingestion");
    if (overview.counts.queued === 0 && filesIn(folder).length === 0) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  await waitForJobs(server.baseUrl, cookie, 120_000);
}

/** Files under the folder other than processed/ and failed/. */
function filesIn(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(folder, path.join(e.parentPath, e.name)))
    .filter((p) => !p.startsWith(`processed${path.sep}`) && !p.startsWith(`failed${path.sep}`));
}

/**
 * The watched folder under SIGKILL: each cycle drops real files, waits until one is claimed and
 * being taken, and kills the server; the last start drains the folder. Every file must end exactly
 * once as expected (one document, one duplicate note, one failure), and nothing may stay behind.
 */
export async function runFolderCrashCycles(options: FolderCrashOptions): Promise<FolderCrashReport> {
  const { cycles, log = () => {} } = options;
  const random = seededRandom(options.seed);
  const folder = mkdtempSync(path.join(tmpdir(), "quire-crash-folder-"));
  const database = options.postgresUrl ? await createThrowawayDatabase(options.postgresUrl) : null;
  // On PostgreSQL the first start seeds the throw-away database itself.
  const dataDir = database
    ? mkdtempSync(path.join(tmpdir(), "quire-crash-folder-data-"))
    : await seededDataDir("quire-crash-folder-data-");
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    DEMO: "true",
    DEMO_DOCUMENTS: "false",
    BLOB_STORE: database ? "db" : "fs",
    SESSION_SECRET: randomBytes(32).toString("hex"),
    CONSUME_DIR: folder,
    CONSUME_SETTLE_SECONDS: "1",
    CONSUME_SCAN_SECONDS: "1",
    ...(database ? { DATABASE_URL: database.url } : {}),
  };
  const dropped: Dropped[] = [];
  const usedTexts = new Set<string>();
  let server: ServerProcess | null = null;
  let kills = 0;
  let killsMidIngest = 0;
  try {
    for (let cycle = 1; cycle <= cycles; cycle++) {
      for (const file of filesFor(cycle, usedTexts)) {
        const target = path.join(folder, file.name);
        mkdirSync(path.dirname(target), { recursive: true });
        copyFileSync(file.source, target);
        dropped.push(file);
      }
      server = await startServer(env);
      const cookie = await signIn(server.baseUrl, "admin");
      if (await untilMidIngest(server, cookie, random)) killsMidIngest++;
      await server.stop("SIGKILL");
      kills++;
      log(`cycle ${cycle}/${cycles}: killed; ${dropped.length} files dropped so far`);
    }
    server = await startServer(env);
    const cookie = await signIn(server.baseUrl, "admin");
    await drain(server, cookie, folder);
    const overview = await getJson<IngestionOverview>(server.baseUrl, cookie, "/api/ingestion");
    const documents = await getJson<Document[]>(server.baseUrl, cookie, "/api/documents?pageSize=500");
    const wrong: string[] = [];
    const duplicated: string[] = [];
    const killLimited: string[] = [];
    for (const file of dropped) {
      const items = overview.items.filter((i) => i.name === file.name);
      const killed =
        items.length === 1 && items[0]!.state === "failed" && KILL_LIMIT.test(items[0]!.reason ?? "");
      if (killed) killLimited.push(file.name);
      else if (items.length !== 1 || items[0]!.state !== file.expect)
        wrong.push(
          `${file.name}: ${items.map((i) => `${i.state} ${i.reason ?? ""}`).join(", ") || "no item"}`,
        );
      const base = path.posix.basename(file.name);
      const made = documents.filter((d) => d.originalFilename === base);
      if (file.expect === "done" && made.length !== (killed ? 0 : 1))
        duplicated.push(`${file.name}: ${made.length} documents`);
      const where = file.expect === "failed" || killed ? "failed" : "processed";
      if (!existsSync(path.join(folder, where, file.name))) wrong.push(`${file.name}: not in ${where}/`);
    }
    await server.stop("SIGTERM");
    server = null;
    return {
      database: database ? "postgres" : "pglite",
      kills,
      killsMidIngest,
      dropped: dropped.length,
      wrong,
      killLimited,
      duplicated,
      leftInFolder: filesIn(folder),
    };
  } finally {
    await server?.stop("SIGKILL");
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(folder, { recursive: true, force: true });
  }
}

export function formatFolderReport(report: FolderCrashReport): string {
  return [
    `  database                                 ${report.database}`,
    `  SIGKILLs / while a file was being taken  ${report.kills} / ${report.killsMidIngest}`,
    `  files dropped                            ${report.dropped}`,
    `  wrong outcome or taken twice             ${report.wrong.length}`,
    `  failed by the kill limit (as specified)  ${report.killLimited.length}`,
    `  documents made twice                     ${report.duplicated.length}`,
    `  left in the folder                       ${report.leftInFolder.length}`,
    ...[...report.wrong, ...report.duplicated, ...report.leftInFolder].slice(0, 20).map((d) => `  ! ${d}`),
  ].join("\n");
}

crashRunCli(import.meta.url, {
  name: "folder",
  defaultCycles: 10,
  cycles: runFolderCrashCycles,
  format: formatFolderReport,
  problems: (report) => report.wrong.length + report.duplicated.length + report.leftInFolder.length,
});
