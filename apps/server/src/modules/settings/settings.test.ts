import type { Settings, SystemInfo } from "@quire/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { jobs } from "../../db/schema";
import { enqueueJob } from "../../jobs/queue";
import { json } from "../../../test/support/harness";
import { demoAppForFile, uploadDraft } from "../../../test/support/review-helpers";

const { t, ids } = demoAppForFile();

describe("organisation settings", () => {
  it("start from the defaults: every feature on", async () => {
    const settings = json<Settings>(await t.request("GET", "/api/settings", { as: "viewer" }));
    expect(settings.features).toEqual({
      aiSummaries: true,
      versionDiff: true,
      approvalWorkflows: true,
      semanticSearch: true,
    });
    expect(settings.approvalDefaults).toEqual({ reviewerIds: [], approverId: null });
  });

  it("are saved by an Admin, merged field by field, and read back by everyone", async () => {
    const saved = await t.request("PATCH", "/api/settings", {
      as: "admin",
      body: {
        organization: { name: "Northwind Analytics Ltd", domain: "northwind-analytics.co.uk" },
        features: { aiSummaries: false },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const again = json<Settings>(await t.request("GET", "/api/settings", { as: "author" }));
    expect(again.organization).toEqual({
      name: "Northwind Analytics Ltd",
      domain: "northwind-analytics.co.uk",
      description: "",
    });
    expect(again.features).toMatchObject({ aiSummaries: false, versionDiff: true });
  });

  it("refuse other roles and bad values, changing nothing", async () => {
    const before = json<Settings>(await t.request("GET", "/api/settings", { as: "admin" }));
    for (const as of ["author", "reviewer", "approver", "viewer"]) {
      const res = await t.request("PATCH", "/api/settings", { as, body: { organization: { name: "Mine" } } });
      expect(res.statusCode).toBe(403);
    }
    const bad = await t.request("PATCH", "/api/settings", {
      as: "admin",
      body: { organization: { domain: "not a domain" } },
    });
    expect(bad.statusCode).toBe(400);
    expect(json<{ message: string }>(bad).message).toContain("domain");
    const wrongRole = await t.request("PATCH", "/api/settings", {
      as: "admin",
      body: { approvalDefaults: { reviewerIds: [ids.author], approverId: ids.approver } },
    });
    expect(wrongRole.statusCode).toBe(400);
    expect(json<{ message: string }>(wrongRole).message).toMatch(/Reviewer role/);
    expect(json<Settings>(await t.request("GET", "/api/settings", { as: "admin" }))).toEqual(before);
  });

  it("default the reviewers and approver of a submission that names none", async () => {
    const saved = await t.request("PATCH", "/api/settings", {
      as: "admin",
      body: { approvalDefaults: { reviewerIds: [ids.reviewer2], approverId: ids.approver } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = await uploadDraft(t, "author", "Defaults check");
    const submitted = await t.request("POST", `/api/documents/${id}/submit-review`, {
      as: "author",
      body: {},
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const approval = json<{ reviewers: Array<{ id: string }>; approverId: string }>(submitted);
    expect(approval.reviewers.map((r) => r.id)).toEqual([ids.reviewer2]);
    expect(approval.approverId).toBe(ids.approver);
  });
});

describe("system information", () => {
  it("comes from the running build", async () => {
    const info = json<SystemInfo>(await t.request("GET", "/api/system", { as: "viewer" }));
    expect(info.version).toMatch(/^v\d+\.\d+\.\d+$/);
    expect(info).toMatchObject({
      environment: "Test",
      database: t.databaseUrl ? "postgres" : "pglite",
      blobStore: "fs",
      demo: true,
    });
    expect(info.aiProvider).toBe("Built-in offline engine");
    expect(info.lastUpdate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(info.jobs).toBeNull();
    expect(info.signIn).toBeNull();
  });

  it("tells an Admin how people sign in: passwords only, without single sign-on configured", async () => {
    const info = json<SystemInfo>(await t.request("GET", "/api/system", { as: "admin" }));
    expect(info.signIn).toEqual({ password: true, sso: null });
  });

  it("shows an Admin the background jobs by state, counted from the queue", async () => {
    await t.runner.runUntilIdle();
    await enqueueJob(t.ctx.db, { kind: "test.waiting", payload: {}, runAt: t.clock.now() });
    const before = json<SystemInfo>(await t.request("GET", "/api/system", { as: "admin" }));
    expect(before.jobs).toEqual({ queued: 1, running: 0, failed: 0 });
    await t.ctx.db.update(jobs).set({ status: "failed" }).where(eq(jobs.kind, "test.waiting"));
    const after = json<SystemInfo>(await t.request("GET", "/api/system", { as: "admin" }));
    expect(after.jobs).toEqual({ queued: 0, running: 0, failed: 1 });
    await t.ctx.db.delete(jobs).where(eq(jobs.kind, "test.waiting"));
  });
});

describe("published contact details", () => {
  const anonymous = async () =>
    json<Settings["publicContact"]>(await t.request("GET", "/api/public/contact", { as: null }));

  it("start empty, so the landing page invents no address", async () => {
    expect(await anonymous()).toEqual({
      salesEmail: "",
      supportEmail: "",
      partnershipsEmail: "",
      demoVideoUrl: "",
    });
  });

  it("are set by an Admin and served to anyone; bad values and other roles are refused", async () => {
    const body = {
      publicContact: {
        salesEmail: "sales@northwind.example",
        demoVideoUrl: "https://video.example/quire-demo",
      },
    };
    expect((await t.request("PATCH", "/api/settings", { as: "author", body })).statusCode).toBe(403);
    expect((await t.request("PATCH", "/api/settings", { as: "admin", body })).statusCode).toBe(200);
    expect(await anonymous()).toEqual({
      salesEmail: "sales@northwind.example",
      supportEmail: "",
      partnershipsEmail: "",
      demoVideoUrl: "https://video.example/quire-demo",
    });
    for (const bad of [{ supportEmail: "not-an-address" }, { demoVideoUrl: "javascript:alert(1)" }]) {
      const res = await t.request("PATCH", "/api/settings", { as: "admin", body: { publicContact: bad } });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await anonymous()).supportEmail).toBe("");
  });
});
