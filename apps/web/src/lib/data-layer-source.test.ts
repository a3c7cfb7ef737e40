import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/** Every non-test source file of the web app, relative to src/. */
const root = join(import.meta.dirname, "..");
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "test" ? [] : sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [relative(root, path)] : [];
  });
}
const read = (file: string) => readFileSync(join(root, file), "utf8");

/** The one module that talks to the network and turns answers into typed values. */
const CLIENT = "lib/api-client.ts";
/** Upload needs XMLHttpRequest for its progress; it parses with `parseAnswer` like the client. */
const XHR_UPLOAD = "features/upload/api/upload-document.ts";
/** Server-sent events arrive as text; each is parsed with the contracts' live-event schema. */
const LIVE_EVENTS = "lib/live-events.ts";

/**
 * Fetching, decoding, casting answers and literal query keys outside their one place are lint
 * rules (eslint.config.js, webDataRules); these two look at how the fetchers and queries are
 * declared, which a syntax rule cannot pair up.
 */
describe("no answer from the API is used without its contracts schema", () => {
  it("the client's fetchers take a zod schema (no generic `as T` answers)", () => {
    const client = read(CLIENT);
    expect(client).not.toMatch(/\bas T\b|<T>\(|<T,/);
    // A fetcher takes the schema itself or a function that loads it (lib/lazy-schema.ts).
    expect(client).toMatch(/export type SchemaSource<S extends z\.ZodType> = S \| \(\(\) => Promise<S>\);/);
    for (const name of ["apiFetch", "apiFetchOrNull", "apiFetchPage"]) {
      expect(client).toMatch(
        new RegExp(`export async function ${name}<S extends z\\.ZodType>\\([^)]*[sS]chema: SchemaSource<S>,`),
      );
    }
    expect(read(XHR_UPLOAD)).toMatch(/parseAnswer\([^)]*Schema/);
    expect(read(LIVE_EVENTS)).toMatch(/liveEventSchema\.safeParse/);
  });

  it("every query names its fetcher (the query client has no default one)", () => {
    const missing = sources(root).filter((file) => {
      const text = read(file);
      const queries = text.match(/queryOptions\(\{|useQuery\(\{\s*queryKey/g)?.length ?? 0;
      const fetchers = text.match(/\bqueryFn:/g)?.length ?? 0;
      return fetchers < queries;
    });
    expect(missing).toEqual([]);
    expect(read("lib/query-client.ts")).not.toMatch(/\bqueryFn:/);
  });
});
