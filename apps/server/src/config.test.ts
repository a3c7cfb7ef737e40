import { describe, expect, it } from "vitest";
import { loadConfig, scaleOutWarnings } from "./config";

describe("configuration", () => {
  it("has the documented defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 5000,
      dataDir: "./data",
      databaseUrl: undefined,
      demo: true,
      demoPassword: "demo",
      demoDocuments: true,
      sessionSecret: undefined,
    });
  });

  it("reads booleans and numbers from the environment", () => {
    expect(loadConfig({ DEMO: "false", PORT: "8080" })).toMatchObject({ demo: false, port: 8080 });
  });

  it("names the variable that is wrong", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadConfig({ SESSION_SECRET: "short" })).toThrow(/SESSION_SECRET/);
    expect(() => loadConfig({ DATABASE_URL: "not a url" })).toThrow(/DATABASE_URL/);
  });

  it("hashes passwords at full cost outside tests: fast hashing is refused, and never the default", () => {
    expect(loadConfig({}).passwordHashing).toBe("standard");
    expect(loadConfig({ NODE_ENV: "test" }).passwordHashing).toBe("standard");
    for (const env of [{}, { NODE_ENV: "production" }, { NODE_ENV: "development" }]) {
      expect(() => loadConfig({ ...env, PASSWORD_HASHING: "fast-for-tests" })).toThrow(
        /PASSWORD_HASHING=fast-for-tests .* only accepted with NODE_ENV=test/,
      );
    }
    expect(loadConfig({ NODE_ENV: "test", PASSWORD_HASHING: "fast-for-tests" }).passwordHashing).toBe(
      "fast-for-tests",
    );
    expect(() => loadConfig({ NODE_ENV: "test", PASSWORD_HASHING: "none" })).toThrow(/PASSWORD_HASHING/);
  });

  it("moves the clock only under NODE_ENV=test: CLOCK_SHIFT is refused elsewhere, and off by default", () => {
    expect(loadConfig({ NODE_ENV: "test" }).clockShift).toBe(false);
    for (const env of [{}, { NODE_ENV: "production" }, { NODE_ENV: "development" }]) {
      expect(() => loadConfig({ ...env, CLOCK_SHIFT: "true" })).toThrow(
        /CLOCK_SHIFT=true .* only accepted with NODE_ENV=test/,
      );
    }
    expect(loadConfig({ NODE_ENV: "test", CLOCK_SHIFT: "true" }).clockShift).toBe(true);
  });

  it("warns about settings that break several processes on one PostgreSQL", () => {
    expect(scaleOutWarnings(loadConfig({}))).toEqual([]);
    const risky = scaleOutWarnings(loadConfig({ DATABASE_URL: "postgres://db/quire" }));
    expect(risky).toHaveLength(2);
    expect(risky[0]).toMatch(/SESSION_SECRET/);
    expect(risky[1]).toMatch(/BLOB_STORE=fs/);
    const ready = loadConfig({
      DATABASE_URL: "postgres://db/quire",
      BLOB_STORE: "db",
      SESSION_SECRET: "x".repeat(32),
    });
    expect(scaleOutWarnings(ready)).toEqual([]);
  });
});
