import { and, inArray } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documents } from "../db/schema";
import { createTestApp, type TestApp } from "../../test/support/harness";
import {
  atLeast,
  canSeeDocument,
  categoryLevel,
  couldSeeOnceShared,
  passesAccessLists,
  type AccessActor,
  type DocumentAccessFacts,
} from "./access";
import {
  categoryLevelsFor,
  documentViewerIds,
  listableDocumentsWhere,
  readableDocumentsWhere,
} from "./documents-where";
import { loadAccessFacts, withGroups } from "./facts";
import {
  accessWorld,
  loadPeople,
  modelLevels,
  modelListable,
  writeAccessWorld,
} from "../../test/support/access-world";

const alice: AccessActor = { id: "alice", role: "Author", groupIds: ["hr"] };
const bob: AccessActor = { id: "bob", role: "Viewer", groupIds: [] };
const admin: AccessActor = { id: "root", role: "Admin", groupIds: [] };

const hrOnly = { everyoneAccess: "none", groups: [{ groupId: "hr", access: "view" }] } as const;
const base: DocumentAccessFacts = {
  ownerId: "owner",
  status: "Approved",
  archived: false,
  assigneeIds: [],
  categoryId: "c",
  category: { everyoneAccess: "view", groups: [] },
  restricted: false,
  sharedUserIds: [],
  sharedGroupIds: [],
};

describe("the pure rule", () => {
  it("orders levels none < view < add < edit and takes the best of everyone's and the groups'", () => {
    expect(atLeast("edit", "add") && atLeast("add", "view") && atLeast("view", "none")).toBe(true);
    expect(atLeast("view", "add")).toBe(false);
    expect(categoryLevel(alice, hrOnly)).toBe("view");
    expect(categoryLevel(bob, hrOnly)).toBe("none");
    const mixed = { everyoneAccess: "add", groups: [{ groupId: "hr", access: "view" }] } as const;
    expect(categoryLevel(alice, mixed)).toBe("add");
    expect(categoryLevel(alice, { ...mixed, groups: [{ groupId: "hr", access: "edit" }] })).toBe("edit");
  });

  it("hides a category's documents from people outside its groups", () => {
    const doc = { ...base, category: hrOnly };
    expect(canSeeDocument(alice, doc)).toBe(true);
    expect(canSeeDocument(bob, doc)).toBe(false);
    expect(canSeeDocument(admin, doc)).toBe(true);
    expect(canSeeDocument({ ...bob, id: "owner" }, doc)).toBe(true);
  });

  it("narrows a restricted document to its named users and groups", () => {
    const doc = { ...base, restricted: true, sharedUserIds: ["bob"] };
    expect(canSeeDocument(bob, doc)).toBe(true);
    expect(canSeeDocument(alice, doc)).toBe(false);
    expect(canSeeDocument(alice, { ...doc, sharedGroupIds: ["hr"] })).toBe(true);
    // A share never widens the category: bob is named but holds none in an HR-only category.
    expect(canSeeDocument(bob, { ...doc, category: hrOnly })).toBe(false);
    expect(canSeeDocument(admin, doc)).toBe(true);
  });

  it("keeps today's rule: drafts for owner and assignees, archived for owner and Admins", () => {
    expect(canSeeDocument(bob, { ...base, status: "Draft" })).toBe(false);
    expect(canSeeDocument(bob, { ...base, status: "Draft", assigneeIds: ["bob"] })).toBe(true);
    expect(canSeeDocument(bob, { ...base, status: "Draft", assigneeIds: ["bob"], category: hrOnly })).toBe(
      false,
    );
    expect(canSeeDocument(bob, { ...base, archived: true })).toBe(false);
    expect(canSeeDocument({ ...bob, id: "owner" }, { ...base, archived: true, category: hrOnly })).toBe(true);
    expect(couldSeeOnceShared(bob, { ...base, status: "Draft" })).toBe(true);
    expect(couldSeeOnceShared(bob, { ...base, status: "Draft", category: hrOnly })).toBe(false);
  });
});

describe("the SQL filter agrees with the pure rule", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it("on random archives, groups and access lists (lists, single reads, levels, viewers, loaded facts)", async () => {
    const people = await loadPeople(t.ctx.db);
    await fc.assert(
      fc.asyncProperty(accessWorld(people.length), async (world) => {
        const w = await writeAccessWorld(t.ctx.db, people, world);
        const ids = (where: ReturnType<typeof listableDocumentsWhere>) =>
          t.ctx.db
            .select({ id: documents.id })
            .from(documents)
            .where(and(inArray(documents.id, w.docIds), where))
            .then((rows) => rows.map((r) => r.id).sort());
        for (const [u, person] of people.entries()) {
          expect(await ids(listableDocumentsWhere(person))).toEqual(modelListable(w, u));
          const readable = w.docIds.filter((_, i) => canSeeDocument(w.actors[u]!, w.facts[i]!)).sort();
          expect(await ids(readableDocumentsWhere(person))).toEqual(readable);
          const levels = await categoryLevelsFor(t.ctx.db, person);
          expect(w.categoryIds.map((c) => levels.get(c))).toEqual(modelLevels(w, u));
          // Earlier runs' groups stay in the database; this run's are the ones the model knows.
          const groupIds = (await withGroups(t.ctx.db, person)).groupIds.filter((g) =>
            w.groupIds.includes(g),
          );
          expect(groupIds.sort()).toEqual([...w.actors[u]!.groupIds].sort());
        }
        for (const [i, id] of w.docIds.entries()) {
          const expected = w.actors.filter((a) => canSeeDocument(a, w.facts[i]!)).map((a) => a.id);
          expect((await documentViewerIds(t.ctx.db, id)).sort()).toEqual(expected.sort());
          const admitted = w.actors.filter((a) => passesAccessLists(a, w.facts[i]!)).map((a) => a.id);
          const listed = await documentViewerIds(t.ctx.db, id, { lifecycle: false });
          expect(listed.sort()).toEqual(admitted.sort());
          const loaded = await loadAccessFacts(t.ctx.db, id);
          expect(normalise(loaded!)).toEqual(normalise(w.facts[i]!));
        }
      }),
      { numRuns: 12 },
    );
    // Twelve worlds of up to six documents with two rounds each: a loaded machine took over 30 s.
  }, 120_000);

  it("answers null facts for an unknown document", async () => {
    expect(await loadAccessFacts(t.ctx.db, "no-such-document")).toBeNull();
  });
});

function normalise(f: DocumentAccessFacts) {
  const sorted = (xs: readonly string[]) => [...xs].sort();
  return {
    ...f,
    assigneeIds: sorted(f.assigneeIds),
    sharedUserIds: sorted(f.sharedUserIds),
    sharedGroupIds: sorted(f.sharedGroupIds),
    category: {
      everyoneAccess: f.category.everyoneAccess,
      groups: [...f.category.groups].sort((a, b) => a.groupId.localeCompare(b.groupId)),
    },
  };
}
