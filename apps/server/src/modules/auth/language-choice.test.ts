import type { AuditPage, LanguageChoice } from "@quire/contracts";
import { describe, expect, it } from "vitest";
import { appForFile } from "../../../test/support/app-for-file";
import { json } from "../../../test/support/harness";

const t = appForFile();

const read = async (as: string) => json<LanguageChoice>(await t.request("GET", "/api/auth/language", { as }));

describe("the interface language a user chose", () => {
  it("is kept per user on the server, so every device shows it, and is in the audit", async () => {
    expect(await read("author")).toEqual({ language: null });
    const put = await t.request("PUT", "/api/auth/language", { as: "author", body: { language: "de" } });
    expect(put.statusCode, put.body).toBe(200);
    expect(json(put)).toEqual({ language: "de" });
    expect(await read("author")).toEqual({ language: "de" });
    // Another user's choice is their own.
    expect(await read("viewer")).toEqual({ language: null });

    await t.request("PUT", "/api/auth/language", { as: "author", body: { language: "fr" } });
    expect(await read("author")).toEqual({ language: "fr" });
    const audit = json<AuditPage>(await t.request("GET", "/api/activity", { as: "admin" }));
    const entries = audit.items.filter((e) => e.action === "Changed interface language");
    expect(entries[0]).toMatchObject({ username: "author", data: { from: "de", to: "fr" } });
    expect(entries[1]).toMatchObject({ username: "author", data: { from: null, to: "de" } });
  });

  it("refuses a language the interface is not written in, no choice, and a caller without a session", async () => {
    for (const body of [{ language: "es" }, { language: null }, { language: "DE" }, {}]) {
      const res = await t.request("PUT", "/api/auth/language", { as: "reviewer", body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await read("reviewer")).toEqual({ language: null });
    expect((await t.request("GET", "/api/auth/language", { as: null })).statusCode).toBe(401);
    expect(
      (await t.request("PUT", "/api/auth/language", { as: null, body: { language: "de" } })).statusCode,
    ).toBe(401);
  });
});
