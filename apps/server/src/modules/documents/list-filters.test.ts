import type { Document, DocumentFacets, FacetValue } from "@quire/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import { seedDemoDocuments } from "../../demo/seed";
import { appForFile } from "../../../test/support/app-for-file";
import { json, multipart } from "../../../test/support/harness";

const t = appForFile({ seeders: [seedDemoDocuments] });
let all: Document[];
beforeAll(async () => {
  all = json<Document[]>(await t.request("GET", "/api/documents?pageSize=500", { as: "admin" }));
});

async function list(query: string, as = "admin"): Promise<{ docs: Document[]; total: string | undefined }> {
  const res = await t.request("GET", `/api/documents?pageSize=500&${query}`, { as });
  expect(res.statusCode, res.body).toBe(200);
  return { docs: json<Document[]>(res), total: res.headers["x-total-count"] as string | undefined };
}

describe("All Documents filters", () => {
  it("filter by tag: exactly the documents carrying it", async () => {
    const tag = all.find((d) => d.tags.length > 0)?.tags[0];
    expect(tag).toBeDefined();
    const { docs, total } = await list(`tag=${encodeURIComponent(tag!)}`);
    const expected = all.filter((d) => d.tags.includes(tag!)).map((d) => d.id);
    expect(docs.map((d) => d.id).sort()).toEqual(expected.sort());
    expect(total).toBe(String(expected.length));
  });

  it("filter by owner username, case-insensitively", async () => {
    const owner = all[0]!.owner;
    const { docs } = await list(`owner=${encodeURIComponent(owner.toUpperCase())}`);
    expect(docs.length).toBe(all.filter((d) => d.owner === owner).length);
    expect(docs.every((d) => d.owner === owner)).toBe(true);
    expect((await list("owner=nobody-at-all")).docs).toEqual([]);
  });

  it("filter by the day last updated, both ends included", async () => {
    const days = [...new Set(all.map((d) => d.updatedAt.slice(0, 10)))].sort();
    const day = days[Math.floor(days.length / 2)]!;
    const onOrAfter = await list(`updatedFrom=${day}`);
    expect(onOrAfter.docs.length).toBe(all.filter((d) => d.updatedAt.slice(0, 10) >= day).length);
    const onOrBefore = await list(`updatedTo=${day}`);
    expect(onOrBefore.docs.length).toBe(all.filter((d) => d.updatedAt.slice(0, 10) <= day).length);
    const that = await list(`updatedFrom=${day}&updatedTo=${day}`);
    expect(that.docs.every((d) => d.updatedAt.startsWith(day))).toBe(true);
    expect(that.docs.length).toBeGreaterThan(0);
  });

  it("combines with category, status and sort, and refuses a malformed day", async () => {
    const doc = all.find((d) => d.tags.length > 0)!;
    const { docs } = await list(
      `category=${doc.categoryId}&status=${encodeURIComponent(doc.status)}&owner=${doc.owner}&sort=title`,
    );
    expect(docs.some((d) => d.id === doc.id)).toBe(true);
    const titles = docs.map((d) => d.title.toLowerCase());
    expect(titles).toEqual([...titles].sort());
    const bad = await t.request("GET", "/api/documents?updatedFrom=yesterday", { as: "admin" });
    expect(bad.statusCode).toBe(400);
  });

  it("never widens what a role may read", async () => {
    const viewerAll = (await list("", "viewer")).docs;
    const owner = all.find((d) => d.status === "Draft")?.owner ?? all[0]!.owner;
    const { docs } = await list(`owner=${owner}`, "viewer");
    const visible = new Set(viewerAll.map((d) => d.id));
    expect(docs.every((d) => visible.has(d.id) && d.status !== "Draft")).toBe(true);
  });
});

/** What the facets must say for a list: each value with the number of listed documents carrying it. */
function counted(values: string[]): FacetValue[] {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
}

const facets = async (as: string) => {
  const res = await t.request("GET", "/api/documents/facets", { as });
  expect(res.statusCode, res.body).toBe(200);
  return json<DocumentFacets>(res);
};

describe("the Tag and Owner filters' suggestions", () => {
  it("count exactly the tags and owners of the documents each role may list", async () => {
    for (const as of ["admin", "author", "viewer"]) {
      const listed = (await list("", as)).docs;
      const seen = await facets(as);
      // Ties are ordered by the database's collation; compare as sets of (value, count).
      const byValue = (xs: FacetValue[]) => [...xs].sort((a, b) => a.value.localeCompare(b.value));
      expect(byValue(seen.tags), as).toEqual(byValue(counted(listed.flatMap((d) => d.tags))));
      expect(byValue(seen.owners), as).toEqual(byValue(counted(listed.map((d) => d.owner))));
      expect(seen.tags.map((x) => x.count)).toEqual([...seen.tags.map((x) => x.count)].sort((a, b) => b - a));
    }
  });

  it("never name a tag only a document the reader cannot see carries", async () => {
    const [category] = json<Array<{ id: string }>>(
      await t.request("GET", "/api/categories", { as: "author" }),
    );
    const { body, headers } = multipart(
      { title: "Unannounced merger", categoryId: category!.id },
      { name: "merger.md", bytes: Buffer.from("# Merger\n\nTerms under negotiation.\n") },
    );
    const up = await t.request("POST", "/api/documents/upload", { as: "author", body, headers });
    expect(up.statusCode, up.body).toBe(201);
    const id = json<Document>(up).id;
    const tagged = await t.request("PATCH", `/api/documents/${id}`, {
      as: "author",
      body: { tags: ["project-kestrel"] },
    });
    expect(tagged.statusCode, tagged.body).toBe(200);
    expect((await facets("author")).tags).toContainEqual({ value: "project-kestrel", count: 1 });
    expect((await facets("viewer")).tags.map((x) => x.value)).not.toContain("project-kestrel");
  });
});
