import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadOrCreateSessionSecret } from "./secret";

const freshDir = () => mkdtempSync(path.join(tmpdir(), "quire-secret-"));

describe("session secret", () => {
  it("differs between two fresh installations and is kept, private, in the data directory", () => {
    const a = freshDir();
    const b = freshDir();
    const secretA = loadOrCreateSessionSecret(a, undefined);
    const secretB = loadOrCreateSessionSecret(b, undefined);
    expect(secretA).not.toEqual(secretB);
    expect(secretA.length).toBeGreaterThanOrEqual(48);
    expect(loadOrCreateSessionSecret(a, undefined)).toEqual(secretA);
    expect(readFileSync(path.join(a, "session-secret"), "utf8").trim()).toEqual(secretA);
    expect(statSync(path.join(a, "session-secret")).mode & 0o077).toBe(0);
  });

  it("uses the configured secret when there is one", () => {
    const configured = "c".repeat(40);
    expect(loadOrCreateSessionSecret(freshDir(), configured)).toBe(configured);
  });
});
