import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { AuditPage, Category, Document } from "@quire/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, json, type TestApp } from "../../test/support/harness";
import { formatSummary, importFolder } from "./import";

const fixtures = fileURLToPath(new URL("../../test-fixtures/", import.meta.url));
/** Real licence texts every Debian system carries. */
const copyrights = ["bash", "coreutils", "tar"].map((pkg) => `/usr/share/doc/${pkg}/copyright`);

let t: TestApp;
let root: string;

/** Places a copy of a real file at root/<relative>. */
function place(relative: string, source: string): void {
  const target = path.join(root, relative);
  mkdirSync(path.dirname(target), { recursive: true });
  copyFileSync(source, target);
}

beforeAll(async () => {
  t = await createTestApp();
  root = mkdtempSync(path.join(tmpdir(), "quire-import-"));
  place("procps-bugs.md", path.join(fixtures, "procps-bugs.md"));
  place("Finance/users_and_groups.pdf", path.join(fixtures, "users-and-groups.pdf"));
  place("Finance/2026/dpkg-triggers.txt", path.join(fixtures, "dpkg-triggers.txt"));
  place("legal/base-passwd.docx", path.join(fixtures, "base-passwd.docx"));
  place("legal/bash-licence.txt", copyrights[0]!);
  place("legal/copy of bash-licence.txt", copyrights[0]!);
  place("Research Notes/coreutils-licence.txt", copyrights[1]!);
  place("Research Notes/truncated.pdf", path.join(fixtures, "truncated.pdf"));
  place("Research Notes/program.pdf", path.join(fixtures, "elf-executable.pdf"));
  place("Research Notes/copyright", copyrights[2]!);
  place(".git/config.txt", copyrights[2]!);
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

const categoryNames = async () =>
  json<Category[]>(await t.request("GET", "/api/categories", { as: "admin" })).map((c) => c.name);
const adminDocuments = async () =>
  json<Document[]>(await t.request("GET", "/api/documents?pageSize=500", { as: "admin" }));

describe("bulk import", () => {
  it("imports a folder tree, filing by top-level sub-folder, and reports every file", async () => {
    expect(copyrights.every((p) => existsSync(p))).toBe(true);
    const lines: string[] = [];
    const summary = await importFolder(t.ctx, { folder: root }, (line) => lines.push(line));

    expect(summary.total).toBe(10);
    expect(summary.imported.sort()).toEqual(
      [
        "Finance/2026/dpkg-triggers.txt",
        "Finance/users_and_groups.pdf",
        "Research Notes/coreutils-licence.txt",
        "legal/base-passwd.docx",
        "legal/bash-licence.txt",
        "procps-bugs.md",
      ].sort(),
    );
    // Same bytes under another name: the archive already holds that original.
    expect(summary.identical).toEqual(["legal/copy of bash-licence.txt"]);
    expect(summary.unsupported).toEqual(["Research Notes/copyright"]);
    expect(summary.failed).toEqual([
      { file: "Research Notes/program.pdf", reason: expect.stringMatching(/^415 /) },
      { file: "Research Notes/truncated.pdf", reason: expect.stringMatching(/^422 /) },
    ]);
    // "legal" matches the existing Legal category; "Finance" exists; only the new name is created.
    expect(summary.categoriesCreated).toEqual(["Research Notes"]);
    expect(await categoryNames()).toContain("Research Notes");

    expect(lines).toHaveLength(10);
    expect(lines.slice(0, 2)).toEqual([
      "[1/10] imported Finance/2026/dpkg-triggers.txt",
      "[2/10] imported Finance/users_and_groups.pdf",
    ]);
    expect(lines.some((l) => /^\[\d+\/10\] failed Research Notes\/truncated\.pdf: 422 /.test(l))).toBe(true);
    expect(formatSummary(summary).join("\n")).toMatch(
      /Imported:\s+6[\s\S]*Failed:\s+2\n {2}Research Notes\/program\.pdf: 415 /,
    );
  });

  it("creates documents owned by the first Admin, titled from the file name, in the right categories", async () => {
    await t.runner.runUntilIdle();
    const docs = await adminDocuments();
    const byTitle = new Map(docs.map((d) => [d.title, d]));
    expect(byTitle.get("users and groups")).toMatchObject({
      owner: "admin",
      category: { name: "Finance" },
      mediaType: "application/pdf",
      processing: { state: "ready", error: null },
    });
    expect(byTitle.get("dpkg-triggers")?.category.name).toBe("Finance");
    expect(byTitle.get("base-passwd")?.category.name).toBe("Legal");
    expect(byTitle.get("procps-bugs")?.category.name).toBe("General");
    expect(byTitle.get("coreutils-licence")?.category.name).toBe("Research Notes");
    expect(byTitle.get("bash-licence")?.currentVersion.content).toContain(
      readFileSync(copyrights[0]!, "utf8").split("\n")[0]!.trim(),
    );
    expect(docs).toHaveLength(6);
    // The import is Quire's work, filed for the owner: the history names the system actor.
    const history = json<AuditPage>(
      await t.request("GET", `/api/documents/${byTitle.get("users and groups")!.id}/activity`, {
        as: "admin",
      }),
    );
    expect(history.items.find((e) => e.action === "Uploaded")).toMatchObject({
      username: "Quire",
      userId: null,
      system: true,
      data: { owner: "admin" },
    });
    const created = json<AuditPage>(
      await t.request("GET", "/api/activity?action=Created%20category&subjectType=category", { as: "admin" }),
    );
    expect(created.items.find((e) => e.data?.name === "Research Notes")).toMatchObject({ username: "Quire" });
    // The audit finds Quire's entries by the actor filter (it has no user id), and only those.
    const quire = json<AuditPage>(
      await t.request("GET", "/api/activity?actor=system&pageSize=200", { as: "admin" }),
    );
    expect(quire.items.length).toBeGreaterThan(6);
    expect(quire.items.every((e) => e.system && e.username === "Quire")).toBe(true);
    expect(quire.items.filter((e) => e.action === "Uploaded")).toHaveLength(6);
    expect((await t.request("GET", "/api/activity?actor=admin", { as: "admin" })).statusCode).toBe(400);
  });

  it("imports nothing again on a second run", async () => {
    const summary = await importFolder(t.ctx, { folder: root });
    expect(summary.imported).toEqual([]);
    expect(summary.identical).toHaveLength(7);
    expect(summary.failed.map((f) => f.file)).toEqual([
      "Research Notes/program.pdf",
      "Research Notes/truncated.pdf",
    ]);
    expect(summary.categoriesCreated).toEqual([]);
    expect(await adminDocuments()).toHaveLength(6);
  });

  it("files everything under --category, as --owner", async () => {
    const extra = mkdtempSync(path.join(tmpdir(), "quire-import-extra-"));
    try {
      mkdirSync(path.join(extra, "Sub"));
      writeFileSync(
        path.join(extra, "Sub", "notes.md"),
        "# Notes\n\nMigration checklist for the billing service.\n",
      );
      writeFileSync(path.join(extra, "top.txt"), "Quarterly operations review: staffing and on-call rota.\n");
      const summary = await importFolder(t.ctx, { folder: extra, category: "Operations", owner: "author" });
      expect(summary.imported.sort()).toEqual(["Sub/notes.md", "top.txt"]);
      const docs = await adminDocuments();
      for (const title of ["notes", "top"]) {
        expect(docs.find((d) => d.title === title)).toMatchObject({
          owner: "author",
          category: { name: "Operations" },
        });
      }
      expect(await categoryNames()).not.toContain("Sub");
    } finally {
      rmSync(extra, { recursive: true, force: true });
    }
  });

  it("refuses an owner who may not create documents, and a missing folder", async () => {
    await expect(importFolder(t.ctx, { folder: root, owner: "viewer" })).rejects.toThrow(
      /may not create documents/,
    );
    await expect(importFolder(t.ctx, { folder: root, owner: "nobody" })).rejects.toThrow(
      /No user named 'nobody'/,
    );
    await expect(importFolder(t.ctx, { folder: path.join(root, "missing") })).rejects.toThrow(/Not a folder/);
  });
});
