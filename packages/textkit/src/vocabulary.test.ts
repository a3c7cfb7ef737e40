import { describe, expect, it } from "vitest";
import { documentWordsFor } from "./vocabulary";

describe("documentWordsFor", () => {
  it("gives the documents' word for an everyday one, in any inflection", () => {
    expect(documentWordsFor("folder")).toContain("directory");
    expect(documentWordsFor("folders")).toContain("directory");
    expect(documentWordsFor("unpacking")).toContain("extract");
    expect(documentWordsFor("tarball")).toContain("tar");
  });

  it("knows nothing of words outside computing's everyday vocabulary", () => {
    expect(documentWordsFor("sourdough")).toEqual([]);
    expect(documentWordsFor("directory")).toEqual([]);
  });
});
