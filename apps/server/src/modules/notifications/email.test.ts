import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs } from "../../db/schema";
import { createTestApp, json, type TestApp } from "../../../test/support/harness";
import { startMailbox } from "../../../test/support/mailbox";
import { demoUserIds, draftInReview, statusOf } from "../../../test/support/review-helpers";
import { SEND_EMAIL_JOB } from "./email";

let mailbox: Awaited<ReturnType<typeof startMailbox>>;
let t: TestApp;
let ids: Record<string, string>;

beforeAll(async () => {
  mailbox = await startMailbox();
  t = await createTestApp({
    env: {
      SMTP_URL: mailbox.url,
      MAIL_FROM: "Quire <quire@example.org>",
      PUBLIC_URL: "https://quire.example.org/",
    },
  });
  ids = await demoUserIds(t);
});
afterAll(async () => {
  await t.close();
  await mailbox.close();
});

const setPreferences = (as: string, body: Record<string, unknown>) =>
  t.request("PUT", "/api/notifications/preferences", { as, body });

describe("e-mail notifications", () => {
  it("an address is validated, and the server says it can deliver", async () => {
    const bad = await setPreferences("reviewer", { emailAddress: "not an address" });
    expect(bad.statusCode).toBe(400);
    expect(json<{ message: string }>(bad).message).toMatch(/emailAddress must be an e-mail address/);
    const ok = await setPreferences("reviewer", { emailAddress: " Reviewer@Example.ORG " });
    expect(json(ok)).toMatchObject({ emailAddress: "reviewer@example.org", emailDelivery: true });
  });

  it("sends a copy of a notification to those who gave an address and kept e-mail on", async () => {
    await setPreferences("reviewer", { emailAddress: "reviewer@example.org", emailNotifications: true });
    await setPreferences("reviewer2", { emailAddress: "reviewer2@example.org", emailNotifications: false });
    const id = await draftInReview(t, ids, "Expense Policy");
    // Nothing is sent inside the transition: the e-mail waits in the durable queue.
    expect(mailbox.received).toHaveLength(0);
    await t.runner.runUntilIdle();

    expect(mailbox.received.map((m) => m.to)).toEqual([["reviewer@example.org"]]);
    const raw = mailbox.received[0]!.raw;
    expect(raw).toMatch(/^From: Quire <quire@example\.org>/m);
    expect(raw).toMatch(/^Subject: Review requested/m);
    expect(raw).toContain(`https://quire.example.org/document/${id}`);
    expect(raw).toContain('asked you to review "Expense Policy"');
    // The in-app notification exists for both reviewers either way.
    const inbox2 = await t.request("GET", "/api/notifications", { as: "reviewer2" });
    expect(json<Array<{ documentId: string }>>(inbox2).some((n) => n.documentId === id)).toBe(true);
  });

  it("a mail server that refuses is retried, and the transition itself is never lost", async () => {
    await mailbox.close();
    const id = await draftInReview(t, ids, "Retry Policy", {
      reviewers: [ids.reviewer!],
      approverId: ids.approver!,
    });
    await t.runner.runUntilIdle();
    expect(await statusOf(t, id)).toBe("In Review");
    const waiting = await t.ctx.db.select().from(jobs).where(eq(jobs.kind, SEND_EMAIL_JOB));
    const retry = waiting.find((j) => j.status === "queued");
    expect(retry).toMatchObject({ attempts: 1, maxAttempts: 6 });
    expect(retry?.lastError).toMatch(/ECONNREFUSED/);
  });
});
