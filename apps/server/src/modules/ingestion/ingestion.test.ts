import {
  appendFileSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { AuditPage, Document, IngestionOverview } from "@quire/contracts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, json, multipart, type TestApp } from "../../../test/support/harness";
import { scanFolder } from "./scan";

const fixtures = fileURLToPath(new URL("../../../test-fixtures/", import.meta.url));
const SETTLE_MS = 5_000;

let t: TestApp;
let root: string;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), "quire-consume-"));
  t = await createTestApp({
    env: { CONSUME_DIR: root, CONSUME_OWNER: "author", CONSUME_SETTLE_SECONDS: String(SETTLE_MS / 1000) },
  });
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});
beforeEach(() => {
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
});

const consume = () => t.ctx.config.consume!;
const scan = () => scanFolder(t.ctx, consume());
/** Two scans the settle time apart: what is stable by then is taken, and its jobs run. */
async function scanSettled(): Promise<void> {
  await scan();
  t.clock.advance(SETTLE_MS);
  await scan();
  await t.runner.runUntilIdle();
}
const overview = async () =>
  json<IngestionOverview>(await t.request("GET", "/api/ingestion", { as: "admin" }));
const documentsTitled = async (title: string) =>
  json<Document[]>(await t.request("GET", "/api/documents?pageSize=500", { as: "admin" })).filter(
    (d) => d.title === title,
  );
const place = (relative: string, source: string) => {
  const target = path.join(root, relative);
  mkdirSync(path.dirname(target), { recursive: true });
  copyFileSync(source, target);
};
const itemNamed = async (name: string) => (await overview()).items.find((i) => i.name === name);

describe("the watched folder", () => {
  it(
    "takes a file written slowly once, whole, after its size and time stopped changing",
    { timeout: 120_000 },
    async () => {
      const text = readFileSync("/usr/share/common-licenses/GPL-3", "utf8");
      const third = Math.floor(text.length / 3);
      const file = path.join(root, "Licences", "gpl-slow.txt");
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, text.slice(0, third));
      await scan();
      expect((await overview()).folder?.waiting.map((w) => w.name)).toEqual(["Licences/gpl-slow.txt"]);
      // The settle time passes, but the writer added more meanwhile: it waits again from now.
      t.clock.advance(SETTLE_MS);
      appendFileSync(file, text.slice(third, 2 * third));
      expect((await scan()).claimed).toBe(0);
      t.clock.advance(SETTLE_MS - 1);
      appendFileSync(file, text.slice(2 * third));
      expect((await scan()).claimed).toBe(0);
      t.clock.advance(SETTLE_MS);
      expect((await scan()).claimed).toBe(1);
      expect((await scan()).claimed).toBe(0);
      await t.runner.runUntilIdle();

      const [doc, ...more] = await documentsTitled("gpl-slow");
      expect(more).toEqual([]);
      const full = json<Document>(await t.request("GET", `/api/documents/${doc!.id}`, { as: "admin" }));
      expect(full.category.name).toBe("Licences");
      expect(full.currentVersion.content).toContain("END OF TERMS AND CONDITIONS");
      expect(full.currentVersion.content).toContain("GNU GENERAL PUBLIC LICENSE");
      expect(existsSync(file)).toBe(false);
      expect(readFileSync(path.join(root, "processed/Licences/gpl-slow.txt"), "utf8")).toBe(text);
      const item = await itemNamed("Licences/gpl-slow.txt");
      expect(item).toMatchObject({ source: "folder", state: "done", document: { id: doc!.id } });
      // Quire did it, for the configured owner.
      const history = json<AuditPage>(
        await t.request("GET", `/api/activity?documentId=${doc!.id}`, { as: "admin" }),
      );
      expect(history.items.find((e) => e.action === "Uploaded")).toMatchObject({
        username: "Quire",
        userId: null,
        data: { owner: "author" },
      });
    },
  );

  it("makes one document of the same file saved twice, and says where the copy went", async () => {
    place("bash-one.txt", "/usr/share/doc/bash/copyright");
    place("Legal/bash-two.txt", "/usr/share/doc/bash/copyright");
    await scanSettled();
    const items = (await overview()).items.filter((i) => i.name.includes("bash-"));
    expect(items.map((i) => i.state).sort()).toEqual(["done", "duplicate"]);
    const duplicate = items.find((i) => i.state === "duplicate")!;
    const original = items.find((i) => i.state === "done")!;
    expect(duplicate.document?.id).toBe(original.document?.id);
    expect(duplicate.reason).toMatch(/^Already in the archive as "bash-(one|two)"/);
    const dupPath = path.join(root, "processed", duplicate.name);
    expect(existsSync(dupPath)).toBe(true);
    expect(readFileSync(`${dupPath}.reason.txt`, "utf8")).toContain("Already in the archive");
    expect((await documentsTitled("bash-one")).length + (await documentsTitled("bash-two")).length).toBe(1);
  });

  it("fails a hostile file with its reason while the others are taken", { timeout: 120_000 }, async () => {
    place("Research/program.pdf", path.join(fixtures, "elf-executable.pdf"));
    place("Research/truncated.pdf", path.join(fixtures, "truncated.pdf"));
    place("Research/corrupt.docx", path.join(fixtures, "corrupt.docx"));
    place("Research/setup.exe", path.join(fixtures, "elf-executable.pdf"));
    place("Research/users-and-groups.pdf", path.join(fixtures, "users-and-groups.pdf"));
    place("Research/base-passwd.docx", path.join(fixtures, "base-passwd.docx"));
    await scanSettled();
    const byName = new Map((await overview()).items.map((i) => [i.name, i]));
    for (const good of ["Research/users-and-groups.pdf", "Research/base-passwd.docx"]) {
      expect(byName.get(good)?.state, good).toBe("done");
      expect(existsSync(path.join(root, "processed", good))).toBe(true);
    }
    for (const bad of [
      "Research/program.pdf",
      "Research/truncated.pdf",
      "Research/corrupt.docx",
      "Research/setup.exe",
    ]) {
      const item = byName.get(bad);
      expect(item?.state, bad).toBe("failed");
      expect(item?.reason, bad).toMatch(/^(415|422) /);
      expect(item?.canRetry).toBe(true);
      expect(readFileSync(path.join(root, "failed", `${bad}.reason.txt`), "utf8").trim()).toBe(item?.reason);
      expect(existsSync(path.join(root, bad))).toBe(false);
    }
    // A retry takes the file from failed/ again; still hostile, it fails again and stays there.
    const program = byName.get("Research/program.pdf")!;
    const retried = await t.request("POST", `/api/ingestion/items/${program.id}/retry`, { as: "admin" });
    expect(retried.statusCode).toBe(204);
    expect((await itemNamed("Research/program.pdf"))?.state).toBe("queued");
    await t.runner.runUntilIdle();
    expect((await itemNamed("Research/program.pdf"))?.state).toBe("failed");
    expect(existsSync(path.join(root, "failed/Research/program.pdf"))).toBe(true);
    expect(existsSync(path.join(root, "failed/Research/program.pdf.reason.txt"))).toBe(true);
    const again = await t.request(
      "POST",
      `/api/ingestion/items/${byName.get("Research/base-passwd.docx")!.id}/retry`,
      {
        as: "admin",
      },
    );
    expect(again.statusCode).toBe(409);
  });

  it("never takes hidden or temporary files, and takes a copy once it is renamed", async () => {
    place(".hidden.txt", "/usr/share/doc/tar/copyright");
    place("coming.txt.part", "/usr/share/doc/tar/copyright");
    place("draft.tmp", "/usr/share/doc/tar/copyright");
    await scanSettled();
    const folder = (await overview()).folder!;
    expect(folder.skipped.map((s) => s.name).sort()).toEqual([".hidden.txt", "coming.txt.part", "draft.tmp"]);
    expect(folder.skipped.find((s) => s.name === "draft.tmp")?.reason).toMatch(/Temporary name/);
    expect(folder.lastScanAt).toBe(t.clock.now().toISOString());
    renameSync(path.join(root, "coming.txt.part"), path.join(root, "tar-copyright.txt"));
    await scanSettled();
    expect((await itemNamed("tar-copyright.txt"))?.state).toBe("done");
    expect(existsSync(path.join(root, ".hidden.txt"))).toBe(true);
    expect(existsSync(path.join(root, "draft.tmp"))).toBe(true);
  });
});

describe("Settings › Ingestion", () => {
  it("is the Admin's: others are refused", async () => {
    for (const as of ["author", "viewer", "reviewer"]) {
      expect((await t.request("GET", "/api/ingestion", { as })).statusCode, as).toBe(403);
      expect((await t.request("POST", "/api/ingestion/items/x/retry", { as })).statusCode, as).toBe(403);
    }
    expect((await t.request("GET", "/api/ingestion", { as: null })).statusCode).toBe(401);
  });

  it("lists an upload beside the folder's files, with its processing", { timeout: 120_000 }, async () => {
    const [category] = json<Array<{ id: string }>>(
      await t.request("GET", "/api/categories", { as: "author" }),
    );
    const form = multipart(
      { categoryId: category!.id },
      {
        name: "dpkg-triggers.txt",
        bytes: readFileSync(path.join(fixtures, "dpkg-triggers.txt")),
      },
    );
    const res = await t.request("POST", "/api/documents/upload", { as: "author", ...form });
    expect(res.statusCode, res.body).toBe(201);
    expect(await itemNamed("dpkg-triggers.txt")).toMatchObject({
      source: "upload",
      state: "done",
      processing: "processing",
    });
    await t.runner.runUntilIdle();
    expect(await itemNamed("dpkg-triggers.txt")).toMatchObject({ processing: "ready", canRetry: false });
  });
});

/** Real texts with distinct contents (some packages share a copyright file word for word). */
function distinctCopyrights(count: number): Array<{ name: string; source: string }> {
  // The other tests here take bash's and tar's.
  const seen = new Set(["bash", "tar"].map((pkg) => readFileSync(`/usr/share/doc/${pkg}/copyright`, "utf8")));
  const found: Array<{ name: string; source: string }> = [];
  for (const pkg of readdirSync("/usr/share/doc").sort()) {
    const source = `/usr/share/doc/${pkg}/copyright`;
    if (found.length >= count || !existsSync(source)) continue;
    const text = readFileSync(source, "utf8");
    if (seen.has(text) || text.trim().length < 200) continue;
    seen.add(text);
    found.push({ name: `${pkg}-copyright.txt`, source });
  }
  return found;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)("two processes on one PostgreSQL database", () => {
  it(
    "scan and ingest the same folder at once, and take every file exactly once",
    { timeout: 240_000 },
    async () => {
      const other = await createTestApp({
        env: { CONSUME_DIR: root, CONSUME_OWNER: "author", CONSUME_SETTLE_SECONDS: String(SETTLE_MS / 1000) },
        shareDatabaseOf: t,
      });
      try {
        const files = distinctCopyrights(24);
        for (const { name, source } of files) place(`Shared/${name}`, source);
        const both = async <T>(run: (app: TestApp) => Promise<T>) => Promise.all([run(t), run(other)]);
        await both((app) => scanFolder(app.ctx, consume()));
        t.clock.advance(SETTLE_MS);
        other.clock.advance(SETTLE_MS);
        const claimed = await both((app) => scanFolder(app.ctx, consume()));
        expect(claimed[0].claimed + claimed[1].claimed).toBe(files.length);
        // Scanned again by both while the jobs run on both: nothing is claimed twice.
        await both(async (app) => {
          await scanFolder(app.ctx, consume());
          return app.runner.runUntilIdle();
        });
        await both((app) => app.runner.runUntilIdle());
        const items = (await overview()).items.filter((i) => i.name.startsWith("Shared/"));
        expect(items).toHaveLength(files.length);
        expect(items.filter((i) => i.state !== "done")).toEqual([]);
        expect(new Set(items.map((i) => i.document?.id)).size).toBe(files.length);
        const all = json<Document[]>(await t.request("GET", "/api/documents?pageSize=500", { as: "admin" }));
        for (const { name } of files) {
          expect(
            all.filter((d) => d.originalFilename === name),
            name,
          ).toHaveLength(1);
          expect(existsSync(path.join(root, "processed/Shared", name)), name).toBe(true);
        }
        expect(existsSync(path.join(root, "failed"))).toBe(false);
      } finally {
        await other.close();
      }
    },
  );
});
