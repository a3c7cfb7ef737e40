import { readFileSync } from "node:fs";
import {
  autoFiledText,
  MAX_UPLOAD_BYTES,
  UNFILED_CATEGORY_NAME,
  type Document,
  type UploadAnalysis,
} from "@quire/contracts";
import { and, asc, count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { activity, blobs, categories, documents, versions } from "../../db/schema";
import { appForFile } from "../../../test/support/app-for-file";
import { json, multipart } from "../../../test/support/harness";
import { classifierTraining, trainedClassifier } from "../ai/classifier";
import { sha256Hex } from "./store-version";

/**
 * Uploading without a category: Quire files the document by the classifier's confident suggestion
 * among the categories the uploader may add to, else in Unfiled, marks it auto-filed and says so in
 * its history as itself; someone who may change it confirms. The form's analysis stores nothing.
 */
const t = appForFile();
const fixture = (name: string) => readFileSync(new URL(`../../../test-fixtures/${name}`, import.meta.url));
const ids: Record<string, string> = {};

const topics: Record<string, string[]> = {
  "Af Harbour": ["harbour", "vessel", "mooring", "tide", "pier", "anchor", "cargo", "dock"],
  "Af Orchard": ["orchard", "apple", "pruning", "blossom", "harvest", "cider", "grafting", "soil"],
  // Everyone may view it, nobody but Admins may add to it: suggested, never filed in by an Author.
  "Af Gallery": ["painting", "canvas", "easel", "sculpture", "pigment", "varnish", "frame", "museum"],
  // In the model while everyone could view it; then closed (see "a hidden category").
  "Af Vaulted": ["ledger", "treasury", "payroll", "budget", "reserve", "fiscal", "bullion", "coffer"],
};
const access: Record<string, "view" | "edit"> = {
  "Af Harbour": "edit",
  "Af Orchard": "edit",
  "Af Gallery": "view",
  "Af Vaulted": "edit",
};

function topicText(category: string, i: number): string {
  const words = topics[category]!;
  return Array.from(
    { length: 8 },
    (_, k) => `The ${words[(i + k) % 8]} by the ${words[(i + k + 3) % 8]}.`,
  ).join(" ");
}

async function send(
  url: string,
  as: string,
  name: string,
  bytes: Uint8Array,
  fields: Record<string, string> = {},
) {
  const { body, headers } = multipart({ allowDuplicate: "true", ...fields }, { name, bytes });
  return t.request("POST", url, { as, body, headers });
}
const upload = (as: string, name: string, text: string, fields: Record<string, string> = {}) =>
  send("/api/documents/upload", as, name, Buffer.from(text), fields);
const analyse = (as: string, name: string, bytes: Uint8Array) =>
  send("/api/documents/upload/analyse", as, name, bytes);

async function settledModel(): Promise<void> {
  await t.runner.runUntilIdle();
  await trainedClassifier(t.ctx);
  for (let training = classifierTraining(t.ctx); training; training = classifierTraining(t.ctx))
    await training;
}

const entriesOf = (documentId: string) =>
  t.ctx.db
    .select({
      action: activity.action,
      userId: activity.userId,
      system: activity.systemActor,
      comment: activity.comment,
      at: activity.createdAt,
    })
    .from(activity)
    .where(eq(activity.documentId, documentId))
    .orderBy(asc(activity.id));

const rows = async () => {
  const n = async (table: typeof documents | typeof versions | typeof blobs | typeof activity) =>
    (await t.ctx.db.select({ n: count() }).from(table))[0]?.n ?? 0;
  return {
    documents: await n(documents),
    versions: await n(versions),
    blobs: await n(blobs),
    activity: await n(activity),
  };
};

const harbourText = `# Harbour night shift\n\n${topicText("Af Harbour", 1)} ${topicText("Af Harbour", 5)}\n`;
const galleryText = `# Gallery care\n\n${topicText("Af Gallery", 2)} ${topicText("Af Gallery", 6)}\n`;
const vaultedText = `# Vault count\n\n${topicText("Af Vaulted", 3)} ${topicText("Af Vaulted", 7)}\n`;
const vagueText = "# Notes\n\nSome thoughts for later.\n";

beforeAll(async () => {
  for (const name of Object.keys(topics)) {
    const [row] = await t.ctx.db
      .insert(categories)
      .values({ name, everyoneAccess: access[name]! })
      .returning({ id: categories.id });
    ids[name] = row!.id;
    for (let i = 0; i < 4; i++) {
      const res = await upload(
        "admin",
        `${name}-${i}.md`,
        `# ${topics[name]![i]} note\n\n${topicText(name, i)}\n`,
        {
          categoryId: ids[name]!,
        },
      );
      expect(res.statusCode, res.body).toBe(201);
      // Approved: the model that answers everyone learns only from what everyone may open.
      await t.ctx.db
        .update(documents)
        .set({ status: "Approved" })
        .where(eq(documents.id, json<Document>(res).id));
    }
  }
  await settledModel();
}, 120_000);

describe("POST /api/documents/upload/analyse", () => {
  it("answers the title and the suggestion, and stores nothing: no blob, no row, no entry", async () => {
    const bytes = Buffer.from(harbourText);
    // Signed in first: a first sign-in is a change with its own entry.
    await t.cookieFor("author");
    const before = await rows();
    const res = await analyse("author", "harbour.md", bytes);
    expect(res.statusCode, res.body).toBe(200);
    const answer = json<UploadAnalysis>(res);
    expect(answer.title).toBe("Harbour night shift");
    expect(answer.suggestion.categoryId).toBe(ids["Af Harbour"]);
    expect(answer.fileIn).toEqual({ categoryId: ids["Af Harbour"], name: "Af Harbour" });
    expect(answer.duplicate).toBeNull();
    expect(await rows()).toEqual(before);
    expect(await t.ctx.blobs.has(sha256Hex(bytes))).toBe(false);
  });

  it("reads a PDF's title and text before anything is committed", { timeout: 60_000 }, async () => {
    const res = await analyse("author", "users-and-groups.pdf", fixture("users-and-groups.pdf"));
    expect(res.statusCode, res.body).toBe(200);
    expect(json<UploadAnalysis>(res).title).toBe("Users and Groups in the Debian System");
    expect(json<UploadAnalysis>(res).mediaType).toBe("application/pdf");
  });

  it("refuses what the upload refuses, with the same status and message", async () => {
    const cases: Array<[string, Uint8Array]> = [
      ["elf-executable.pdf", fixture("elf-executable.pdf")],
      ["empty.txt", Buffer.alloc(0)],
      ["big.txt", Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0x61)],
    ];
    const before = await rows();
    for (const [name, bytes] of cases) {
      const analysed = await analyse("author", name, bytes);
      const uploaded = await send("/api/documents/upload", "author", name, bytes, {
        categoryId: ids["Af Harbour"]!,
      });
      expect([analysed.statusCode, name]).toEqual([uploaded.statusCode, name]);
      expect(analysed.statusCode).toBeGreaterThanOrEqual(400);
      expect(json(analysed)).toEqual(json(uploaded));
    }
    expect((await rows()).documents).toBe(before.documents);
  });

  it("is for those who may upload: a Viewer is refused", async () => {
    const res = await analyse("viewer", "harbour.md", Buffer.from(harbourText));
    expect(res.statusCode).toBe(403);
  });

  it("reports a visible document with the same bytes", async () => {
    const text = `${harbourText}\nDuplicate check ${crypto.randomUUID()}\n`;
    const first = json<Document>(await upload("author", "dup.md", text, { categoryId: ids["Af Harbour"]! }));
    const answer = json<UploadAnalysis>(await analyse("author", "dup-again.md", Buffer.from(text)));
    expect(answer.duplicate).toEqual({ id: first.id, title: first.title });
  });
});

describe("an upload without a category", () => {
  it("is filed by the confident suggestion, marked auto-filed, with Quire's entry in the same transaction", async () => {
    const res = await upload("author", "harbour-shift.md", harbourText);
    expect(res.statusCode, res.body).toBe(201);
    const doc = json<Document>(res);
    expect(doc.categoryId).toBe(ids["Af Harbour"]);
    expect(doc.autoFiled).toBe(true);
    const entries = await entriesOf(doc.id);
    expect(entries.map((e) => [e.action, e.system, e.comment])).toEqual([
      ["Uploaded", false, null],
      ["Filed automatically", true, autoFiledText("Af Harbour")],
    ]);
    expect(entries[1]!.userId).toBeNull();
    expect(entries[1]!.at.getTime()).toBe(entries[0]!.at.getTime());
  });

  it("goes to Unfiled (created once, by Quire) when no suggestion is sure enough", async () => {
    const first = json<Document>(await upload("author", "notes.md", vagueText));
    const second = json<Document>(await upload("author", "notes-2.md", `${vagueText}\nMore.\n`));
    expect(first.category.name).toBe(UNFILED_CATEGORY_NAME);
    expect(second.categoryId).toBe(first.categoryId);
    expect(first.autoFiled).toBe(true);
    const unfiled = await t.ctx.db
      .select()
      .from(categories)
      .where(eq(categories.name, UNFILED_CATEGORY_NAME));
    expect(unfiled).toHaveLength(1);
    const created = await t.ctx.db
      .select({ system: activity.systemActor })
      .from(activity)
      .where(and(eq(activity.action, "Created category"), eq(activity.subjectId, first.categoryId)));
    expect(created).toEqual([{ system: true }]);
    expect((await entriesOf(first.id)).at(-1)?.comment).toBe(autoFiledText(UNFILED_CATEGORY_NAME));
  });

  it("is never filed where the uploader may not add documents, though they may see it suggested", async () => {
    const analysed = json<UploadAnalysis>(await analyse("author", "gallery.md", Buffer.from(galleryText)));
    expect(analysed.suggestion.categoryId).toBe(ids["Af Gallery"]);
    expect(analysed.fileIn).toBeNull();
    const doc = json<Document>(await upload("author", "gallery.md", galleryText));
    expect(doc.category.name).toBe(UNFILED_CATEGORY_NAME);
    // An Admin may add there: the same text is filed in it for them.
    const admins = json<Document>(await upload("admin", "gallery-admin.md", galleryText));
    expect(admins.categoryId).toBe(ids["Af Gallery"]);
  });

  it("keeps the uploader's own category and is not auto-filed when one is chosen", async () => {
    const doc = json<Document>(
      await upload("author", "chosen.md", harbourText, { categoryId: ids["Af Orchard"]! }),
    );
    expect(doc.categoryId).toBe(ids["Af Orchard"]);
    expect(doc.autoFiled).toBe(false);
    expect((await entriesOf(doc.id)).map((e) => e.action)).toEqual(["Uploaded"]);
  });

  it("is filed again by the same rule once processing has the text", async () => {
    const doc = json<Document>(await upload("author", "scan.md", vagueText.replace("Notes", "Scan")));
    expect(doc.category.name).toBe(UNFILED_CATEGORY_NAME);
    // What OCR does to a scanned page's version: its text arrives with processing.
    await t.ctx.db.update(versions).set({ content: harbourText }).where(eq(versions.documentId, doc.id));
    await t.runner.runUntilIdle();
    const after = json<Document>(await t.request("GET", `/api/documents/${doc.id}`, { as: "author" }));
    expect(after.categoryId).toBe(ids["Af Harbour"]);
    expect(after.autoFiled).toBe(true);
    const filed = (await entriesOf(doc.id)).filter((e) => e.action === "Filed automatically");
    expect(filed.map((e) => [e.system, e.comment])).toEqual([
      [true, autoFiledText(UNFILED_CATEGORY_NAME)],
      [true, autoFiledText("Af Harbour")],
    ]);
  });
});

describe("a hidden category", () => {
  it("is never suggested or used, even by a model that learnt it before it was closed", async () => {
    const admin = json<UploadAnalysis>(await analyse("admin", "vault.md", Buffer.from(vaultedText)));
    expect(admin.suggestion.categoryId).toBe(ids["Af Vaulted"]);
    await t.ctx.db
      .update(categories)
      .set({ everyoneAccess: "none" })
      .where(eq(categories.id, ids["Af Vaulted"]!));
    const answer = json<UploadAnalysis>(await analyse("author", "vault.md", Buffer.from(vaultedText)));
    expect(answer.suggestion.categoryId).not.toBe(ids["Af Vaulted"]);
    expect(answer.suggestion.alternatives.map((a) => a.categoryId)).not.toContain(ids["Af Vaulted"]);
    expect(answer.fileIn?.categoryId).not.toBe(ids["Af Vaulted"]);
    const doc = json<Document>(await upload("author", "vault.md", vaultedText));
    expect(doc.categoryId).not.toBe(ids["Af Vaulted"]);
    await settledModel();
  });
});

describe("confirming where Quire filed a document", () => {
  async function autoFiled(): Promise<Document> {
    const res = await upload("author", "confirm.md", `${harbourText}\n${crypto.randomUUID()}\n`);
    expect(res.statusCode, res.body).toBe(201);
    return json<Document>(res);
  }
  const confirm = (as: string, id: string, body: Record<string, string> = {}) =>
    t.request("POST", `/api/documents/${id}/category/confirm`, { as, body });

  it("keeps the category, clears the mark and leaves one entry, the confirmer's; a second confirm is 409", async () => {
    const doc = await autoFiled();
    const res = await confirm("author", doc.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(json<Document>(res).autoFiled).toBe(false);
    expect(json<Document>(res).categoryId).toBe(ids["Af Harbour"]);
    const last = (await entriesOf(doc.id)).at(-1)!;
    expect([last.action, last.system, last.comment]).toEqual([
      "Confirmed filing",
      false,
      "Kept in Af Harbour",
    ]);
    expect((await confirm("author", doc.id)).statusCode).toBe(409);
  });

  it("may file it in another category the confirmer may add to, and never in one they may not", async () => {
    const doc = await autoFiled();
    expect((await confirm("author", doc.id, { categoryId: ids["Af Gallery"]! })).statusCode).toBe(403);
    const moved = await confirm("author", doc.id, { categoryId: ids["Af Orchard"]! });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(json<Document>(moved).categoryId).toBe(ids["Af Orchard"]);
    expect((await entriesOf(doc.id)).at(-1)?.comment).toBe("Moved to Af Orchard");
  });

  it("is refused for a Viewer who can read the document", async () => {
    const doc = await autoFiled();
    await t.ctx.db.update(documents).set({ status: "Approved" }).where(eq(documents.id, doc.id));
    expect((await t.request("GET", `/api/documents/${doc.id}`, { as: "viewer" })).statusCode).toBe(200);
    const res = await confirm("viewer", doc.id);
    expect(res.statusCode).toBe(403);
    const after = await t.ctx.db
      .select({ autoFiled: documents.autoFiled })
      .from(documents)
      .where(eq(documents.id, doc.id));
    expect(after).toEqual([{ autoFiled: true }]);
  });

  it("is what a person's move does too: choosing a category in Edit settles it", async () => {
    const doc = await autoFiled();
    const res = await t.request("PATCH", `/api/documents/${doc.id}`, {
      as: "author",
      body: { categoryId: ids["Af Orchard"]! },
    });
    expect(json<Document>(res).autoFiled).toBe(false);
  });
});

describe("GET /api/documents?autoFiled=awaiting", () => {
  it("lists the documents awaiting confirmation that the caller can read, and no others", async () => {
    const waiting = await upload("author", "awaiting.md", `${harbourText}\n${crypto.randomUUID()}\n`);
    const id = json<Document>(waiting).id;
    const list = async (as: string) =>
      json<Document[]>(await t.request("GET", "/api/documents?autoFiled=awaiting&pageSize=500", { as }));
    const authors = await list("author");
    expect(authors.map((d) => d.id)).toContain(id);
    expect(authors.every((d) => d.autoFiled)).toBe(true);
    expect((await list("admin")).map((d) => d.id)).toContain(id);
    // A Draft is its owner's (and Admins'): a Viewer's list does not hold it.
    expect((await list("viewer")).map((d) => d.id)).not.toContain(id);
    await t.request("POST", `/api/documents/${id}/category/confirm`, { as: "author", body: {} });
    expect((await list("author")).map((d) => d.id)).not.toContain(id);
  });
});
