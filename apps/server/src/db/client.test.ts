import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { pgliteSnapshot } from "../../test/support/db-snapshot";
import { openDatabase } from "./client";

describe("embedded database lock", () => {
  it("refuses a second opener of the same data directory while the first is open, then allows it", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "quire-lock-"));
    const first = await openDatabase({ dataDir, snapshot: await pgliteSnapshot() });
    // The second opener must be another process: the lock names the owner's pid.
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
    await first.close();
    const again = await openDatabase({ dataDir, snapshot: await pgliteSnapshot() });
    await again.close();
  });

  it("takes over a lock whose pid now belongs to an unrelated live process (a restarted machine)", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "quire-lock-"));
    const unrelated = spawn("sleep", ["30"]);
    try {
      // The recorded start time is the old owner's; the process now holding that pid started later.
      writeFileSync(path.join(dataDir, "quire.lock"), `${unrelated.pid} 1`);
      const db = await openDatabase({ dataDir, snapshot: await pgliteSnapshot() });
      await db.close();
    } finally {
      unrelated.kill();
    }
  });

  it("takes over an earlier build's pid-only lock naming a live process that is not Quire", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "quire-lock-"));
    const unrelated = spawn("sleep", ["30"]);
    try {
      writeFileSync(path.join(dataDir, "quire.lock"), `${unrelated.pid}`);
      const db = await openDatabase({ dataDir, snapshot: await pgliteSnapshot() });
      await db.close();
    } finally {
      unrelated.kill();
    }
  });

  it("still refuses an earlier build's pid-only lock while that pid runs Node", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "quire-lock-"));
    const node = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30_000)"]);
    try {
      writeFileSync(path.join(dataDir, "quire.lock"), `${node.pid}`);
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
      writeFileSync(path.join(dataDir, "quire.lock"), `${zombie} ${startTime}`);
      const db = await openDatabase({ dataDir, snapshot: await pgliteSnapshot() });
      await db.close();
    } finally {
      parent.kill();
    }
  });

  it("takes over a lock left by a process that no longer exists", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "quire-lock-"));
    writeFileSync(path.join(dataDir, "quire.lock"), "999999");
    const db = await openDatabase({ dataDir, snapshot: await pgliteSnapshot() });
    await db.close();
  });
});
