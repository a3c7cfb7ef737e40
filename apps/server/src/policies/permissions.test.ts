import { roles } from "@quire/contracts";
import { describe, expect, it } from "vitest";
import { json } from "../../test/support/harness";
import { demoAppForFile } from "../../test/support/review-helpers";
import { rolePermissionLines, rolePermissions } from "./permissions";

const { t } = demoAppForFile();

describe("Settings' role permissions come from the registry", () => {
  it("tells each signed-in user what their role may do, with no rule the server lacks", async () => {
    const approver = json<{ permissions: string[] }>(
      await t.request("GET", "/api/auth/user", { as: "approver" }),
    );
    expect(approver.permissions).toEqual(rolePermissions("Approver"));
    expect(approver.permissions).toContain(
      "Decide documents assigned to you after review: approve, or reject with a reason",
    );
    expect(approver.permissions.join(" ")).not.toMatch(/override/i);

    const viewer = json<{ permissions: string[] }>(
      await t.request("GET", "/api/auth/user", { as: "viewer" }),
    );
    expect(viewer.permissions.join(" ")).not.toMatch(/upload|review|decide|manage/i);
  });

  it("lists uploads, owner edits and management only for roles the rules allow", () => {
    const uploaders = roles.filter((r) => rolePermissions(r).some((p) => p.startsWith("Upload documents")));
    expect(uploaders).toEqual(["Admin", "Author"]);
    expect(rolePermissions("Author")).toContain(
      "Your own documents: edit details, add new versions, submit for review, archive and restore, restrict and share",
    );
    expect(rolePermissions("Admin")).toContain(
      "Any document: edit details, add new versions, submit for review, archive and restore, restrict and share",
    );
    const managers = roles.filter((r) => rolePermissions(r).includes("Manage users and their roles"));
    expect(managers).toEqual(["Admin"]);
  });
});

describe("Settings' role permissions as facts", () => {
  it("give each line's key, and what a document line may do, in the order of the English lines", async () => {
    const author = json<{ permissions: string[]; permissionLines: unknown[] }>(
      await t.request("GET", "/api/auth/user", { as: "author" }),
    );
    expect(author.permissionLines).toEqual(rolePermissionLines("Author"));
    expect(author.permissionLines).toHaveLength(author.permissions.length);
    expect(rolePermissionLines("Author")).toContainEqual({
      key: "ownDocuments",
      actions: ["edit", "addVersions", "submit", "archive", "share"],
    });
    expect(rolePermissionLines("Approver").map((l) => l.key)).toContain("decide");
    expect(rolePermissionLines("Admin").map((l) => l.key)).toContain("manageUsers");
    // A line for every English line, each key once.
    for (const role of roles) {
      const keys = rolePermissionLines(role).map((l) => l.key);
      expect(keys, role).toHaveLength(rolePermissions(role).length);
      expect(new Set(keys).size, role).toBe(keys.length);
    }
  });
});
