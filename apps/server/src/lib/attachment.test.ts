import { parse } from "content-disposition";
import { describe, expect, it } from "vitest";
import { attachment } from "./attachment";

describe("attachment", () => {
  it.each([
    ["report.pdf", "report.pdf"],
    ["Résumé 2026.docx", "R_sum_ 2026.docx"],
    ['He said "final".md', "He said _final_.md"],
    ["back\\slash.txt", "back_slash.txt"],
    ["日本語の契約書.pdf", "_______.pdf"],
    ["emoji 📄 notes.md", "emoji __ notes.md"],
    ["100% done; really.txt", "100% done; really.txt"],
  ])("%s downloads under its exact name, with the ASCII fallback %s", (name, fallback) => {
    const header = attachment(name);
    expect(parse(header)).toEqual({
      type: "attachment",
      parameters: expect.objectContaining({ filename: name }),
    });
    // Old clients read only `filename`: it must be plain ASCII with nothing that ends the quoted string early.
    const plain = /filename=("(?:[^"\\]|\\.)*"|[^;\s]+)/.exec(header)?.[1] ?? "";
    expect(plain.replace(/^"|"$/g, "")).toBe(fallback);
    expect(header).toMatch(/^[\x20-\x7e]+$/);
    if (name !== fallback) expect(header).toContain(`filename*=UTF-8''`);
  });
});
