import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/** Every non-test source file of the web app (test/ builds the server's answers, roles and all). */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "test" ? [] : sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const root = join(import.meta.dirname, "..");
const ROLE = "(Admin|Author|Reviewer|Approver|Viewer)";
/** Files whose text matches, relative to src/. */
const offenders = (rule: RegExp) =>
  sources(root)
    .filter((file) => rule.test(readFileSync(file, "utf8")))
    .map((file) => relative(root, file));

describe("controls follow the server's abilities", () => {
  it("no component decides what the signed-in user may do by comparing their role name", () => {
    // `user.role === "Admin"`, `user?.role !== "Viewer"`, `data.role === …`: a rule of the web's own.
    expect(offenders(/\b(user|data|me|actor)\??\.role\s*[!=]==/)).toEqual([]);
  });

  it("no code compares anyone's role with a role name (who may act or be assigned is the server's answer)", () => {
    // `u.role === "Reviewer"`, `"Admin" !== role`, `case "Approver":`, `role == 'Viewer'`.
    const named = new RegExp(
      `[!=]==?\\s*["'\`]${ROLE}["'\`]|["'\`]${ROLE}["'\`]\\s*[!=]==?|case\\s+["'\`]${ROLE}["'\`]\\s*:`,
    );
    expect(offenders(named)).toEqual([]);
  });
});
