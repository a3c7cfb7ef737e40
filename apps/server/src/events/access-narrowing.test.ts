import type { Category, Document, Group } from "@quire/contracts";
import { desc, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { approvals } from "../db/schema";
import { multipart } from "../../test/support/harness";
import { demoAppForFile, latestWithdrawal, statusOf } from "../../test/support/review-helpers";
import { accessNarrowingEvents, type DomainEventName } from "./catalog";

/**
 * Every event that can shut someone out of a document (or out of the role a review needs) ends the
 * open review rounds that wait on them, whichever module raised it: the reaction belongs to the
 * approvals module, and no command needs to know about it. Each declared access-narrowing event is
 * raised here through a real command over the HTTP API; an event declared without a way to raise
 * it here fails the test, so a new one cannot slip past.
 */
const { t, ids } = demoAppForFile();
let serial = 0;

interface Staged {
  documentId: string;
  categoryId: string;
  reviewer: { id: string; username: string };
  approver: { id: string; username: string };
}

const ok = async <T>(res: Promise<{ statusCode: number; body: string }>, status = 200): Promise<T> => {
  const done = await res;
  expect(done.statusCode, done.body).toBe(status);
  return (done.body ? JSON.parse(done.body) : undefined) as T;
};

const newUser = async (role: "Reviewer" | "Approver") => {
  const username = `${role.toLowerCase()}-${++serial}`;
  return ok<{ id: string; username: string }>(
    t.request("POST", "/api/users", { as: "admin", body: { username, role } }),
    201,
  );
};

const newGroup = (memberIds: string[]) =>
  ok<Group>(
    t.request("POST", "/api/groups", { as: "admin", body: { name: `group-${++serial}`, memberIds } }),
    201,
  );

const setCategoryAccess = (categoryId: string, groups: Array<{ groupId: string; access: "view" | "edit" }>) =>
  ok<unknown>(
    t.request("PUT", `/api/categories/${categoryId}/access`, {
      as: "admin",
      body: { everyone: "none", groups },
    }),
  );

/**
 * A fresh category, reviewer and approver, then `prepare` (to set up access before the review
 * starts), then a document by the demo author in that category, submitted to those two.
 */
async function stage(
  prepare: (s: Omit<Staged, "documentId">) => Promise<void> = async () => {},
): Promise<Staged> {
  const category = await ok<Category>(
    t.request("POST", "/api/categories", { as: "admin", body: { name: `Narrowing ${++serial}` } }),
    201,
  );
  const people = {
    categoryId: category.id,
    reviewer: await newUser("Reviewer"),
    approver: await newUser("Approver"),
  };
  await prepare(people);
  const title = `Narrowing ${++serial}`;
  const { body, headers } = multipart(
    { title, categoryId: category.id, allowDuplicate: "true" },
    { name: "policy.md", bytes: Buffer.from(`# ${title}\n\nEvery invoice must be approved.\n`) },
  );
  const doc = await ok<Document>(
    t.request("POST", "/api/documents/upload", { as: "author", body, headers }),
    201,
  );
  await ok<unknown>(
    t.request("POST", `/api/documents/${doc.id}/submit-review`, {
      as: "author",
      body: { reviewers: [people.reviewer.id], approverId: people.approver.id },
    }),
    201,
  );
  expect(await statusOf(t, doc.id)).toBe("In Review");
  return { ...people, documentId: doc.id };
}

/** How each access-narrowing event is raised through a real command, shutting out the reviewer. */
const scenarios: Partial<Record<DomainEventName, () => Promise<Staged>>> = {
  "document.accessChanged": async () => {
    const s = await stage();
    await ok(
      t.request("PUT", `/api/documents/${s.documentId}/access`, {
        as: "admin",
        body: { restricted: true, userIds: [s.approver.id], groupIds: [] },
      }),
    );
    return s;
  },
  "document.moved": async () => {
    const s = await stage();
    const closed = await ok<Category>(
      t.request("POST", "/api/categories", { as: "admin", body: { name: `Closed ${++serial}` } }),
      201,
    );
    const approvers = await newGroup([s.approver.id]);
    await setCategoryAccess(closed.id, [{ groupId: approvers.id, access: "view" }]);
    await ok(
      t.request("PATCH", `/api/documents/${s.documentId}`, { as: "admin", body: { categoryId: closed.id } }),
    );
    return s;
  },
  "category.permissionsChanged": async () => {
    const s = await stage();
    const without = await newGroup([ids.author!, s.approver.id]);
    await setCategoryAccess(s.categoryId, [{ groupId: without.id, access: "edit" }]);
    return s;
  },
  "group.membersChanged": async () => {
    let everyone: Group | null = null;
    const s = await stage(async (p) => {
      everyone = await newGroup([ids.author!, p.reviewer.id, p.approver.id]);
      await setCategoryAccess(p.categoryId, [{ groupId: everyone.id, access: "edit" }]);
    });
    await ok(
      t.request("PATCH", `/api/groups/${everyone!.id}`, {
        as: "admin",
        body: { memberIds: [ids.author, s.approver.id] },
      }),
    );
    return s;
  },
  "group.deleted": async () => {
    let reviewers: Group | null = null;
    const s = await stage(async (p) => {
      const rest = await newGroup([ids.author!, p.approver.id]);
      reviewers = await newGroup([p.reviewer.id]);
      await setCategoryAccess(p.categoryId, [
        { groupId: rest.id, access: "edit" },
        { groupId: reviewers.id, access: "view" },
      ]);
    });
    await ok(t.request("DELETE", `/api/groups/${reviewers!.id}`, { as: "admin" }), 204);
    return s;
  },
  "user.roleChanged": async () => {
    const s = await stage();
    await ok(t.request("PATCH", `/api/users/${s.reviewer.id}`, { as: "admin", body: { role: "Viewer" } }));
    return s;
  },
  "user.disabled": async () => {
    const s = await stage();
    await ok(t.request("PATCH", `/api/users/${s.reviewer.id}`, { as: "admin", body: { disabled: true } }));
    return s;
  },
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe("events that can shut someone out", () => {
  it("are declared, and each has a way to raise it here", () => {
    expect(accessNarrowingEvents.length).toBeGreaterThan(0);
    expect(accessNarrowingEvents.filter((name) => !scenarios[name])).toEqual([]);
  });

  it.each(accessNarrowingEvents)("%s ends the review round waiting on the one shut out", async (name) => {
    const raised: string[] = [];
    const raise = t.ctx.events.raise.bind(t.ctx.events);
    vi.spyOn(t.ctx.events, "raise").mockImplementation((ctx, tx, event) => {
      raised.push(event.type);
      return raise(ctx, tx, event);
    });
    const s = await scenarios[name]!();
    expect(raised).toContain(name);
    expect(await statusOf(t, s.documentId)).toBe("Draft");
    const [round] = await t.ctx.db
      .select({ stage: approvals.stage })
      .from(approvals)
      .where(eq(approvals.documentId, s.documentId))
      .orderBy(desc(approvals.round))
      .limit(1);
    expect(round?.stage).toBe("Withdrawn");
    // The reason names the assignee who can no longer act.
    expect((await latestWithdrawal(t, s.documentId))?.comment).toContain(s.reviewer.username);
  });
});
