import type { Document } from "@quire/contracts";
import { beforeAll } from "vitest";
import { seedDemoDocuments } from "../../src/demo/seed";
import { classifierTraining, trainedClassifier } from "../../src/modules/ai/classifier";
import { appForFile } from "./app-for-file";
import { json, type TestApp } from "./harness";

/**
 * The test file's app on the demo archive as `npm start` leaves it a moment later: every demo
 * document processed and the classifier trained on them. Mid-processing, the classifier answers
 * with a model of a half-processed archive while the next one trains in the background, and how
 * far either got depends on the machine's load (CI runs failed on both: a model trained before
 * the last documents were processed placed the Travel Policy in Finance at 0.57, not above 0.8).
 */
export function processedDemoArchiveForFile(): TestApp {
  const t = appForFile({ seeders: [seedDemoDocuments] });
  beforeAll(async () => {
    await t.runner.runUntilIdle();
    for (const scope of ["everyone", "archive"] as const) {
      await trainedClassifier(t.ctx, scope);
      for (
        let training = classifierTraining(t.ctx, scope);
        training;
        training = classifierTraining(t.ctx, scope)
      )
        await training;
    }
  }, 120_000);
  return t;
}

/** The demo documents by title, listed (by an Admin) before the file's tests and after the set-up above. */
export function demoDocumentsByTitle(t: TestApp): (title: string) => Document {
  const docs: Document[] = [];
  beforeAll(async () => {
    docs.push(...json<Document[]>(await t.request("GET", "/api/documents?pageSize=500", { as: "admin" })));
  });
  return (title) => {
    const doc = docs.find((d) => d.title === title);
    if (!doc) throw new Error(`no demo document '${title}'`);
    return doc;
  };
}
