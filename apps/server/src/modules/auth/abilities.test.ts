import type { SessionUser } from "@quire/contracts";
import { describe, expect, it } from "vitest";
import { appForFile } from "../../../test/support/app-for-file";
import { json } from "../../../test/support/harness";

const t = appForFile();

async function me(as: string): Promise<SessionUser> {
  const res = await t.request("GET", "/api/auth/user", { as });
  expect(res.statusCode, res.body).toBe(200);
  return json<SessionUser>(res);
}

describe("the session's abilities", () => {
  it("let only Admins and Authors upload, and only Admins manage", async () => {
    const upload: Record<string, boolean> = {};
    for (const user of ["admin", "author", "reviewer", "approver", "viewer"]) {
      upload[user] = (await me(user)).abilities.uploadDocuments;
    }
    expect(upload).toEqual({ admin: true, author: true, reviewer: false, approver: false, viewer: false });
    expect((await me("admin")).abilities).toMatchObject({ manageUsers: true, manageSettings: true });
    expect((await me("author")).abilities).toMatchObject({ manageUsers: false, manageSettings: false });
  });

  it("fold in the feature toggles", async () => {
    expect((await me("reviewer")).abilities).toMatchObject({
      reviewDocuments: true,
      approvalWorkflows: true,
    });
    const off = await t.request("PATCH", "/api/settings", {
      as: "admin",
      body: { features: { approvalWorkflows: false } },
    });
    expect(off.statusCode, off.body).toBe(200);
    try {
      expect((await me("reviewer")).abilities).toMatchObject({
        reviewDocuments: false,
        approvalWorkflows: false,
      });
    } finally {
      await t.request("PATCH", "/api/settings", {
        as: "admin",
        body: { features: { approvalWorkflows: true } },
      });
    }
  });

  it("come with the sign-in answer too", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: "viewer", password: "demo" },
    });
    expect(json<SessionUser>(res).abilities.uploadDocuments).toBe(false);
  });
});
