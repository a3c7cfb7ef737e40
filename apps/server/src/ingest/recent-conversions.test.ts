import { describe, expect, it } from "vitest";
import type { Conversion } from "./convert.js";
import type { Converter } from "./convert-pool.js";
import { UnreadableFileError } from "./errors.js";
import { rememberRecentConversions } from "./recent-conversions.js";

/** A converter that counts its work; a file holding "bad" is refused. */
function countingConverter() {
  let calls = 0;
  const inner: Converter = {
    async convert(bytes) {
      calls += 1;
      const text = Buffer.from(bytes).toString("utf8");
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (text.includes("bad")) throw new UnreadableFileError("damaged");
      const conversion: Conversion = { markdown: text, title: null, pagesNeedingOcr: [2], warnings: [] };
      return conversion;
    },
    ocr: async () => [],
    thumbnail: async () => new Uint8Array(),
    warm: async () => {},
    close: async () => {},
  };
  return { inner, calls: () => calls };
}

const bytes = (text: string) => new Uint8Array(Buffer.from(text));

describe("recent conversions", () => {
  it("convert the same bytes once, also while the first conversion is still running", async () => {
    const { inner, calls } = countingConverter();
    const converter = rememberRecentConversions(inner);
    const [a, b] = await Promise.all([
      converter.convert(bytes("one"), "pdf"),
      converter.convert(bytes("one"), "pdf"),
    ]);
    const c = await converter.convert(bytes("one"), "pdf");
    expect(calls()).toBe(1);
    expect([a.markdown, b.markdown, c.markdown]).toEqual(["one", "one", "one"]);
    // A caller's arrays are its own.
    c.pagesNeedingOcr.push(9);
    expect((await converter.convert(bytes("one"), "pdf")).pagesNeedingOcr).toEqual([2]);
    await converter.convert(bytes("two"), "pdf");
    await converter.convert(bytes("one"), "docx");
    expect(calls()).toBe(3);
  });

  it("keep no failure: the next try converts again", async () => {
    const { inner, calls } = countingConverter();
    const converter = rememberRecentConversions(inner);
    await expect(converter.convert(bytes("bad"), "pdf")).rejects.toThrow(UnreadableFileError);
    await expect(converter.convert(bytes("bad"), "pdf")).rejects.toThrow(UnreadableFileError);
    expect(calls()).toBe(2);
  });

  it("are bounded by time and by the characters kept", async () => {
    const { inner, calls } = countingConverter();
    const shortLived = rememberRecentConversions(inner, { ttlMs: 20, maxChars: 1_000 });
    await shortLived.convert(bytes("one"), "pdf");
    await new Promise((resolve) => setTimeout(resolve, 40));
    await shortLived.convert(bytes("one"), "pdf");
    expect(calls()).toBe(2);

    const small = rememberRecentConversions(inner, { ttlMs: 60_000, maxChars: 10 });
    await small.convert(bytes("aaaaaaaa"), "pdf"); // 8 characters
    await small.convert(bytes("bbbbbbbb"), "pdf"); // pushes the first out
    await small.convert(bytes("aaaaaaaa"), "pdf");
    expect(calls()).toBe(5);
  });
});
