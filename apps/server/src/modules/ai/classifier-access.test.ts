import type { CategorizeResult, DocumentStatus } from "@quire/contracts";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { categories, documents } from "../../db/schema";
import { appForFile } from "../../../test/support/app-for-file";
import { json, multipart } from "../../../test/support/harness";
import { classifierTraining, trainedClassifier } from "./classifier";

/**
 * The classifier answers every signed-in user, so what it learnt must be what everyone may read:
 * a word found only in a private draft or in a category the asker cannot see moves nothing in its
 * answer, and the answer names only categories the asker may view.
 */
const t = appForFile();
const ids: Record<string, string> = {};

const topics: Record<string, string[]> = {
  "Cl Harbour": ["harbour", "vessel", "mooring", "tide", "pier", "anchor", "cargo", "dock"],
  "Cl Orchard": ["orchard", "apple", "pruning", "blossom", "harvest", "cider", "grafting", "soil"],
  "Cl Vaulted": ["ledger", "audit", "treasury", "invoice", "payroll", "budget", "reserve", "fiscal"],
};

async function addCategory(name: string, everyoneAccess: "none" | "view"): Promise<string> {
  const [row] = await t.ctx.db
    .insert(categories)
    .values({ name, everyoneAccess })
    .returning({ id: categories.id });
  return row!.id;
}

/** A document in `category` at `status`, its text about the category's topic plus `extra`. */
async function addDocument(category: string, i: number, status: DocumentStatus, extra = ""): Promise<string> {
  const words = topics[category]!;
  const text = Array.from(
    { length: 6 },
    (_, k) => `The ${words[(i + k) % 8]} and the ${words[(i + k + 3) % 8]}.`,
  );
  const { body, headers } = multipart(
    { categoryId: ids[category]!, title: `${words[i % 8]} note ${i}`, allowDuplicate: "true" },
    {
      name: `note-${i}.md`,
      bytes: Buffer.from(`# ${words[i % 8]} note ${i}\n\n${text.join(" ")} ${extra}\n`),
    },
  );
  const res = await t.request("POST", "/api/documents/upload", { as: "admin", body, headers });
  expect(res.statusCode, res.body).toBe(201);
  const id = json<{ id: string }>(res).id;
  await t.ctx.db.update(documents).set({ status }).where(eq(documents.id, id));
  return id;
}

async function settledModel(): Promise<void> {
  await t.runner.runUntilIdle();
  await trainedClassifier(t.ctx);
  for (let training = classifierTraining(t.ctx); training; training = classifierTraining(t.ctx))
    await training;
}

const categorize = async (as: string, title: string, content: string) => {
  const res = await t.request("POST", "/api/ai/categorize", { as, body: { title, content } });
  expect(res.statusCode, res.body).toBe(200);
  return json<CategorizeResult>(res);
};
/** The parts of an answer the model decides (the tags are the asker's own words). */
const ranking = (r: CategorizeResult) => ({
  categoryId: r.categoryId,
  confidence: r.confidence,
  alternatives: r.alternatives,
});

let publicDoc: string;

beforeAll(async () => {
  ids["Cl Harbour"] = await addCategory("Cl Harbour", "view");
  ids["Cl Orchard"] = await addCategory("Cl Orchard", "view");
  ids["Cl Vaulted"] = await addCategory("Cl Vaulted", "none");
  for (let i = 0; i < 4; i++) {
    const doc = await addDocument("Cl Harbour", i, "Approved");
    if (i === 0) publicDoc = doc;
    await addDocument("Cl Orchard", i, "Approved");
    // Seen by Admins only: the word "zorvantic" is found nowhere else.
    await addDocument("Cl Vaulted", i, "Approved", "zorvantic zorvantic zorvantic");
  }
  // A private draft in a category everyone views: "quelmarish" is found only there.
  await addDocument("Cl Orchard", 9, "Draft", "quelmarish quelmarish quelmarish");
  await settledModel();
}, 120_000);

describe("the category classifier tells no one about what they cannot see", () => {
  it("answers a word found only in hidden documents as it answers a word found nowhere", async () => {
    const control = ranking(await categorize("viewer", "plintharous", "plintharous plintharous"));
    for (const secret of ["zorvantic", "quelmarish"])
      expect({ secret, answer: ranking(await categorize("viewer", secret, `${secret} ${secret}`)) }).toEqual({
        secret,
        answer: control,
      });
  });

  it("never names a category the asker cannot view, in the suggestion or its alternatives", async () => {
    const vaulted = ids["Cl Vaulted"]!;
    const asked = await categorize(
      "viewer",
      "ledger audit",
      "The treasury ledger, audit and payroll budget.",
    );
    expect(asked.categoryId).not.toBe(vaulted);
    expect(asked.alternatives.map((a) => a.categoryId)).not.toContain(vaulted);
    const stored = await t.request("GET", `/api/ai/categorize/${publicDoc}`, { as: "viewer" });
    expect(stored.statusCode, stored.body).toBe(200);
    expect(json<CategorizeResult>(stored).alternatives.map((a) => a.categoryId)).not.toContain(vaulted);
    expect(stored.body).not.toContain("Cl Vaulted");
  });

  it("cuts a category whose access narrowed after the model was trained", async () => {
    const orchard = ids["Cl Orchard"]!;
    const before = await categorize(
      "viewer",
      "apple orchard",
      "Pruning the apple orchard before the harvest.",
    );
    expect(before.categoryId).toBe(orchard);
    await t.ctx.db.update(categories).set({ everyoneAccess: "none" }).where(eq(categories.id, orchard));
    try {
      // Whether the last model or a retrained one answers, the Orchard is not named to the viewer.
      const after = await categorize(
        "viewer",
        "apple orchard",
        "Pruning the apple orchard before the harvest.",
      );
      expect(after.categoryId).not.toBe(orchard);
      expect(after.alternatives.map((a) => a.categoryId)).not.toContain(orchard);
    } finally {
      await t.ctx.db.update(categories).set({ everyoneAccess: "view" }).where(eq(categories.id, orchard));
      await settledModel();
    }
  });
});
