import { Zip, ZipDeflate, ZipPassThrough, strToU8, unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { convertToMarkdown } from "./convert.js";
import { UnreadableFileError } from "./errors.js";
import { sniffFileType } from "./sniff.js";
import { assertSafeDocxArchive } from "./zip-guard.js";

const MB = 1024 * 1024;

/** A DOCX-shaped zip whose word/document.xml inflates to `megabytes` MB of zeros (~1 KB each, packed). */
function zipBomb(megabytes: number): Uint8Array {
  const chunks: Uint8Array[] = [];
  const zip = new Zip((error, data) => {
    if (error) throw error;
    chunks.push(data);
  });
  const types = new ZipPassThrough("[Content_Types].xml");
  zip.add(types);
  types.push(strToU8("<Types/>"), true);
  const document = new ZipDeflate("word/document.xml", { level: 6 });
  zip.add(document);
  const zeros = new Uint8Array(MB);
  for (let i = 0; i < megabytes; i++) document.push(zeros, i === megabytes - 1);
  zip.end();
  return new Uint8Array(Buffer.concat(chunks));
}

/** Rewrites every central-directory entry's uncompressed size to `size`: a bomb that lies. */
function withDeclaredSizes(zip: Uint8Array, size: number): Uint8Array {
  const out = zip.slice();
  const view = new DataView(out.buffer);
  for (let i = 0; i + 46 <= out.length; i++) {
    if (view.getUint32(i, true) === 0x02014b50) view.setUint32(i + 24, size, true);
  }
  return out;
}

async function refusal(promise: Promise<unknown>): Promise<{ error: unknown; seconds: number }> {
  const started = performance.now();
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  return { error, seconds: (performance.now() - started) / 1000 };
}

describe("DOCX zip bomb guard", () => {
  let bomb: Uint8Array;
  /** How long inflating the whole bomb takes in this run: the work the guard must save. */
  let inflateSeconds: number;
  beforeAll(() => {
    bomb = zipBomb(110);
    const started = performance.now();
    unzipSync(bomb);
    inflateSeconds = (performance.now() - started) / 1000;
  });

  it("is small on disk, sniffs as DOCX, and is refused before inflating, in bounded time", async () => {
    expect(bomb.length).toBeLessThan(200 * 1024);
    expect((await sniffFileType(bomb, "bomb.docx")).kind).toBe("docx");
    const { error, seconds } = await refusal(convertToMarkdown(bomb, "docx"));
    expect(error).toBeInstanceOf(UnreadableFileError);
    expect((error as UnreadableFileError).reason).toMatch(/more than 100 MB .* zip bomb/);
    // Before inflating: in a small part of the time inflating it takes.
    expect(seconds).toBeLessThan(inflateSeconds / 4);
  });

  it("catches a bomb whose declared sizes lie, by counting what really inflates", async () => {
    const liar = withDeclaredSizes(bomb, 1000);
    const { error, seconds } = await refusal(convertToMarkdown(liar, "docx"));
    // Its one part passes the per-part XML cap long before the archive's total cap.
    expect((error as UnreadableFileError).reason).toMatch(
      /word\/document\.xml unpacks to more than 16 MB of XML/,
    );
    // It stops at 16 of the 110 MB: sooner than inflating the whole takes.
    expect(seconds).toBeLessThan(inflateSeconds);
  });

  it("caps the number of parts", () => {
    const files: Record<string, Uint8Array> = { "word/document.xml": strToU8("<w:document/>") };
    for (let i = 0; i < 20; i++) files[`part${i}.xml`] = strToU8("<x/>");
    const chunks: Uint8Array[] = [];
    const zip = new Zip((error, data) => {
      if (error) throw error;
      chunks.push(data);
    });
    for (const [name, data] of Object.entries(files)) {
      const entry = new ZipPassThrough(name);
      zip.add(entry);
      entry.push(data, true);
    }
    zip.end();
    const limits = { maxUncompressedBytes: MB, maxEntries: 10, maxXmlBytes: MB };
    expect(() => assertSafeDocxArchive(new Uint8Array(Buffer.concat(chunks)), limits)).toThrow(/10 parts/);
  });
});
