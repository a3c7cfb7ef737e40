import { readFileSync } from "node:fs";
import type { AiAnswer, Document } from "@quire/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import { appForFile } from "../../../test/support/app-for-file";
import { json, multipart } from "../../../test/support/harness";
import { writtenAcronyms } from "./titles";

/**
 * A question naming a document by its title's initials, on real licence texts (Debian's
 * /usr/share/common-licenses): the LGPL's own text never says "LGPL", the GPL's shares most of its
 * words, and a copyright note elsewhere in the archive does say "LGPL", so the word is not unknown.
 */
const t = appForFile();
const titles = new Map<string, string>();

async function upload(category: string, title: string, text: string): Promise<void> {
  const { body, headers } = multipart(
    { categoryId: category },
    { name: `${title}.md`, bytes: new TextEncoder().encode(`# ${title}\n\n${text}`) },
  );
  const res = await t.request("POST", "/api/documents/upload", { as: "author", body, headers });
  expect(res.statusCode, res.body).toBe(201);
  titles.set(json<Document>(res).id, title);
}

beforeAll(async () => {
  const category = json<Array<{ id: string }>>(await t.request("GET", "/api/categories", { as: "admin" }))[0]!
    .id;
  const licence = (name: string) => readFileSync(`/usr/share/common-licenses/${name}`, "utf8");
  await upload(category, "GNU Lesser General Public License 2.1", licence("LGPL-2.1"));
  await upload(category, "GNU General Public License v3", licence("GPL-3"));
  await upload(
    category,
    "Package licensing notes",
    "The libfoo package is released under the LGPL-2.1 or later; its command-line tools under the GPL-3.\n" +
      "Contributors keep their copyright; see the AUTHORS file for who wrote which part.\n",
  );
  await t.runner.runUntilIdle();
}, 120_000);

describe("a question naming a document by its initials", () => {
  it("cites the document whose title the initials name, and says nothing is missing", async () => {
    const answer = json<AiAnswer>(
      await t.request("POST", "/api/ai/ask", {
        as: "author",
        body: { question: "Under the LGPL, can I link a proprietary program to the library?" },
      }),
    );
    expect(answer.citations[0]?.title).toBe("GNU Lesser General Public License 2.1");
    expect(answer.notCovered ?? []).not.toContain("LGPL");
  });

  it("reads initials from words written in capitals, not from a question written all in capitals", () => {
    expect(writtenAcronyms("Under the LGPL, can I link a proprietary program?")).toEqual(["lgpl"]);
    expect(writtenAcronyms("Does the LGPL-2.1 allow it, or the GPL-3?")).toEqual(["lgpl-2", "gpl-3"]);
    expect(writtenAcronyms("Who maintains the BCP.")).toEqual(["bcp"]);
    expect(writtenAcronyms("WHO MAINTAINS THE BCP")).toEqual([]);
    expect(writtenAcronyms("Is it OK to share it? Ask IT")).toEqual([]);
  });
});
