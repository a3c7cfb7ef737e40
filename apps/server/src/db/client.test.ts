import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { pgliteSnapshot } from "../../test/support/db-snapshot";
import { openDatabase } from "./client";

const lockOf = (dataDir: string) => path.join(dataDir, "quire.lock");

/** Opens the data directory from another process, which must be refused: the lock names its owner's pid. */
function expectRefusedElsewhere(dataDir: string): void {
  const script = `import { openDatabase } from "./apps/server/src/db/client.ts";
    try { await openDatabase({ dataDir: ${JSON.stringify(dataDir)} }); console.log("opened"); process.exit(0); }
    catch (e) { console.log(e.message); process.exit(3); }`;
  const repoRoot = path.resolve(import.meta.dirname, "../../../..");
  const second = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    cwd: repoRoot,
    encoding: "utf8",
  });
  expect(second.status, second.stderr).toBe(3);
  expect(second.stdout).toMatch(/in use by another Quire process/);
}

/**
 * Opens a data directory whose lock a stopped owner left, and checks the lock was taken over: it
 * now names this process (pid and start time, which a later opener checks), and closing removes it.
 */
async function expectTakenOver(dataDir: string, whileOpen = () => {}): Promise<void> {
  const db = await openDatabase({ dataDir, snapshot: await pgliteSnapshot() });
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    const startTime = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
    expect(readFileSync(lockOf(dataDir), "utf8")).toBe(`${process.pid} ${startTime}`);
    whileOpen();
  } finally {
    await db.close();
  }
  expect(existsSync(lockOf(dataDir))).toBe(false);
}

describe("embedded database lock", () => {
  it("refuses a second opener of the same data directory while the first is open, then allows it", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "quire-lock-"));
    const first = await openDatabase({ dataDir, snapshot: await pgliteSnapshot() });
    // The second opener must be another process: the lock names the owner's pid.
    expectRefusedElsewhere(dataDir);
    await first.close();
    const again = await openDatabase({ dataDir, snapshot: await pgliteSnapshot() });
    await again.close();
  });

  it("takes over a lock whose pid now belongs to an unrelated live process (a restarted machine)", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "quire-lock-"));
    const unrelated = spawn("sleep", ["30"]);
    try {
      // The recorded start time is the old owner's; the process now holding that pid started later.
      writeFileSync(lockOf(dataDir), `${unrelated.pid} 1`);
      await expectTakenOver(dataDir);
    } finally {
      unrelated.kill();
    }
  });

  it("takes over an earlier build's pid-only lock naming a live process that is not Quire", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "quire-lock-"));
    const unrelated = spawn("sleep", ["30"]);
    try {
      writeFileSync(lockOf(dataDir), `${unrelated.pid}`);
      await expectTakenOver(dataDir);
    } finally {
      unrelated.kill();
    }
  });

  it("still refuses an earlier build's pid-only lock while that pid runs Node", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "quire-lock-"));
    const node = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30_000)"]);
    try {
      writeFileSync(lockOf(dataDir), `${node.pid}`);
      await expect(openDatabase({ dataDir, snapshot: await pgliteSnapshot() })).rejects.toThrow(
        /in use by another Quire process/,
      );
    } finally {
      node.kill();
    }
  });

  it("takes over a lock whose owner was killed and is still a zombie", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "quire-lock-"));
    // `sleep 30` replaces the shell and never reaps the short sleep it started: that one stays a zombie.
    const parent = spawn("sh", ["-c", "sleep 0.1 & echo $!; exec sleep 30"]);
    try {
      const zombie = Number(
        (await new Promise<Buffer>((resolve) => parent.stdout.once("data", resolve))).toString(),
      );
      let stat = "";
      for (let i = 0; i < 50 && !/\) Z /.test(stat); i++) {
        await new Promise((r) => setTimeout(r, 50));
        stat = readFileSync(`/proc/${zombie}/stat`, "utf8");
      }
      expect(stat).toMatch(/\) Z /);
      const startTime = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
      writeFileSync(lockOf(dataDir), `${zombie} ${startTime}`);
      await expectTakenOver(dataDir);
    } finally {
      parent.kill();
    }
  });

  it("takes over a lock left by a process that no longer exists, and then refuses others", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "quire-lock-"));
    writeFileSync(lockOf(dataDir), "999999");
    await expectTakenOver(dataDir, () => expectRefusedElsewhere(dataDir));
  });
});
