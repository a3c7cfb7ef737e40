import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/** Every non-test source file of the web app. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe("controls follow the server's abilities", () => {
  it("no component decides what the signed-in user may do by comparing their role name", () => {
    const root = join(import.meta.dirname, "..");
    // `user.role === "Admin"`, `user?.role !== "Viewer"`, `data.role === …`: a rule of the web's own.
    const roleRule = /\b(user|data|me|actor)\??\.role\s*[!=]==/;
    const offenders = sources(root)
      .filter((file) => roleRule.test(readFileSync(file, "utf8")))
      .map((file) => relative(root, file));
    expect(offenders).toEqual([]);
  });
});
