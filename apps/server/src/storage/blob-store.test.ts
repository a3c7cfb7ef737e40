import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { appForFile } from "../../test/support/app-for-file";
import { json, multipart } from "../../test/support/harness";
import { DbBlobStore, FsBlobStore, type BlobStore } from "./blob-store";
import { sweepOrphanBlobs } from "./orphan-sweep";

const realText = readFileSync(new URL("../../test-fixtures/dpkg-triggers.txt", import.meta.url));
const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");

const t = appForFile({ env: { BLOB_STORE: "db" } });

function contract(name: string, make: () => BlobStore) {
  describe(name, () => {
    it("stores bytes under their sha256, once, and gives them back exactly", async () => {
      const store = make();
      const hash = await store.put(realText);
      expect(hash).toBe(sha(realText));
      expect(await store.put(realText)).toBe(hash);
      expect(await store.has(hash)).toBe(true);
      expect(sha(await store.get(hash))).toBe(hash);
      expect(await store.list()).toEqual([hash]);
      await store.delete(hash);
      expect(await store.has(hash)).toBe(false);
      expect(await store.list()).toEqual([]);
    });

    it("deletes only bytes stored before the cutoff, and a second put renews them", async () => {
      const store = make();
      const hash = await store.put(realText);
      const past = new Date(Date.now() - 60_000);
      expect(await store.deleteIfStoredBefore(hash, past)).toBe(false);
      await new Promise((r) => setTimeout(r, 20));
      const afterFirstPut = new Date();
      await new Promise((r) => setTimeout(r, 20));
      await store.put(realText);
      expect(await store.deleteIfStoredBefore(hash, afterFirstPut)).toBe(false);
      expect(await store.has(hash)).toBe(true);
      expect(await store.deleteIfStoredBefore(hash, new Date(Date.now() + 1000))).toBe(true);
      expect(await store.has(hash)).toBe(false);
    });
  });
}

contract("file-system blob store", () => new FsBlobStore(mkdtempSync(path.join(tmpdir(), "quire-blobs-"))));
contract("database blob store", () => new DbBlobStore(t.ctx.db));

describe("file-system blob store safety", () => {
  it("leaves no temporary file behind and refuses anything but a sha256 as a name", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "quire-blobs-"));
    const store = new FsBlobStore(root);
    const hash = await store.put(realText);
    const dir = path.join(root, hash.slice(0, 2), hash.slice(2, 4));
    expect(readdirSync(dir)).toEqual([hash]);
    await expect(store.get("../../etc/passwd")).rejects.toThrow(/not a sha256/);
  });
});

describe("BLOB_STORE=db end to end", () => {
  it("keeps an uploaded original in the database and serves it back exactly", async () => {
    const categories = json<Array<{ id: string }>>(
      await t.request("GET", "/api/categories", { as: "author" }),
    );
    const { body, headers } = multipart(
      { categoryId: categories[0]!.id },
      { name: "triggers.txt", bytes: realText },
    );
    const created = await t.request("POST", "/api/documents/upload", { as: "author", body, headers });
    expect(created.statusCode, created.body).toBe(201);
    const id = json<{ id: string }>(created).id;
    const original = await t.request("GET", `/api/documents/${id}/versions/1/original`, { as: "author" });
    expect(sha(original.rawPayload)).toBe(sha(realText));
    expect(await t.ctx.blobs.list()).toContain(sha(realText));
  });
});

describe("orphan sweep", () => {
  it("deletes unclaimed originals past the grace period and keeps every claimed one", async () => {
    const orphan = Buffer.from(`${realText.toString("utf8")}\nleft by an upload cut off before its commit\n`);
    const orphanHash = await t.ctx.blobs.put(orphan);
    const claimedBefore = (await t.ctx.blobs.list()).filter((h) => h !== orphanHash);
    expect(claimedBefore.length).toBeGreaterThan(0);

    expect(await sweepOrphanBlobs(t.ctx, 60_000)).toMatchObject({ deleted: 0 });
    expect(await t.ctx.blobs.has(orphanHash)).toBe(true);

    await new Promise((r) => setTimeout(r, 20));
    const result = await sweepOrphanBlobs(t.ctx, 0);
    expect(result.deleted).toBe(1);
    expect(await t.ctx.blobs.has(orphanHash)).toBe(false);
    expect((await t.ctx.blobs.list()).sort()).toEqual(claimedBefore.sort());
  });
});
