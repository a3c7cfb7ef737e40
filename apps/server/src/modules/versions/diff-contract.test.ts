import { versionDiffSchema } from "@quire/contracts";
import { describe, expect, it } from "vitest";
import { appForFile } from "../../../test/support/app-for-file";
import { json } from "../../../test/support/harness";
import { uploadDraft } from "../../../test/support/review-helpers";

const t = appForFile();

/** Every object in the answer, strictly: a field the contract lacks fails like a missing one. */
function strictKeys(value: unknown, path = "$"): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => strictKeys(item, `${path}[${i}]`));
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, item]) => [
    `${path}.${key}`,
    ...strictKeys(item, `${path}.${key}`),
  ]);
}

describe("GET /api/documents/:id/diff/:from/:to answers exactly the contracts' versionDiffSchema", () => {
  it("parses, and parsing keeps every field the server sent", async () => {
    const id = await uploadDraft(t, "author", "Diff Contract");
    const edit = await t.request("POST", `/api/documents/${id}/versions`, {
      as: "author",
      body: {
        content: "# Diff Contract\n\nEvery invoice must be approved twice.\n\nA new line.\n",
        expectedVersion: 1,
      },
    });
    expect(edit.statusCode).toBe(201);
    const answer = json<unknown>(await t.request("GET", `/api/documents/${id}/diff/1/2`, { as: "author" }));
    const parsed = versionDiffSchema.parse(answer);
    expect(parsed.stats.added).toBeGreaterThan(0);
    expect(parsed.sideBySide.some((row) => row.kind === "changed" && row.right?.segments)).toBe(true);
    // zod drops unknown keys: equal key sets mean the schema describes the whole answer.
    expect(strictKeys(parsed)).toEqual(strictKeys(answer));
  });
});
