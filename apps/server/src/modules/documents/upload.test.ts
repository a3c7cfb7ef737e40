import { readFileSync } from "node:fs";
import { count } from "drizzle-orm";
import { pino } from "pino";
import { beforeAll, describe, expect, it } from "vitest";
import type { Document, DuplicateUpload } from "@quire/contracts";
import { documents } from "../../db/schema";
import { appForFile } from "../../../test/support/app-for-file";
import { json, multipart } from "../../../test/support/harness";
import { growthOf, LINEAR_GROWTH_LIMIT } from "../../../../../packages/textkit/test/growth";
import { withOcrPlaceholders, withoutOcrPlaceholders } from "./upload";

const fixture = (name: string) => readFileSync(new URL(`../../../test-fixtures/${name}`, import.meta.url));

const t = appForFile();
let category: string;
beforeAll(async () => {
  category = json<Array<{ id: string }>>(await t.request("GET", "/api/categories", { as: "admin" }))[0]!.id;
});

async function upload(as: string, name: string, bytes: Uint8Array, fields: Record<string, string> = {}) {
  const { body, headers } = multipart({ categoryId: category, ...fields }, { name, bytes });
  return t.request("POST", "/api/documents/upload", { as, body, headers });
}

const documentCount = async () => (await t.ctx.db.select({ n: count() }).from(documents))[0]?.n ?? 0;

describe("the title of an upload", () => {
  it.each([
    ["users-and-groups.pdf", "Users and Groups in the Debian System", "the PDF's Title metadata"],
    ["shared-mime-info-spec.pdf", "Shared MIME-info Database", "a PDF's first heading (no metadata title)"],
    ["base-passwd.docx", "Users and Groups in the Debian System", "the DOCX core title"],
    ["procps-bugs.md", "BUG REPORTS", "a markdown file's first heading"],
  ])("of %s is %j (%s), not the file name", { timeout: 60_000 }, async (name, title) => {
    const res = await upload("author", name, fixture(name), { title: "" });
    expect(res.statusCode, res.body).toBe(201);
    expect(json<Document>(res).title).toBe(title);
  });

  it("is the typed title when one is given, and the file name when the file has no title", async () => {
    const typed = await upload("author", "notes.md", Buffer.from("# Heading\n\nText one.\n"), {
      title: "My own title",
    });
    expect(json<Document>(typed).title).toBe("My own title");
    const plain = await upload("author", "meeting_notes.txt", Buffer.from("Just a line of notes.\n"));
    expect(json<Document>(plain).title).toBe("meeting notes");
  });
});

describe("an upload identical to an original the user can see", () => {
  it("answers 409 with the existing document and keeps nothing, unless a copy is asked for", async () => {
    const bytes = Buffer.from("# Retention schedule\n\nInvoices are kept for ten years.\n");
    const first = json<Document>(await upload("author", "retention.md", bytes));
    const before = await documentCount();

    // Another name and title change nothing: the bytes are the same.
    const again = await upload("author", "retention-copy.md", bytes, { title: "Another title" });
    expect(again.statusCode).toBe(409);
    const answer = json<DuplicateUpload>(again);
    expect(answer.existing).toEqual({ id: first.id, title: "Retention schedule" });
    expect(answer.message).toContain("Retention schedule");
    // An Admin sees the author's Draft, so an Admin is told too.
    expect((await upload("admin", "retention.md", bytes)).statusCode).toBe(409);
    expect(await documentCount()).toBe(before);

    const copy = await upload("author", "retention.md", bytes, { allowDuplicate: "true" });
    expect(copy.statusCode).toBe(201);
    expect(json<Document>(copy).id).not.toBe(first.id);
    expect(await documentCount()).toBe(before + 1);
  });

  it("matches any version's original, and ignores documents the user cannot see", async () => {
    const v1 = Buffer.from("# Key rotation\n\nKeys rotate yearly.\n");
    const v2 = Buffer.from("# Key rotation\n\nKeys rotate every six months.\n");
    const doc = json<Document>(await upload("author", "keys.md", v1));
    const { body, headers } = multipart({ expectedVersion: "1" }, { name: "keys.md", bytes: v2 });
    const added = await t.request("POST", `/api/documents/${doc.id}/versions`, {
      as: "author",
      body,
      headers,
    });
    expect(added.statusCode).toBe(201);
    expect(json<DuplicateUpload>(await upload("author", "old-keys.md", v1)).existing.id).toBe(doc.id);

    // Another user's Draft is not visible to the author: the answer must not reveal it exists.
    const secret = Buffer.from("# Board minutes\n\nThe merger is confidential.\n");
    expect((await upload("admin", "minutes.md", secret)).statusCode).toBe(201);
    expect((await upload("author", "minutes.md", secret)).statusCode).toBe(201);

    // Archived documents are out of every list: uploading their bytes again is a new document.
    expect((await t.request("POST", `/api/documents/${doc.id}/archive`, { as: "author" })).statusCode).toBe(
      200,
    );
    expect((await upload("author", "keys.md", v2)).statusCode).toBe(201);
  });
});

describe("OCR placeholders", () => {
  it("are kept out of the stored text and put back at the same places", () => {
    const markdown =
      "# Report\n\n<!-- quire:ocr-pending page=2 -->\n\nMiddle text.\n\n<!-- quire:ocr-pending page=3 -->\n";
    const { content, anchors } = withoutOcrPlaceholders(markdown);
    expect(content).toBe("# Report\n\n\n\nMiddle text.\n\n\n");
    expect(anchors.map((a) => a.page)).toEqual([2, 3]);
    expect(withOcrPlaceholders(content, anchors)).toBe(markdown);
  });

  it("leaves text that merely looks like a placeholder alone, in linear time", () => {
    const hostile = "<!-- quire:ocr-pending page=".repeat(20_000);
    const { content, anchors } = withoutOcrPlaceholders(hostile);
    expect(content).toBe(hostile);
    expect(anchors).toEqual([]);
    // Linear: 8 times the text takes about 8 times as long, timed back to back in this run.
    const growth = growthOf((n) => "<!-- quire:ocr-pending page=".repeat(n), withoutOcrPlaceholders, 160_000);
    expect(growth).toBeLessThanOrEqual(LINEAR_GROWTH_LIMIT);
  });
});

describe("a document's processing", () => {
  it("logs each step's name and duration at debug level, so a bench can say where time goes", async () => {
    const lines: Array<{ msg: string; step?: string; ms?: number; documentId?: string }> = [];
    const previous = t.ctx.log;
    t.ctx.log = pino(
      { level: "debug" },
      { write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]) },
    );
    try {
      const doc = json<Document>(
        await upload(
          "author",
          "timed.md",
          Buffer.from(`# Timed ${Math.random()}\n\nA short text to process.\n`),
        ),
      );
      await t.runner.runUntilIdle();
      const steps = lines.filter((l) => l.msg === "processing step" && l.documentId === doc.id);
      expect(steps.map((l) => l.step)).toEqual([
        "ocr",
        "language",
        "tags",
        "thumbnail",
        "auto-file",
        "suggestion-facts",
        "summary",
        "search-index",
      ]);
      for (const line of steps) expect(line.ms).toBeGreaterThanOrEqual(0);
    } finally {
      t.ctx.log = previous;
    }
  });
});
