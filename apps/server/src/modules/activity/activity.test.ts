import { parse } from "content-disposition";
import type { AuditPage } from "@quire/contracts";
import { describe, expect, it } from "vitest";
import { json } from "../../../test/support/harness";
import { demoAppForFile, uploadDraft } from "../../../test/support/review-helpers";

const { t, ids } = demoAppForFile();

const audit = async (query: string) =>
  json<AuditPage>(await t.request("GET", `/api/activity?${query}`, { as: "admin" }));

describe("the audit trail", () => {
  it("records a sign-in with the user and the address it came from", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: "viewer", password: "demo" },
      remoteAddress: "203.0.113.7",
    });
    expect(res.statusCode).toBe(200);
    const page = await audit(`userId=${ids.viewer}&subjectType=session`);
    expect(page.items[0]).toMatchObject({ action: "Signed in", username: "viewer", ip: "203.0.113.7" });
  });

  it("records a change with the document's title, and filters by document, action and time", async () => {
    const doc = await uploadDraft(t, "author", "Audit trail policy");
    await t.request("PATCH", `/api/documents/${doc}`, { as: "author", body: { tags: ["audit"] } });
    const page = await audit(`documentId=${doc}`);
    expect(page.items.map((e) => [e.action, e.username, e.documentTitle])).toEqual([
      ["Edited details", "author", "Audit trail policy"],
      ["Uploaded", "author", "Audit trail policy"],
    ]);
    expect(page.total).toBe(2);
    expect((await audit(`documentId=${doc}&action=edited`)).total).toBe(1);
    // Literal text: a % in the filter is not a wildcard.
    expect((await audit(`documentId=${doc}&action=%25`)).total).toBe(0);
    const today = t.clock.now().toISOString().slice(0, 10);
    expect((await audit(`documentId=${doc}&from=${today}&to=${today}`)).total).toBe(2);
    expect((await audit(`documentId=${doc}&to=2000-01-01`)).total).toBe(0);
  });

  it("records who downloaded a backup, and from where: a backup holds every document", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/admin/backup",
      headers: { cookie: await t.cookieFor("admin") },
      remoteAddress: "198.51.100.9",
    });
    expect(res.statusCode).toBe(200);
    const file = parse(res.headers["content-disposition"] as string).parameters.filename;
    const page = await audit("subjectType=backup");
    expect(page.items[0]).toMatchObject({
      action: "Downloaded backup",
      username: "admin",
      ip: "198.51.100.9",
      data: { file },
    });
    // A refused request leaves no trace.
    const refused = await t.request("GET", "/api/admin/backup", { as: "author" });
    expect(refused.statusCode).toBe(403);
    expect((await audit("subjectType=backup")).total).toBe(1);
  });

  it("records the public waitlist anonymously, once per address", async () => {
    for (let i = 0; i < 2; i++) {
      const res = await t.request("POST", "/api/waitlist", {
        as: null,
        body: { email: "Audit@Example.com" },
      });
      expect(res.statusCode).toBeLessThan(300);
    }
    const page = await audit("subjectType=waitlist");
    expect(page.items.filter((e) => e.data?.email === "audit@example.com")).toMatchObject([
      { action: "Joined the waitlist", userId: null, username: null },
    ]);
  });

  it("keeps a refused change out of the log", async () => {
    const before = (await audit("subjectType=category")).total;
    const refused = await t.request("POST", "/api/categories", { as: "author", body: { name: "Not mine" } });
    expect(refused.statusCode).toBe(403);
    const duplicate = await t.request("POST", "/api/categories", { as: "admin", body: { name: "Legal" } });
    expect(duplicate.statusCode).toBe(409);
    expect((await audit("subjectType=category")).total).toBe(before);
  });

  it("names the category or user an entry is about by its current name", async () => {
    const created = await t.request("POST", "/api/categories", {
      as: "admin",
      body: { name: "Audit named" },
    });
    const { id } = json<{ id: string }>(created);
    await t.request("PATCH", `/api/categories/${id}`, { as: "admin", body: { description: "no name here" } });
    const [edited] = (await audit("subjectType=category&action=edited")).items;
    expect(edited).toMatchObject({
      subjectId: id,
      subjectName: "Audit named",
      data: { description: "no name here" },
    });
    await t.request("PATCH", `/api/users/${ids.reviewer2}`, { as: "admin", body: { role: "Approver" } });
    const [role] = (await audit("subjectType=user&action=changed%20role")).items;
    expect(role).toMatchObject({ subjectId: ids.reviewer2, subjectName: "reviewer2", username: "admin" });
  });

  it("names the people an entry's details refer to by id, in the trail and the CSV", async () => {
    const made = await t.request("POST", "/api/groups", {
      as: "admin",
      body: { name: "Named auditors", memberIds: [ids.reviewer] },
    });
    expect(made.statusCode, made.body).toBe(201);
    const group = json<{ id: string }>(made);
    const changed = await t.request("PATCH", `/api/groups/${group.id}`, {
      as: "admin",
      body: { name: "Named auditors", memberIds: [ids.reviewer, ids.approver] },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const [entry] = (await audit(`subjectType=group&action=changed%20group`)).items;
    expect(entry?.data).toMatchObject({ added: [ids.approver], removed: [] });
    expect(entry?.names).toEqual({ [ids.approver!]: "approver" });
    const csv = await t.request("GET", "/api/activity.csv?subjectType=group&action=changed%20group", {
      as: "admin",
    });
    const row = csv.body.trim().split("\n")[1] ?? "";
    expect(row).toContain(`added: approver (${ids.approver}); removed: none`);
  });

  it("is for Admins only, and says which field is wrong", async () => {
    expect((await t.request("GET", "/api/activity", { as: "approver" })).statusCode).toBe(403);
    const bad = await t.request("GET", "/api/activity?from=yesterday", { as: "admin" });
    expect(bad.statusCode).toBe(400);
    expect(json<{ message: string }>(bad).message).toMatch(/from/);
  });

  it("exports the filtered trail as CSV, with formula-like cells neutralised", async () => {
    const doc = await uploadDraft(t, "author", "=HYPERLINK(1)");
    const csv = await t.request("GET", `/api/activity.csv?documentId=${doc}`, { as: "admin" });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toMatch(/^text\/csv/);
    const disposition = parse(csv.headers["content-disposition"] as string);
    expect(disposition.type).toBe("attachment");
    expect(disposition.parameters.filename).toMatch(/^quire-activity-\d{4}-\d\d-\d\d\.csv$/);
    const lines = csv.body.trim().split("\n");
    expect(lines[0]).toBe(
      "time,user,ip,action,subject_type,subject_id,document,comment,details,details_named",
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(",author,");
    expect(lines[1]).toContain(",Uploaded,document,");
    expect(lines[1]).toContain(`,'=HYPERLINK(1),`);
  });
});
