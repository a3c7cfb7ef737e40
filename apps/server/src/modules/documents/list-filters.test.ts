import type { Document } from "@quire/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import { seedDemoDocuments } from "../../demo/seed";
import { appForFile } from "../../../test/support/app-for-file";
import { json } from "../../../test/support/harness";

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
