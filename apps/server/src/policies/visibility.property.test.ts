import type {
  AiAnswer,
  CategoryStats,
  Document,
  DocumentStats,
  Notification,
  SearchResult,
} from "@quire/contracts";
import { inArray } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documents } from "../db/schema";
import { notifyUsers } from "../modules/notifications/service";
import type { LiveEvent } from "../modules/events/events";
import { createTestApp, json, multipart, type TestApp } from "../test/harness";
import { canSeeDocument, passesAccessLists } from "./access";
import { accessWorld, loadPeople, modelListable, writeAccessWorld, type WrittenWorld } from "./test-world";

/**
 * Issue 18's "one rule, everywhere": on random small archives, groups, access lists and
 * restrictions, every listing a user can reach (documents, counts, category tiles, search, ask,
 * suggestions, approvals, notifications, live events) shows exactly, or only, what the pure
 * model (access.ts) lets them see. Documents are real uploads, processed and indexed.
 */

let t: TestApp;
let people: Awaited<ReturnType<typeof loadPeople>>;
const received = new Map<string, LiveEvent[]>();

beforeAll(async () => {
  t = await createTestApp();
  people = await loadPeople(t.ctx.db);
  // A live connection per person, straight on the hub: what each would hear on /api/events.
  for (const p of people) {
    received.set(p.id, []);
    t.hub.add({
      actor: { id: p.id, username: p.username, role: p.role, via: "session" },
      sessionHash: null,
      send: (e) => received.get(p.id)!.push(e),
      end: () => undefined,
    });
  }
});
afterAll(async () => t.close());

const WORDS = ["amberwick", "brindlemoss", "copperfen", "dunmarrow", "elderquay", "fallowmere"];

async function upload(word: string, i: number): Promise<string> {
  const categories = json<Array<{ id: string }>>(await t.request("GET", "/api/categories", { as: "admin" }));
  const text = `# ${word} record ${i}\n\nThe ${word} procedure requires a signed ${word} form for every request.\n`;
  const { body, headers } = multipart(
    { categoryId: categories[0]!.id, title: `${word} record ${i}`, allowDuplicate: "true" },
    { name: `${word}-${i}.md`, bytes: Buffer.from(text) },
  );
  const res = await t.request("POST", "/api/documents/upload", { as: "admin", body, headers });
  expect(res.statusCode, res.body).toBe(201);
  return json<{ id: string }>(res).id;
}

const sorted = (xs: Iterable<string>) => [...xs].sort();
const inWorld = (w: WrittenWorld, ids: Iterable<string>) =>
  sorted([...ids].filter((id) => w.docIds.includes(id)));

async function totals(): Promise<number[]> {
  const each = people.map(
    async (p) =>
      json<DocumentStats>(await t.request("GET", "/api/documents/stats", { as: p.username })).total,
  );
  return Promise.all(each);
}

async function checkUser(w: WrittenWorld, word: string, u: number, totalBefore: number): Promise<void> {
  const as = people[u]!.username;
  const who = `${as} (${people[u]!.role})`;
  const listable = modelListable(w, u);
  const seen = new Set(listable);
  const unseen = (ids: string[]) => inWorld(w, ids).filter((id) => !seen.has(id));

  const list = json<Document[]>(await t.request("GET", "/api/documents?pageSize=100", { as }));
  expect({
    who,
    list: inWorld(
      w,
      list.map((d) => d.id),
    ),
  }).toEqual({ who, list: listable });

  const stats = json<DocumentStats>(await t.request("GET", "/api/documents/stats", { as }));
  expect({ who, added: stats.total - totalBefore }).toEqual({ who, added: listable.length });

  const tiles = json<CategoryStats[]>(await t.request("GET", "/api/categories/stats", { as }));
  for (const [c, categoryId] of w.categoryIds.entries()) {
    const tile = tiles.find((x) => x.id === categoryId);
    const inCategory = listable.filter((id) => w.facts[w.docIds.indexOf(id)]!.categoryId === categoryId);
    const level = w.actors[u]!.role === "Admin" ? "edit" : null;
    const seen = level ?? modelLevel(w, u, c);
    if (seen === "none") expect({ who, tile: tile ?? null }).toEqual({ who, tile: null });
    else
      expect({ who, category: c, count: tile?.count }).toEqual({
        who,
        category: c,
        count: inCategory.length,
      });
  }

  const search = json<SearchResult[]>(await t.request("GET", `/api/search?q=${word}`, { as }));
  expect({
    who,
    search: inWorld(
      w,
      search.map((r) => r.document.id),
    ),
  }).toEqual({ who, search: listable });

  const ask = await t.request("POST", "/api/ai/ask", {
    as,
    body: { question: `What does the ${word} procedure require?` },
  });
  const cited = json<AiAnswer>(ask).citations.map((c) => c.documentId);
  expect({ who, unseenCitations: unseen(cited) }).toEqual({
    who,
    unseenCitations: [],
  });

  const suggestions = json<Array<{ documentIds: string[] }>>(
    await t.request("GET", "/api/ai/suggestions", { as }),
  );
  const named = suggestions.flatMap((s) => s.documentIds);
  expect({ who, unseenSuggested: unseen(named) }).toEqual({
    who,
    unseenSuggested: [],
  });

  const approvals = json<Array<{ documentId: string }>>(await t.request("GET", "/api/approvals", { as }));
  const rounds = approvals.map((a) => a.documentId);
  expect({ who, unseenRounds: unseen(rounds) }).toEqual({
    who,
    unseenRounds: [],
  });

  const notes = json<Notification[]>(await t.request("GET", "/api/notifications", { as }));
  const admitted = w.docIds.filter((_, i) => passesAccessLists(w.actors[u]!, w.facts[i]!));
  expect({
    who,
    notified: inWorld(
      w,
      notes.flatMap((n) => (n.documentId ? [n.documentId] : [])),
    ),
  }).toEqual({
    who,
    notified: sorted(admitted),
  });
}

function modelLevel(w: WrittenWorld, u: number, c: number): string {
  const cat = w.world.categories[c]!;
  const actor = w.actors[u]!;
  const order = ["none", "view", "add", "edit"];
  let best = order.indexOf(cat.everyone);
  for (const g of cat.groups)
    if (actor.groupIds.includes(w.groupIds[g.group]!)) best = Math.max(best, order.indexOf(g.access));
  return order[best]!;
}

async function until(check: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
}

describe("one access rule behind every listing", () => {
  it("matches the pure model on random archives, groups and access lists", async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(accessWorld(people.length, 4), async (world) => {
        const word = WORDS[run++ % WORDS.length]!;
        const before = await totals();
        const w = await writeAccessWorld(t.ctx.db, people, world, undefined, (i) => upload(word, i));
        await t.runner.runUntilIdle();
        // A notification about every document to everyone: only those its access lists admit keep one.
        for (const id of w.docIds) {
          const note = { kind: "review_due" as const, title: "Check", body: "Check it", documentId: id };
          await notifyUsers(
            t.ctx.db,
            people.map((p) => p.id),
            note,
            t.clock.now(),
            undefined,
          );
        }
        // A change to each document, heard live by exactly those who may open it.
        for (const list of received.values()) list.length = 0;
        await t.ctx.db
          .update(documents)
          .set({ updatedAt: t.clock.now() })
          .where(inArray(documents.id, w.docIds));
        const expectedEvents = w.actors.map((a) => w.docIds.filter((_, i) => canSeeDocument(a, w.facts[i]!)));
        await until(
          () => people.every((p, u) => eventIds(p.id, w).length >= expectedEvents[u]!.length),
          2000,
        );
        await new Promise((r) => setTimeout(r, 100));
        for (const [u, p] of people.entries()) {
          expect({ who: p.username, events: eventIds(p.id, w) }).toEqual({
            who: p.username,
            events: sorted(expectedEvents[u]!),
          });
          await checkUser(w, word, u, before[u]!);
        }
      }),
      { numRuns: 4 },
    );
  }, 600_000);
});

function eventIds(userId: string, w: WrittenWorld): string[] {
  const ids = new Set<string>();
  for (const e of received.get(userId) ?? [])
    if ("documentId" in e && typeof e.documentId === "string") ids.add(e.documentId);
  return inWorld(w, ids);
}
