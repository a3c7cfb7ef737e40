import type { Document, DocumentStats } from "@quire/contracts";
import { describe, expect, it } from "vitest";
import { seedDemoDocuments } from "../../demo/seed";
import { appForFile } from "../../../test/support/app-for-file";
import { json } from "../../../test/support/harness";
import { uploadDraft } from "../../../test/support/review-helpers";

const t = appForFile({ seeders: [seedDemoDocuments] });

const stats = async (as: string) =>
  json<DocumentStats>(await t.request("GET", "/api/documents/stats", { as }));

describe("GET /api/documents/stats", () => {
  it("counts exactly what the list shows the caller", async () => {
    for (const as of ["admin", "viewer"]) {
      const res = await t.request("GET", "/api/documents?pageSize=500", { as });
      const docs = json<Document[]>(res);
      const s = await stats(as);
      expect(s.total).toBe(Number(res.headers["x-total-count"]));
      expect(s.versions).toBe(docs.reduce((sum, d) => sum + d.versionCount, 0));
      expect(s.storageBytes).toBeGreaterThan(0);
    }
  });

  it("grows by the uploaded file for its owner, and not for a Viewer who cannot see the Draft", async () => {
    const [author, viewer] = [await stats("author"), await stats("viewer")];
    await uploadDraft(t, "author", "Stats Probe");
    const title = "Stats Probe";
    const bytes = Buffer.byteLength(`# ${title}\n\nEvery invoice must be approved.\n`);
    const after = await stats("author");
    expect(after.total).toBe(author.total + 1);
    expect(after.versions).toBe(author.versions + 1);
    expect(after.updatedThisWeek).toBe(author.updatedThisWeek + 1);
    expect(after.storageBytes).toBe(author.storageBytes + bytes);
    expect(await stats("viewer")).toEqual(viewer);
  });
});
