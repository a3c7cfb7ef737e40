import { readFileSync } from "node:fs";
import { embedText, fitLsa, seededRandom } from "@quire/textkit";
import { describe, expect, it } from "vitest";
import { fitLsaInThread } from "./lsa-thread";

// Real text: passages of two Debian documents.
const texts = ["dpkg-triggers.txt", "procps-bugs.md"].flatMap((name) => {
  const text = readFileSync(new URL(`../../../test-fixtures/${name}`, import.meta.url), "utf8");
  return text.split(/\n\s*\n/).filter((p) => p.trim().length > 40);
});

/** Passages of made-up words: a vocabulary and term bags far larger than a 16 MB heap holds. */
function largeArchive(passages: number): string[] {
  const random = seededRandom(3);
  const word = () => Math.floor(random() * 200_000).toString(36) + "x";
  return Array.from({ length: passages }, () => Array.from({ length: 60 }, word).join(" "));
}

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

  it("fails the fit, saying so, when the thread outgrows its heap; the process goes on", async () => {
    await expect(
      fitLsaInThread(largeArchive(20_000), { dims: 16, maxPassages: 20_000 }, { heapMb: 16, youngMb: 4 }),
    ).rejects.toThrow(/out of memory \(its heap is limited to 16 MB\)/);
    // The same process fits again with the default limits.
    const thread = await fitLsaInThread(texts, { dims: 16, maxPassages: 20_000 });
    try {
      expect(thread.model?.terms.length).toBeGreaterThan(16);
    } finally {
      await thread.close();
    }
  });
});
