import type { AiSuggestion, Notification } from "@quire/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { documents, ingestionItems } from "../db/schema";
import { json, multipart, type TestApp } from "../../test/support/harness";
import { demoAppForFile, uploadDraft } from "../../test/support/review-helpers";
import { matrix } from "../../test/support/route-matrix";
import { requestWithEntries } from "../../test/support/route-matrix-fixtures";

/**
 * Every change leaves exactly one activity entry. The role matrix checks this for each
 * mutating route whose matrix attempt succeeds; for the routes where it meets a state rule
 * instead (a wrong password, a made-up id, a round already decided) this file makes each succeed
 * and reads the log. Public changes (sign-in, the waitlist) are checked here too.
 */

interface Attempt {
  as: string | null;
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** The entry's action, as the activity log names it. */
  action: string;
}
type Scenario = { name: string; prepare: (t: TestApp) => Promise<Attempt> };

const { t, ids } = demoAppForFile();

const DAY = 86_400_000;
const suggestions = async (as: string) =>
  json<AiSuggestion[]>(await t.request("GET", "/api/ai/suggestions", { as }));

/** A document the author owns that nobody has touched for two years: the "Review …" suggestion. */
async function staleSuggestion(): Promise<string> {
  const doc = await uploadDraft(t, "author", `Stale ${crypto.randomUUID()}`);
  // Suggestions read the facts processing stores; an unprocessed version has none yet.
  await t.runner.runUntilIdle();
  await t.ctx.db
    .update(documents)
    .set({ updatedAt: new Date(t.clock.now().getTime() - 730 * DAY) })
    .where(eq(documents.id, doc));
  const found = (await suggestions("author")).find((s) => s.type === "update" && s.documentIds.includes(doc));
  if (!found?.canApply) throw new Error(`no stale suggestion for ${doc}`);
  return found.id;
}

/** Two copies of one text, the newer Approved: the "Archive older copy" suggestion. */
async function duplicateSuggestion(): Promise<string> {
  const text = Array.from(
    { length: 12 },
    (_, i) => `Clause ${i}: every supplier invoice over the limit needs two signatures before payment ${i}.`,
  ).join("\n\n");
  const categories = json<Array<{ id: string }>>(await t.request("GET", "/api/categories", { as: "admin" }));
  const upload = async (title: string) => {
    const { body, headers } = multipart(
      { title, categoryId: categories[0]!.id, allowDuplicate: "true" },
      { name: "copy.md", bytes: Buffer.from(`# ${title}\n\n${text}\n`) },
    );
    const res = await t.request("POST", "/api/documents/upload", { as: "author", body, headers });
    return json<{ id: string }>(res).id;
  };
  const older = await upload(`Supplier invoices ${crypto.randomUUID()}`);
  t.clock.advance(60_000);
  const newer = await upload(`Supplier invoices ${crypto.randomUUID()}`);
  await t.ctx.db.update(documents).set({ status: "Approved" }).where(eq(documents.id, newer));
  await t.runner.runUntilIdle();
  const found = (await suggestions("author")).find(
    (s) =>
      s.action === "Archive older copy" && s.documentIds.includes(older) && s.documentIds.includes(newer),
  );
  if (!found?.canApply) throw new Error("no duplicate suggestion");
  return found.id;
}

/** A round with reviewer and reviewer2 assigned and approver to decide, on a fresh Draft. */
async function submitted(): Promise<string> {
  const doc = await uploadDraft(t, "author", `Round ${crypto.randomUUID()}`);
  const res = await t.request("POST", `/api/documents/${doc}/submit-review`, {
    as: "author",
    body: { reviewers: [ids.reviewer, ids.reviewer2], approverId: ids.approver },
  });
  if (res.statusCode !== 201) throw new Error(`submit failed: ${res.statusCode} ${res.body}`);
  return doc;
}
const decide = (as: string, doc: string, body: unknown) =>
  t.request("PATCH", `/api/documents/${doc}/approval`, { as, body });

/** For each mutating route whose matrix attempt is refused by a state rule: how it succeeds. */
const scenarios: Record<string, Scenario[]> = {
  "POST /api/auth/password": [
    {
      name: "a new user sets their own password",
      prepare: async () => {
        const username = `p${crypto.randomUUID().slice(0, 8)}`;
        const created = json<{ temporaryPassword: string }>(
          await t.request("POST", "/api/users", { as: "admin", body: { username, role: "Viewer" } }),
        );
        await t.cookieFor(username, created.temporaryPassword);
        return {
          as: username,
          url: "/api/auth/password",
          body: { currentPassword: created.temporaryPassword, newPassword: "a-long-new-password" },
          action: "Changed password",
        };
      },
    },
  ],
  "DELETE /api/auth/tokens/:id": [
    {
      name: "revoking one's own token",
      prepare: async () => {
        const token = json<{ id: string }>(
          await t.request("POST", "/api/auth/tokens", { as: "author", body: { name: "revoke me" } }),
        );
        return { as: "author", url: `/api/auth/tokens/${token.id}`, action: expect.any(String) };
      },
    },
  ],
  "POST /api/documents/:id/submit-review": [
    {
      name: "a Draft goes to review",
      prepare: async () => {
        const doc = await uploadDraft(t, "author", `Submit ${crypto.randomUUID()}`);
        return {
          as: "author",
          url: `/api/documents/${doc}/submit-review`,
          body: { reviewers: [ids.reviewer], approverId: ids.approver },
          action: expect.any(String),
        };
      },
    },
  ],
  "PATCH /api/documents/:id/approval": [
    {
      name: "a first reviewer's decision",
      prepare: async () => ({
        as: "reviewer",
        url: `/api/documents/${await submitted()}/approval`,
        body: { status: "Approved" },
        action: expect.any(String),
      }),
    },
    {
      name: "the last reviewer's decision, which moves the round to its approver",
      prepare: async () => {
        const doc = await submitted();
        await decide("reviewer", doc, { status: "Approved" });
        return {
          as: "reviewer2",
          url: `/api/documents/${doc}/approval`,
          body: { status: "Approved" },
          action: expect.any(String),
        };
      },
    },
    {
      name: "a reviewer asking for changes, which ends the round",
      prepare: async () => ({
        as: "reviewer",
        url: `/api/documents/${await submitted()}/approval`,
        body: { status: "Changes Requested", comment: "Please fix the totals." },
        action: expect.any(String),
      }),
    },
    {
      name: "the approver's final decision, which settles the document",
      prepare: async () => {
        const doc = await submitted();
        await decide("reviewer", doc, { status: "Approved" });
        await decide("reviewer2", doc, { status: "Approved" });
        return {
          as: "approver",
          url: `/api/documents/${doc}/approval`,
          body: { approverStatus: "Approved" },
          action: expect.any(String),
        };
      },
    },
  ],
  "POST /api/notifications/:id/read": [
    {
      name: "a reviewer reads the request to review",
      prepare: async () => {
        const doc = await submitted();
        // The request about this round: earlier rounds' requests share its time on the test clock,
        // and those the reviewer acted on are read already (reading one again changes nothing).
        const request = json<Notification[]>(
          await t.request("GET", "/api/notifications", { as: "reviewer" }),
        ).find((n) => n.documentId === doc && !n.read);
        return { as: "reviewer", url: `/api/notifications/${request!.id}/read`, action: expect.any(String) };
      },
    },
  ],
  "POST /api/ingestion/items/:id/retry": [
    {
      name: "an Admin retries a folder file that failed",
      prepare: async () => {
        const [item] = await t.ctx.db
          .insert(ingestionItems)
          .values({
            source: "folder",
            name: "scan.pdf",
            state: "failed",
            reason: "422 unreadable",
            location: "failed/scan.pdf",
          })
          .returning({ id: ingestionItems.id });
        return { as: "admin", url: `/api/ingestion/items/${item!.id}/retry`, action: "Retried ingestion" };
      },
    },
  ],
  "POST /api/ai/apply/:id": [
    {
      name: "asking a stale document's owner to review it",
      prepare: async () => ({
        as: "author",
        url: `/api/ai/apply/${await staleSuggestion()}`,
        action: "Applied suggestion",
      }),
    },
    {
      name: "archiving the older of two copies (an archive inside the suggestion)",
      prepare: async () => ({
        as: "author",
        url: `/api/ai/apply/${await duplicateSuggestion()}`,
        action: "Applied suggestion",
      }),
    },
  ],
  "POST /api/ai/suggestions/:id/dismiss": [
    {
      name: "dismissing a suggestion",
      prepare: async () => ({
        as: "author",
        url: `/api/ai/suggestions/${await staleSuggestion()}/dismiss`,
        action: "Dismissed suggestion",
      }),
    },
  ],
};

/** Changes anyone may make without a session. */
const publicChanges: Scenario[] = [
  {
    name: "POST /api/auth/login",
    prepare: async () => ({
      as: null,
      url: "/api/auth/login",
      body: { username: "viewer", password: t.config.demoPassword },
      action: "Signed in",
    }),
  },
  {
    name: "POST /api/waitlist",
    prepare: async () => ({
      as: null,
      url: "/api/waitlist",
      body: { email: `w${crypto.randomUUID().slice(0, 8)}@example.com` },
      action: "Joined the waitlist",
    }),
  },
];

const run = (method: string, attempt: Attempt) =>
  requestWithEntries(t, method as "POST", attempt.url, {
    as: attempt.as,
    body: attempt.body,
    ...(attempt.headers ? { headers: attempt.headers } : {}),
  });

describe("every change writes exactly one activity entry", () => {
  const mutating = matrix.filter((e) => e.method !== "GET" && !e.readOnly);

  it("has a successful attempt for every mutating route the role matrix only sees refused", () => {
    const refusedInMatrix = mutating.filter((e) => (e.ok ?? 200) >= 300).map((e) => `${e.method} ${e.route}`);
    expect(refusedInMatrix.length).toBeGreaterThan(0);
    expect(refusedInMatrix.filter((route) => !scenarios[route]).sort()).toEqual([]);
    expect(Object.keys(scenarios).filter((route) => !refusedInMatrix.includes(route))).toEqual([]);
  });

  for (const [route, list] of Object.entries(scenarios)) {
    const method = route.split(" ")[0]!;
    for (const scenario of list) {
      it(`${route}: ${scenario.name}`, async () => {
        const attempt = await scenario.prepare(t);
        const { res, written } = await run(method, attempt);
        expect(res.statusCode, res.body).toBeLessThan(300);
        const actor = attempt.as === null ? null : (ids[attempt.as] ?? expect.any(String));
        expect(written).toEqual([{ action: attempt.action, userId: actor }]);
      });
    }
  }

  for (const scenario of publicChanges) {
    it(`${scenario.name} (public)`, async () => {
      const attempt = await scenario.prepare(t);
      const { res, written } = await run("POST", attempt);
      expect(res.statusCode, res.body).toBeLessThan(300);
      expect(written.map((w) => w.action)).toEqual([attempt.action]);
    });
  }
});
