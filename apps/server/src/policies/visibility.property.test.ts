import type {
  AiAnswer,
  CategorizeResult,
  CategoryStats,
  DashboardInsights,
  Document,
  DocumentStats,
  Notification,
  SearchResult,
} from "@quire/contracts";
import { inArray } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { documents } from "../db/schema";
import { notifyUsers } from "../modules/notifications/service";
import type { LiveEvent } from "../modules/events/events";
import { appForFile } from "../../test/support/app-for-file";
import { json, multipart } from "../../test/support/harness";
import { canSeeDocument, passesAccessLists } from "./access";
import {
  accessWorld,
  loadPeople,
  modelListable,
  writeAccessWorld,
  type WrittenWorld,
} from "../../test/support/access-world";

/**
 * "One rule, everywhere": on random small archives, groups, access lists and
 * restrictions, every listing a user can reach (documents, counts, category tiles, search, ask,
 * suggestions, approvals, notifications, live events) shows exactly, or only, what the pure
 * model (access.ts) lets them see, and every document route (the document, its versions, original,
 * diff, summary, category suggestion) answers 404 to exactly those the model keeps out. Documents
 * carry the assignees of a round open now and of one that ended, who are granted nothing; the
 * category classifier answers a hidden document's word as it answers a word found nowhere. Documents are real uploads,
 * processed and indexed; each carries a secret word of its own in its title and text, so a body
 * that quotes a passage, excerpt, title or popular query of a document its reader may not see
 * gives itself away whatever shape it has.
 */

const t = appForFile();
let people: Awaited<ReturnType<typeof loadPeople>>;
const received = new Map<string, LiveEvent[]>();

beforeAll(async () => {
  people = await loadPeople(t.ctx.db);
  // A live connection per person, straight on the hub: what each would hear on /api/events.
  for (const p of people) {
    received.set(p.id, []);
    t.hub.add({
      actor: { id: p.id, username: p.username, role: p.role, via: "session" },
      credentialHash: `property-test-${p.id}`,
      send: (e) => received.get(p.id)!.push(e),
      end: () => undefined,
    });
  }
});

const WORDS = ["amberwick", "brindlemoss", "copperfen", "dunmarrow", "elderquay", "fallowmere"];

/** A word no other document shares (letters only, so the search index keeps it whole). */
const secretOf = (run: number, i: number) => {
  const letters = (n: number) => [...String(n)].map((d) => "abcdefghij"[Number(d)]).join("");
  // "v" starts it and "x" and "zq" frame the numbers, so no secret is part of another.
  return `vault${letters(run)}x${letters(i)}zq`;
};

async function upload(word: string, secret: string, i: number): Promise<string> {
  const categories = json<Array<{ id: string }>>(await t.request("GET", "/api/categories", { as: "admin" }));
  const text = `# ${word} record ${i} ${secret}\n\nThe ${word} procedure requires a signed ${word} form for every ${secret} request.\n`;
  const { body, headers } = multipart(
    { categoryId: categories[0]!.id, title: `${word} record ${i} ${secret}`, allowDuplicate: "true" },
    { name: `${word}-${i}.md`, bytes: Buffer.from(text) },
  );
  const res = await t.request("POST", "/api/documents/upload", { as: "admin", body, headers });
  expect(res.statusCode, res.body).toBe(201);
  return json<{ id: string }>(res).id;
}

const sorted = (xs: Iterable<string>) => [...xs].sort();
const inWorld = (w: WrittenWorld, ids: Iterable<string>) =>
  sorted([...ids].filter((id) => w.docIds.includes(id)));

interface Baseline {
  total: number;
  dashboardTotal: number;
  drafts: number;
}

/** Each person's counts before a world is written: the world's documents come on top. */
async function baselines(): Promise<Baseline[]> {
  const each = people.map(async (p): Promise<Baseline> => {
    const stats = json<DocumentStats>(await t.request("GET", "/api/documents/stats", { as: p.username }));
    const dash = json<DashboardInsights>(
      await t.request("GET", "/api/dashboard/insights", { as: p.username }),
    );
    return { total: stats.total, dashboardTotal: dash.total, drafts: dash.drafts };
  });
  return Promise.all(each);
}

/** The secret words of the world's documents that `keptOut` (by index) says the reader may not see. */
function secretsOf(secrets: string[], keptOut: (i: number) => boolean): string[] {
  return secrets.filter((_, i) => keptOut(i));
}

/** The secret words `body` gives away: always empty when the route keeps to the rule. */
const leaked = (body: string, secrets: string[]) => secrets.filter((s) => body.includes(s));

async function checkUser(
  w: WrittenWorld,
  word: string,
  secrets: string[],
  u: number,
  before: Baseline,
): Promise<void> {
  const as = people[u]!.username;
  const actor = w.actors[u]!;
  const who = `${as} (${people[u]!.role})`;
  const listable = modelListable(w, u);
  const seen = new Set(listable);
  const unseen = (ids: string[]) => inWorld(w, ids).filter((id) => !seen.has(id));
  const hidden = secretsOf(secrets, (i) => !canSeeDocument(actor, w.facts[i]!));
  const get = (url: string) => t.request("GET", url, { as });
  /** A response that must quote nothing of a document the reader may not open. */
  const tight = async (url: string, res?: Awaited<ReturnType<typeof get>>) => {
    const r = res ?? (await get(url));
    expect({ who, url, status: r.statusCode }).toEqual({ who, url, status: 200 });
    expect({ who, url, leaked: leaked(r.body, hidden) }).toEqual({ who, url, leaked: [] });
    return r;
  };

  const listRes = await tight("/api/documents?pageSize=100");
  // The secret words are there to be found: the list names every document it shows by them.
  const shown = secretsOf(secrets, (i) => seen.has(w.docIds[i]!));
  expect({ who, named: leaked(listRes.body, shown) }).toEqual({ who, named: shown });
  const list = json<Document[]>(listRes);
  expect({
    who,
    list: inWorld(
      w,
      list.map((d) => d.id),
    ),
  }).toEqual({ who, list: listable });

  const recent = json<Document[]>(await tight("/api/documents/recent"));
  expect({ who, unseenRecent: unseen(recent.map((d) => d.id)) }).toEqual({ who, unseenRecent: [] });

  const stats = json<DocumentStats>(await tight("/api/documents/stats"));
  expect({ who, added: stats.total - before.total }).toEqual({ who, added: listable.length });

  const dash = json<DashboardInsights>(await tight("/api/dashboard/insights"));
  const listableDrafts = listable.filter((id) => w.facts[w.docIds.indexOf(id)]!.status === "Draft");
  expect({
    who,
    dashboardAdded: dash.total - before.dashboardTotal,
    drafts: dash.drafts - before.drafts,
  }).toEqual({ who, dashboardAdded: listable.length, drafts: listableDrafts.length });

  const tiles = json<CategoryStats[]>(await tight("/api/categories/stats"));
  for (const [c, categoryId] of w.categoryIds.entries()) {
    const tile = tiles.find((x) => x.id === categoryId);
    const inCategory = listable.filter((id) => w.facts[w.docIds.indexOf(id)]!.categoryId === categoryId);
    const level = actor.role === "Admin" ? "edit" : modelLevel(w, u, c);
    if (level === "none") expect({ who, tile: tile ?? null }).toEqual({ who, tile: null });
    else
      expect({ who, category: c, count: tile?.count }).toEqual({
        who,
        category: c,
        count: inCategory.length,
      });
    // The dashboard's chart by category counts the same documents (a category it cannot count is absent).
    const bar = dash.byCategory.find((x) => x.name === w.categoryNames[c]);
    expect({ who, category: c, bar: bar?.count ?? 0 }).toEqual({ who, category: c, bar: inCategory.length });
    const res = await get(`/api/documents/category/${categoryId}?pageSize=100`);
    const inList = res.statusCode === 200 ? json<Document[]>(res).map((d) => d.id) : [];
    expect({
      who,
      category: c,
      status: res.statusCode === 404 ? 200 : res.statusCode,
      inList: inWorld(w, inList),
    }).toEqual({ who, category: c, status: 200, inList: sorted(inCategory) });
    expect({ who, leaked: leaked(res.body, hidden) }).toEqual({ who, leaked: [] });
  }

  const search = json<SearchResult[]>(await tight(`/api/search?q=${word}`));
  expect({
    who,
    search: inWorld(
      w,
      search.map((r) => r.document.id),
    ),
  }).toEqual({ who, search: listable });
  // A search for a hidden document's own secret word finds nothing of it.
  for (const secret of hidden) {
    const found = json<SearchResult[]>(await tight(`/api/search?q=${secret}`));
    expect({ who, secret, found: unseen(found.map((r) => r.document.id)) }).toEqual({
      who,
      secret,
      found: [],
    });
  }
  // Popular queries (the Admin searched every secret word) are suggested only where a visible document answers them.
  await tight("/api/search/suggestions");

  const ask = await t.request("POST", "/api/ai/ask", {
    as,
    body: { question: `What does the ${word} procedure require?` },
  });
  const cited = json<AiAnswer>(await tight("POST /api/ai/ask", ask)).citations.map((c) => c.documentId);
  expect({ who, unseenCitations: unseen(cited) }).toEqual({ who, unseenCitations: [] });

  const suggestions = json<Array<{ documentIds: string[] }>>(await tight("/api/ai/suggestions"));
  const named = suggestions.flatMap((s) => s.documentIds);
  expect({ who, unseenSuggested: unseen(named) }).toEqual({ who, unseenSuggested: [] });

  // The classifier, which anyone may ask: a hidden document's word moves nothing in its answer, and
  // it names no category the reader cannot view.
  const unviewed = w.categoryIds.filter((_, c) => actor.role !== "Admin" && modelLevel(w, u, c) === "none");
  const categorize = async (word: string) => {
    const res = await t.request("POST", "/api/ai/categorize", {
      as,
      body: { title: word, content: `The ${word} form. ${word}` },
    });
    // The answer's tags are the asker's own words: only another hidden word would be a leak.
    expect({ who, word, status: res.statusCode }).toEqual({ who, word, status: 200 });
    const others = hidden.filter((s) => s !== word);
    expect({ who, word, leaked: leaked(res.body, others) }).toEqual({ who, word, leaked: [] });
    const r = json<CategorizeResult>(res);
    const named = [r.categoryId, ...r.alternatives.map((a) => a.categoryId)];
    expect({ who, unviewedNamed: named.filter((id) => id !== null && unviewed.includes(id)) }).toEqual({
      who,
      unviewedNamed: [],
    });
    return { categoryId: r.categoryId, confidence: r.confidence, alternatives: r.alternatives };
  };
  const control = await categorize(secretOf(999, 99));
  for (const secret of hidden)
    expect({ who, secret, answer: await categorize(secret) }).toEqual({ who, secret, answer: control });

  const approvals = json<Array<{ documentId: string }>>(await tight("/api/approvals"));
  expect({ who, unseenRounds: unseen(approvals.map((a) => a.documentId)) }).toEqual({
    who,
    unseenRounds: [],
  });
  await tight("/api/approvals/stats");

  // Notifications follow the access lists (a draft's notice waits for its reader to be assigned).
  const admittedOnly = secretsOf(secrets, (i) => !passesAccessLists(actor, w.facts[i]!));
  const notesRes = await get("/api/notifications");
  expect({ who, leaked: leaked(notesRes.body, admittedOnly) }).toEqual({ who, leaked: [] });
  const notes = json<Notification[]>(notesRes);
  const admitted = w.docIds.filter((_, i) => passesAccessLists(actor, w.facts[i]!));
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

  // Every route about one document: the same answer as the model, 404 where it keeps the reader out.
  for (const [i, id] of w.docIds.entries()) {
    const may = canSeeDocument(actor, w.facts[i]!);
    for (const path of ["", "/versions", "/versions/1", "/versions/1/original", "/diff/1/1", "/summary"]) {
      const res = await get(`/api/documents/${id}${path}`);
      expect({ who, doc: i, path, status: res.statusCode }).toEqual({
        who,
        doc: i,
        path,
        status: may ? 200 : 404,
      });
      if (!may)
        expect({ who, path, leaked: leaked(res.body, [secrets[i]!]) }).toEqual({ who, path, leaked: [] });
    }
    const suggested = await get(`/api/ai/categorize/${id}`);
    expect({ who, doc: i, categorize: suggested.statusCode }).toEqual({
      who,
      doc: i,
      categorize: may ? 200 : 404,
    });
    expect({ who, doc: i, leaked: leaked(suggested.body, hidden) }).toEqual({ who, doc: i, leaked: [] });
    if (may)
      expect({
        who,
        doc: i,
        unviewedNamed: json<CategorizeResult>(suggested)
          .alternatives.map((a) => a.categoryId)
          .filter((c) => unviewed.includes(c)),
      }).toEqual({ who, doc: i, unviewedNamed: [] });
  }
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
        const r = run++;
        const word = WORDS[r % WORDS.length]!;
        const before = await baselines();
        const w = await writeAccessWorld(t.ctx.db, people, world, undefined, (i) =>
          upload(word, secretOf(r, i), i),
        );
        const secrets = w.docIds.map((_, i) => secretOf(r, i));
        await t.runner.runUntilIdle();
        // The Admin (who sees all) searches every secret word: popular queries to be suggested, or not.
        for (const secret of secrets) await t.request("GET", `/api/search?q=${secret}`, { as: "admin" });
        // A notification about every document to everyone: only those its access lists admit keep one.
        for (const id of w.docIds) {
          const note = {
            kind: "review_due" as const,
            title: "Check",
            body: "Check it",
            message: { key: "staleUnchanged" as const, params: { document: "Check", days: 400 } },
            documentId: id,
          };
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
          const hidden = secrets.filter((_, i) => !canSeeDocument(w.actors[u]!, w.facts[i]!));
          const heard = JSON.stringify(received.get(p.id) ?? []);
          expect({ who: p.username, leaked: leaked(heard, hidden) }).toEqual({ who: p.username, leaked: [] });
          await checkUser(w, word, secrets, u, before[u]!);
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
