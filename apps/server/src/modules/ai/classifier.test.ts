import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { documents } from "../../db/schema";
import { processedDemoArchiveForFile } from "../../../test/support/demo-archive";
import { json } from "../../../test/support/harness";
import { healthBound } from "../../../test/support/health-bound";
import { uploadDraft } from "../../../test/support/review-helpers";
import { classifierTraining, trainedClassifier } from "./classifier";

const t = processedDemoArchiveForFile();

/**
 * A new document everyone may read, so it joins the training set (a private draft never does):
 * uploaded, then marked Approved as its review would.
 */
async function publishedDocument(title: string): Promise<void> {
  const id = await uploadDraft(t, "author", title);
  await t.ctx.db.update(documents).set({ status: "Approved" }).where(eq(documents.id, id));
}

const categorize = () =>
  t.request("POST", "/api/ai/categorize", {
    as: "viewer",
    body: { title: "Travel expenses", content: "Flights and hotels are reimbursed within limits." },
  });

describe("the category classifier trains off the request path", () => {
  it("after a change, answers from the last model at once while the new one trains in a worker", async () => {
    expect((await categorize()).statusCode).toBe(200);
    const before = (await trainedClassifier(t.ctx))!.fingerprint;
    expect(classifierTraining(t.ctx)).toBeNull();
    const bound = await healthBound(() => t.request("GET", "/api/health"));

    await publishedDocument("A new policy that changes the training set");
    const answer = await categorize();
    expect(answer.statusCode).toBe(200);
    expect(json<{ categoryId: string | null }>(answer).categoryId).not.toBeNull();
    // Training was started, not awaited: the answer came from the previous model.
    const training = classifierTraining(t.ctx);
    expect(training).not.toBeNull();
    expect((await trainedClassifier(t.ctx))!.fingerprint).toBe(before);

    // Meanwhile the server keeps answering everyone, within what this run allows.
    while (classifierTraining(t.ctx)) {
      const asked = performance.now();
      const since = Date.now();
      expect((await t.request("GET", "/api/health")).statusCode).toBe(200);
      expect(performance.now() - asked).toBeLessThan(await bound.allowed(since));
      await new Promise((r) => setTimeout(r, 50));
    }
    const after = await training;
    expect(after!.fingerprint).not.toBe(before);
    expect((await trainedClassifier(t.ctx))!.fingerprint).toBe(after!.fingerprint);
  }, 120_000);

  it("the dashboard's suggestions, which every dashboard loads, answer from the last model too", async () => {
    await trainedClassifier(t.ctx, "archive");
    await classifierTraining(t.ctx, "archive");
    const before = (await trainedClassifier(t.ctx, "archive"))!.fingerprint;
    await uploadDraft(t, "author", "Another policy the next model will learn from");
    const suggestions = await t.request("GET", "/api/ai/suggestions", { as: "admin" });
    expect(suggestions.statusCode).toBe(200);
    const training = classifierTraining(t.ctx, "archive");
    expect(training).not.toBeNull();
    expect((await trainedClassifier(t.ctx, "archive"))!.fingerprint).toBe(before);
    expect((await training)!.fingerprint).not.toBe(before);
  }, 120_000);
});
