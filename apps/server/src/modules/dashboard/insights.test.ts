import { dashboardInsightsSchema, type ApprovalStats, type Document } from "@quire/contracts";
import { describe, expect, it } from "vitest";
import { seedDemoDocuments } from "../../demo/seed";
import { appForFile } from "../../../test/support/app-for-file";
import { json } from "../../../test/support/harness";
import { uploadDraft } from "../../../test/support/review-helpers";

const t = appForFile({ seeders: [seedDemoDocuments] });

const insights = async (as: string) =>
  dashboardInsightsSchema.parse(json(await t.request("GET", "/api/dashboard/insights", { as })));

/** Every document the caller may list, read page by page (the list's largest page is 500). */
async function everyDocument(as: string): Promise<Document[]> {
  const all: Document[] = [];
  for (let page = 1; ; page++) {
    const docs = json<Document[]>(await t.request("GET", `/api/documents?pageSize=500&page=${page}`, { as }));
    all.push(...docs);
    if (docs.length < 500) return all;
  }
}

function tally(names: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  return counts;
}

describe("GET /api/dashboard/insights", () => {
  it("counts exactly the documents the caller may list, by category and by status", async () => {
    for (const as of ["admin", "author", "viewer"]) {
      const docs = await everyDocument(as);
      const figures = await insights(as);
      expect(figures.total).toBe(docs.length);
      expect(figures.drafts).toBe(docs.filter((d) => d.status === "Draft").length);
      expect(figures.processingFailed).toBe(docs.filter((d) => d.processing.state === "failed").length);
      expect(new Map(figures.byCategory.map((c) => [c.name, c.count]))).toEqual(
        tally(docs.map((d) => d.category.name)),
      );
      expect(new Map(figures.byStatus.map((c) => [c.name, c.count]))).toEqual(
        tally(docs.map((d) => d.status)),
      );
      const counts = figures.byCategory.map((c) => c.count);
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
      const approvals = json<ApprovalStats>(await t.request("GET", "/api/approvals/stats", { as }));
      const rate = approvals.total === 0 ? 0 : Math.round((approvals.approved / approvals.total) * 100);
      expect(figures.approvalRate).toBe(rate);
    }
  });

  it("a new Draft counts for its owner and not for a Viewer who cannot see it", async () => {
    const [author, viewer] = [await insights("author"), await insights("viewer")];
    await uploadDraft(t, "author", "Insights Probe");
    const after = await insights("author");
    expect(after.total).toBe(author.total + 1);
    expect(after.drafts).toBe(author.drafts + 1);
    expect(await insights("viewer")).toEqual(viewer);
  });

  it("needs a signed-in user", async () => {
    expect((await t.request("GET", "/api/dashboard/insights")).statusCode).toBe(401);
  });
});
