import type { Document } from "@quire/contracts";
import { expect } from "vitest";
import { json, multipart, type TestApp } from "./harness";

/**
 * The steps document control's tests take again and again: a markdown document uploaded by the
 * author, taken through one review round by the demo's reviewer and approver, and revised. Each
 * step advances the test clock a second, so their activity entries keep their order.
 */
export async function uploadMarkdown(
  t: TestApp,
  categoryId: string,
  title: string,
  text: string,
): Promise<string> {
  const { body, headers } = multipart(
    { title, categoryId, allowDuplicate: "true" },
    { name: "sop.md", bytes: Buffer.from(text) },
  );
  const res = await t.request("POST", "/api/documents/upload", { as: "author", body, headers });
  expect(res.statusCode, res.body).toBe(201);
  await t.runner.runUntilIdle();
  return json<Document>(res).id;
}

/** The author submits `doc` to the demo's reviewer, then its approver. */
export async function submitToDemoReviewers(
  t: TestApp,
  ids: Record<string, string>,
  doc: string,
): Promise<void> {
  t.clock.advance(1000);
  const submitted = await t.request("POST", `/api/documents/${doc}/submit-review`, {
    as: "author",
    body: { reviewers: [ids.reviewer], approverId: ids.approver },
  });
  expect(submitted.statusCode, submitted.body).toBe(201);
}

/** `doc` submitted, reviewed and approved: its current version becomes the effective one. */
export async function approveThrough(t: TestApp, ids: Record<string, string>, doc: string): Promise<void> {
  await submitToDemoReviewers(t, ids, doc);
  t.clock.advance(1000);
  const reviewed = await t.request("PATCH", `/api/documents/${doc}/approval`, {
    as: "reviewer",
    body: { status: "Approved" },
  });
  expect(reviewed.statusCode, reviewed.body).toBe(200);
  t.clock.advance(1000);
  const decided = await t.request("PATCH", `/api/documents/${doc}/approval`, {
    as: "approver",
    body: { approverStatus: "Approved" },
  });
  expect(decided.statusCode, decided.body).toBe(200);
  await t.runner.runUntilIdle();
}

/** The author saves `content` as a new version of `doc`, whose current version is `expectedVersion`. */
export async function revise(
  t: TestApp,
  doc: string,
  content: string,
  expectedVersion: number,
): Promise<void> {
  t.clock.advance(1000);
  const res = await t.request("POST", `/api/documents/${doc}/versions`, {
    as: "author",
    body: { content, changeNote: "Revised", expectedVersion },
  });
  expect(res.statusCode, res.body).toBe(201);
  await t.runner.runUntilIdle();
}
