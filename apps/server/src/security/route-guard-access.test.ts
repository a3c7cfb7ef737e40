import { roles, type Role } from "@quire/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import {
  categories,
  categoryGroupAccess,
  documents,
  documentUserAccess,
  groupMembers,
  groups,
} from "../db/schema";
import { demoAppForFile } from "../../test/support/review-helpers";
import { matrix } from "../../test/support/route-matrix";
import {
  ALL,
  attemptAs,
  demoUserOf,
  type MatrixEntry,
  type Prepared,
} from "../../test/support/route-matrix-fixtures";

/**
 * The route-guard matrix's permission axis: every document route, for every role, with
 * the document (after the matrix prepared it) in one of three places. A member of the category's
 * group gets what the role matrix says; someone outside the access list, or outside a document's
 * restriction, gets 404 for everything, whatever their role. Admins and the owning Author (a
 * member, so still able to change it) keep the role matrix's answer.
 */

type Situation = "member of the category's group" | "not a member" | "restricted to someone else";
const situations: Situation[] = [
  "member of the category's group",
  "not a member",
  "restricted to someone else",
];

const { t, ids } = demoAppForFile();
/** Everyone's group gets edit here; nobody else sees anything. */
// Named to sort last: the matrix uploads into the first category it lists.
let membersCategory: string;
/** Only the author's group (edit) is on this category's list. */
let closedCategory: string;

beforeAll(async () => {
  const group = async (name: string, members: string[]) => {
    const [row] = await t.ctx.db.insert(groups).values({ name }).returning({ id: groups.id });
    await t.ctx.db.insert(groupMembers).values(members.map((u) => ({ groupId: row!.id, userId: ids[u]! })));
    return row!.id;
  };
  const category = async (name: string, groupId: string) => {
    const [row] = await t.ctx.db
      .insert(categories)
      .values({ name, everyoneAccess: "none" })
      .returning({ id: categories.id });
    await t.ctx.db.insert(categoryGroupAccess).values({ categoryId: row!.id, groupId, access: "edit" });
    return row!.id;
  };
  membersCategory = await category(
    "Zz members' category",
    await group("Everyone", Object.values(demoUserOf)),
  );
  closedCategory = await category("Zz closed category", await group("Authors", ["author"]));
});

const documentId = (url: string) => /\/api\/(?:documents|ai\/categorize)\/([0-9a-f-]{36})/.exec(url)?.[1];

async function place(id: string, situation: Situation): Promise<void> {
  if (situation === "restricted to someone else") {
    await t.ctx.db.update(documents).set({ restricted: true }).where(eq(documents.id, id));
    await t.ctx.db.insert(documentUserAccess).values({ documentId: id, userId: ids.reviewer2! });
    return;
  }
  const categoryId = situation === "not a member" ? closedCategory : membersCategory;
  await t.ctx.db.update(documents).set({ categoryId }).where(eq(documents.id, id));
}

/** What the role matrix answers, unless the access list hides the document from this role. */
function expected(entry: MatrixEntry, role: Role, situation: Situation): number {
  const hidden = situation !== "member of the category's group" && role !== "Admin" && role !== "Author";
  if (hidden) return 404;
  const allowed = entry.allowed === ALL || entry.allowed.includes(role);
  return allowed ? (entry.ok ?? 200) : (entry.denied ?? 403);
}

const documentRoutes = matrix.filter(
  (e) => e.route.startsWith("/api/documents/:id") || e.route === "/api/ai/categorize/:documentId",
);

async function attempt(entry: MatrixEntry, role: Role, prepared: Prepared) {
  const { res, written } = await attemptAs(t, entry, role, prepared);
  return { status: res.statusCode, body: res.body, written: written.length };
}

describe("route guard × access lists", () => {
  it("covers every document route", () => {
    expect(documentRoutes.length).toBeGreaterThanOrEqual(20);
    expect(documentRoutes.every((e) => e.prepare)).toBe(true);
  });

  for (const entry of documentRoutes) {
    for (const situation of situations) {
      it(`${entry.method} ${entry.route}, ${situation}`, async () => {
        // Refusals change nothing, so every refused role tries the same document; each allowed
        // role gets a fresh one (its request may change the document).
        const refused = roles.filter(
          (r) => expected(entry, r, situation) >= 400 && expected(entry, r, situation) !== entry.ok,
        );
        const shared = await entry.prepare!(t);
        await place(documentId(shared.url!)!, situation);
        for (const role of roles) {
          const prepared = refused.includes(role) ? shared : await entry.prepare!(t);
          if (prepared !== shared) await place(documentId(prepared.url!)!, situation);
          const got = await attempt(entry, role, prepared);
          const want = expected(entry, role, situation);
          expect({ role, status: got.status }, got.body).toEqual({ role, status: want });
          if (want >= 400 && want !== entry.ok)
            expect({ role, written: got.written }).toEqual({ role, written: 0 });
        }
        // Up to six documents put through review each: minutes on a loaded 2-core machine.
      }, 180_000);
    }
  }
});
