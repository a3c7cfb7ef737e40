import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./client";

describe("embedded database lock", () => {
  it("refuses a second opener of the same data directory while the first is open, then allows it", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "quire-lock-"));
    const first = await openDatabase({ dataDir });
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
    const again = await openDatabase({ dataDir });
    await again.close();
  });

  it("takes over a lock left by a process that no longer exists", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "quire-lock-"));
    writeFileSync(path.join(dataDir, "quire.lock"), "999999");
    const db = await openDatabase({ dataDir });
    await db.close();
  });
});
