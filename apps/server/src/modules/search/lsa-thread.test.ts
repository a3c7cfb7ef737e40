import { readFileSync } from "node:fs";
import { embedText, fitLsa } from "@quire/textkit";
import { describe, expect, it } from "vitest";
import { fitLsaInThread } from "./lsa-thread";

// Real text: passages of two Debian documents.
const texts = ["dpkg-triggers.txt", "procps-bugs.md"].flatMap((name) => {
  const text = readFileSync(new URL(`../../../test-fixtures/${name}`, import.meta.url), "utf8");
  return text.split(/\n\s*\n/).filter((p) => p.trim().length > 40);
});

describe("LSA in a worker thread", () => {
  it("fits the same model as the event loop would, and embeds in its space", async () => {
    const options = { dims: 16, maxPassages: 20_000 };
    const thread = await fitLsaInThread(texts, options);
    try {
      const local = fitLsa(texts, options)!;
      expect(thread.model?.terms).toEqual(local.terms);
      expect(thread.model?.projection).toEqual(local.projection);
      const [vector] = await thread.embed([texts[3]!]);
      expect(vector).toEqual(embedText(local, texts[3]!));
    } finally {
      await thread.close();
    }
  });
});
