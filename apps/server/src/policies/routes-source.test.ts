import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const src = join(import.meta.dirname, "..");
/** Every routes file of the server: modules/<area>/routes.ts, *-routes.ts, backup/routes.ts. */
function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(path);
    return /(^|-)routes\.ts$/.test(entry.name) ? [path] : [];
  });
}

describe("routes authorise through the policy guard", () => {
  it("no route handler checks a permission itself: route config (document, allow) drives the preHandler", () => {
    const files = routeFiles(src);
    expect(files.length).toBeGreaterThan(15);
    const offenders = files
      .filter((file) =>
        /\b(authorize\w*|can(Global|Document|ChangeDocument))\(/.test(readFileSync(file, "utf8")),
      )
      .map((file) => relative(src, file));
    expect(offenders).toEqual([]);
  });
});
