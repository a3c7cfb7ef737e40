import { describe, expect, it } from "vitest";
import { json } from "../../test/support/harness";
import { demoAppForFile, uploadDraft } from "../../test/support/review-helpers";

/**
 * Every error answer carries a stable code beside its English message (and the params the code's
 * text fills in), so the web can say it in the reader's language.
 */
const { t } = demoAppForFile();

describe("error answers", () => {
  it("carry the code of what went wrong, with the message the API has always given", async () => {
    const doc = await uploadDraft(t, "author", "Coded errors");

    const invalid = await t.request("PATCH", `/api/documents/${doc}`, { as: "author", body: { title: "" } });
    expect(invalid.statusCode).toBe(400);
    expect(json(invalid)).toEqual({ message: expect.stringContaining("title"), code: "invalid" });

    const missing = await t.request("GET", "/api/documents/no-such-document", { as: "author" });
    expect(missing.statusCode).toBe(404);
    expect(json(missing)).toEqual({ message: expect.stringMatching(/not found/), code: "notFound" });

    const forbidden = await t.request("POST", "/api/categories", { as: "viewer", body: { name: "Nope" } });
    expect(forbidden.statusCode).toBe(403);
    expect(json(forbidden)).toMatchObject({ code: "forbidden" });

    const archived = await t.request("POST", `/api/documents/${doc}/restore`, { as: "author" });
    expect(archived.statusCode).toBe(409);
    expect(json(archived)).toEqual({ message: "The document is not archived", code: "conflict" });
  });

  it("name the current and the expected version when an edit started from an old one", async () => {
    const doc = await uploadDraft(t, "author", "Stale edit");
    const edit = (content: string) =>
      t.request("POST", `/api/documents/${doc}/versions`, {
        as: "author",
        body: { content, expectedVersion: 1 },
      });
    expect((await edit("# Stale\n\nFirst edit.\n")).statusCode).toBe(201);
    const stale = await edit("# Stale\n\nSecond edit from version 1.\n");
    expect(stale.statusCode, stale.body).toBe(409);
    expect(json(stale)).toEqual({
      message: expect.stringContaining("This document changed since you opened it"),
      code: "staleVersion",
      params: { current: 2, expected: 1 },
    });
  });
});
