import { describe, expect, it } from "vitest";
import { extractKeyphrases } from "./document-keyphrases";

describe("extractKeyphrases", () => {
  it("never makes a tag of a URL's or an e-mail address's parts", () => {
    const readme = [
      "# zstream",
      "",
      "zstream compresses log streams on the fly. Report bugs at https://github.com/example/zstream/issues",
      "or write to maintainer@gmail.com; see www.example.org and docs.example.com for the compression levels.",
      "",
      "## Compression levels",
      "",
      "Compression levels trade speed for size. Log streams rotate daily. Contact jane.doe@gmail.com.",
    ].join("\n");
    const tags = extractKeyphrases(readme, { max: 8 }).map((k) => k.phrase);
    expect(tags.length).toBeGreaterThan(0);
    for (const fragment of ["github", "gmail", "com", "https", "www", "org", "example", "issues"])
      expect(tags.join(" ").split(/\s+/), fragment).not.toContain(fragment);
    expect(tags).toContain("compression levels");
  });
});
