import type {
  AiSuggestion,
  ApplySuggestionResult,
  CategorizeResult,
  Document,
  Notification,
} from "@quire/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { documents } from "../../db/schema";
import { demoDocumentsByTitle, processedDemoArchiveForFile } from "../../../test/support/demo-archive";
import { json } from "../../../test/support/harness";

const t = processedDemoArchiveForFile();
const byTitle = demoDocumentsByTitle(t);
const suggestions = async (as = "admin") =>
  json<AiSuggestion[]>(await t.request("GET", "/api/ai/suggestions", { as }));
const about = (list: AiSuggestion[], type: AiSuggestion["type"], title: string) =>
  list.find((s) => s.type === type && s.documentIds.includes(byTitle(title).id));
const inbox = async (as: string) =>
  json<Notification[]>(await t.request("GET", "/api/notifications", { as }));

describe("categorise", () => {
  it("places the Travel Policy (filed under General) in Finance, with keyphrase tags", async () => {
    const result = json<CategorizeResult>(
      await t.request("GET", `/api/ai/categorize/${byTitle("Travel Policy").id}`, { as: "viewer" }),
    );
    expect(result.categoryName).toBe("Finance");
    expect(result.confidence).toBeGreaterThan(0.8);
    expect(result.tags.length).toBeGreaterThan(0);
    expect(result.alternatives[0]?.categoryId).toBe(result.categoryId);
  });

  it("suggests a category for upload-form text that is not stored", async () => {
    const res = await t.request("POST", "/api/ai/categorize", {
      as: "author",
      body: {
        title: "REST API pagination guide",
        content:
          "Endpoints return a cursor. Send the cursor to GET /v2/users to read the next page of users.",
      },
    });
    expect(json<CategorizeResult>(res).categoryName).toBe("Engineering");
    const empty = json<CategorizeResult>(
      await t.request("POST", "/api/ai/categorize", { as: "author", body: {} }),
    );
    expect(empty).toMatchObject({ categoryId: null, confidence: 0 });
  });
});

describe("AI suggestions", () => {
  it("derives each kind from the archive's state, with seed §3 fields", async () => {
    const list = await suggestions();
    expect(about(list, "reorganize", "Travel Policy")).toMatchObject({
      title: "Move 'Travel Policy' to Finance",
      action: "Move to Finance",
      icon: "lightbulb",
      color: "yellow",
      canApply: true,
      message: { key: "move", params: { document: "Travel Policy", current: "General", target: "Finance" } },
    });
    expect(about(list, "update", "Business Continuity Plan")).toMatchObject({
      icon: "sync",
      color: "blue",
      message: { key: "staleReviewDate", params: { document: "Business Continuity Plan" } },
    });
    expect(about(list, "compliance", "Procurement Policy")).toMatchObject({
      icon: "exclamation-triangle",
      color: "orange",
      message: { key: "stuckInReview", params: { document: "Procurement Policy", targetDays: 7 } },
    });
    expect(about(list, "compliance", "Remote Work Policy")).toBeUndefined();
    expect(about(list, "other", "Remote Working Policy")).toMatchObject({
      action: "Notify owners",
      message: {
        key: "notifyDuplicate",
        params: { older: "Remote Working Policy", newer: "Remote Work Policy", status: "In Review" },
      },
    });
    for (const s of list) {
      expect(s.confidence).toBeGreaterThan(0);
      expect(s.confidence).toBeLessThanOrEqual(1);
    }
    // The English texts and the message say the same: its numbers are the ones the description states.
    const move = about(list, "reorganize", "Travel Policy");
    if (move?.message.key !== "move") throw new Error("expected a move");
    expect(move.description).toContain(
      `(${move.message.params.confidence} confidence), and ${move.message.params.agreeing} of its 3`,
    );
    const bcp = about(list, "update", "Business Continuity Plan");
    if (bcp?.message.key !== "staleReviewDate") throw new Error("expected a passed review date");
    expect(bcp.description).toContain(
      `Its review date (${bcp.message.params.reviewDate}) passed ${bcp.message.params.days} days ago.`,
    );
    const stuck = about(list, "compliance", "Procurement Policy");
    if (stuck?.message.key !== "stuckInReview") throw new Error("expected a stuck review");
    expect(stuck.message.params.days).toBeGreaterThan(7);
    expect(stuck.description).toContain(`In Review for ${stuck.message.params.days} days`);
    expect((await suggestions()).map((s) => s.id)).toEqual(list.map((s) => s.id));
  });

  it("states a document's periodic review date, the one the periodic review is due on", async () => {
    const doc = byTitle("Business Continuity Plan");
    const [row] = await t.ctx.db
      .select({ nextReviewOn: documents.nextReviewOn })
      .from(documents)
      .where(eq(documents.id, doc.id));
    const due = row?.nextReviewOn;
    if (!due) throw new Error("expected the demo's plan under periodic review");
    const bcp = about(await suggestions(), "update", "Business Continuity Plan");
    if (bcp?.message.key !== "staleReviewDate") throw new Error("expected a passed review date");
    expect(bcp.message.params.reviewDate).toBe(due);
    const today = t.ctx.clock.now().toISOString().slice(0, 10);
    expect(bcp.message.params.days).toBe((Date.parse(today) - Date.parse(due)) / 86_400_000);
    expect(bcp.description).toContain(`Its review date (${due}) passed ${bcp.message.params.days} days ago.`);
  });

  it("lets only Admin and Author apply, and only over documents they may change", async () => {
    const viewerList = await suggestions("viewer");
    expect(viewerList.every((s) => !s.canApply)).toBe(true);
    const bcp = about(await suggestions("author"), "update", "Business Continuity Plan");
    expect(bcp?.canApply).toBe(false);
    expect((await t.request("POST", `/api/ai/apply/${bcp?.id}`, { as: "author" })).statusCode).toBe(403);
    expect((await t.request("POST", `/api/ai/apply/${bcp?.id}`, { as: "viewer" })).statusCode).toBe(403);
    expect((await t.request("POST", "/api/ai/apply/reorganize-0000", { as: "admin" })).statusCode).toBe(404);
  });

  it("reorganize: moves the document, and the suggestion is gone", async () => {
    const move = about(await suggestions("author"), "reorganize", "Travel Policy");
    const res = await t.request("POST", `/api/ai/apply/${move?.id}`, { as: "author" });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<ApplySuggestionResult>(res)).toMatchObject({
      message: "Moved 'Travel Policy' to Finance",
      done: { key: "moved", params: { document: "Travel Policy", category: "Finance" } },
    });
    const moved = json<Document>(
      await t.request("GET", `/api/documents/${byTitle("Travel Policy").id}`, { as: "author" }),
    );
    expect(moved.category.name).toBe("Finance");
    expect(about(await suggestions(), "reorganize", "Travel Policy")).toBeUndefined();
    expect((await t.request("POST", `/api/ai/apply/${move?.id}`, { as: "author" })).statusCode).toBe(404);
  });

  it("update: notifies the owner of a document past its review date", async () => {
    const update = about(await suggestions(), "update", "Business Continuity Plan");
    expect((await t.request("POST", `/api/ai/apply/${update?.id}`, { as: "admin" })).statusCode).toBe(200);
    const note = (await inbox("admin")).find((n) => n.documentId === byTitle("Business Continuity Plan").id);
    expect(note).toMatchObject({
      kind: "review_due",
      title: "Review due: Business Continuity Plan",
      message: { key: "staleReviewDate", params: update?.message.params },
    });
    expect(about(await suggestions(), "update", "Business Continuity Plan")).toBeUndefined();
  });

  it("compliance: reminds the reviewers of a document stuck in review, unless they turned reminders off", async () => {
    const off = await t.request("PUT", "/api/notifications/preferences", {
      as: "reviewer2",
      body: { reviewReminders: false },
    });
    expect(off.statusCode).toBe(200);
    const stuck = about(await suggestions(), "compliance", "Procurement Policy");
    const res = await t.request("POST", `/api/ai/apply/${stuck?.id}`, { as: "author" });
    expect(res.statusCode).toBe(200);
    expect(json<ApplySuggestionResult>(res)).toMatchObject({
      message: "Reminded 1 person to review 'Procurement Policy' (1 turned review reminders off)",
      done: { key: "remindedReviewers", params: { document: "Procurement Policy", count: 1, optedOut: 1 } },
    });
    const procurement = byTitle("Procurement Policy").id;
    const note = (await inbox("reviewer")).find((n) => n.documentId === procurement);
    if (stuck?.message.key !== "stuckInReview") throw new Error("expected a stuck review");
    expect(note).toMatchObject({
      kind: "review_reminder",
      body: `It has been waiting ${stuck.message.params.days} days for your review.`,
      message: {
        key: "stuckReminder",
        params: { document: "Procurement Policy", days: stuck.message.params.days },
      },
    });
    expect((await inbox("reviewer2")).some((n) => n.kind === "review_reminder")).toBe(false);
  });

  it("other: notifies both owners while the newer copy is in review, archives the older once it is approved", async () => {
    const older = byTitle("Remote Working Policy");
    const notify = about(await suggestions(), "other", "Remote Working Policy");
    expect((await t.request("POST", `/api/ai/apply/${notify?.id}`, { as: "author" })).statusCode).toBe(200);
    const told = (await inbox("author")).find(
      (n) => n.documentId === older.id && n.title.startsWith("Near-duplicate"),
    );
    expect(told?.message).toEqual({
      key: "nearDuplicate",
      params: { document: "Remote Working Policy", newer: "Remote Work Policy" },
    });
    expect(about(await suggestions(), "other", "Remote Working Policy")).toBeUndefined();

    await t.ctx.db
      .update(documents)
      .set({ status: "Approved" })
      .where(eq(documents.id, byTitle("Remote Work Policy").id));
    const archive = about(await suggestions(), "other", "Remote Working Policy");
    expect(archive).toMatchObject({ action: "Archive older copy" });
    expect((await t.request("POST", `/api/ai/apply/${archive?.id}`, { as: "author" })).statusCode).toBe(200);
    expect((await t.request("GET", `/api/documents/${older.id}`, { as: "viewer" })).statusCode).toBe(404);
    const restored = json<Document>(await t.request("GET", `/api/documents/${older.id}`, { as: "author" }));
    expect(restored.archived).toBe(true);
  });

  it("dismissing a suggestion hides it for everyone", async () => {
    const first = (await suggestions()).find((s) => s.canApply);
    expect(first).toBeDefined();
    expect(
      (await t.request("POST", `/api/ai/suggestions/${first?.id}/dismiss`, { as: "admin" })).statusCode,
    ).toBe(204);
    expect((await suggestions("viewer")).some((s) => s.id === first?.id)).toBe(false);
  });
});
