import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/** Every non-test source file under `dir`. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe("one date style throughout", () => {
  it("no screen formats a date itself: dates go through lib/format.ts", () => {
    const root = join(import.meta.dirname, "..");
    // The locale's own defaults differ per call site ("11/25/2026" beside "Nov 25, 2026"), and an
    // ISO day cut from toISOString ("2026-11-25") is a third style.
    const ownFormatting =
      /\.toLocale(?:Date|Time)?String\(|Intl\.DateTimeFormat\b|\.toISOString\(\)\.slice\(/;
    const offenders = sources(root)
      .filter((file) => !file.endsWith(join("lib", "format.ts")))
      .filter((file) => ownFormatting.test(readFileSync(file, "utf8")))
      .map((file) => relative(root, file));
    expect(offenders).toEqual([]);
  });
});
