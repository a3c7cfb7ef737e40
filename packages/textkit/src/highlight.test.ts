import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { escapeHtml, highlightExcerpt } from "./highlight";

// Bash's introduction, shipped with every Debian system (bash is essential).
const bashIntro = gunzipSync(readFileSync("/usr/share/doc/bash/INTRO.gz")).toString("utf8");

/** Text of the excerpt with the marks and entities undone, whitespace collapsed. */
function visibleText(html: string): string {
  return html
    .replace(/<\/?mark>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
}

function expectOnlyMarkTags(html: string) {
  expect(html.replace(/<\/?mark>/g, "")).not.toMatch(/[<>]/);
}

const marked = (html: string) => [...html.matchAll(/<mark>(.*?)<\/mark>/g)].map((match) => match[1]);

describe("escapeHtml", () => {
  it("escapes the five HTML-significant characters", () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;",
    );
  });
});

describe("highlightExcerpt", () => {
  it("marks whole-word matches of stemmed variants, case-insensitively", () => {
    const html = highlightExcerpt(
      "Policies and the POLICY's scope; a policyholder or police officer is not a policy.",
      ["policy"],
    );
    expect(marked(html)).toEqual(["Policies", "POLICY&#39;s", "policy"]);
  });

  it("lets a stem prefix from the search engine match its variants", () => {
    const html = highlightExcerpt("Our retention policy and its policies.", ["polic", "retent"]);
    expect(marked(html)).toEqual(["retention", "policy", "policies"]);
  });

  it("marks either half of a hyphenated compound and ignores query stop words", () => {
    const html = highlightExcerpt("The data-retention schedule of the archive.", ["the retention"]);
    expect(marked(html)).toEqual(["retention"]);
  });

  it("picks the window of a real text with the most hits and marks the cuts", () => {
    const html = highlightExcerpt(bashIntro, ["job", "control"], { maxChars: 200 });
    expect(html.startsWith("…")).toBe(true);
    expect(html.endsWith("…")).toBe(true);
    expect(marked(html).map((word) => word?.toLowerCase())).toEqual([
      "control",
      "job",
      "control",
      "job",
      "control",
    ]);
    const visible = visibleText(html).replace(/^…|…$/g, "");
    expect(visible.length).toBeLessThanOrEqual(200);
    expect(bashIntro.replace(/\s+/g, " ")).toContain(visible);
  });

  it("starts at the beginning when nothing matches and does not cut words", () => {
    const html = highlightExcerpt(bashIntro, ["zebra"], { maxChars: 100 });
    expect(marked(html)).toEqual([]);
    expect(html).toBe(
      "BASH - The Bourne-Again Shell Bash is the shell, or command language interpreter, that will appear…",
    );
  });

  it("leaves out the query's stop words of the text's language", () => {
    // "die" is a German article and an English verb.
    const text = "Die Katze und die Maus";
    expect(marked(highlightExcerpt(text, ["die Maus"], { language: "deu" }))).toEqual(["Maus"]);
    expect(marked(highlightExcerpt(text, ["die Maus"]))).toEqual(["Die", "die", "Maus"]);
  });

  it("stems the text and the query's words in the text's language", () => {
    const text = "Der Vertrag gilt für alle Verträge mit dem Lieferanten.";
    expect(marked(highlightExcerpt(text, ["die Verträgen"], { language: "deu" }))).toEqual([
      "Vertrag",
      "Verträge",
    ]);
    // Read as English, the singular is another word.
    expect(marked(highlightExcerpt(text, ["die Verträgen"]))).toEqual([]);
  });

  it("returns a short text whole, without ellipses", () => {
    expect(highlightExcerpt("  Short\n\ntext.  ", ["text"])).toBe("Short <mark>text</mark>.");
  });

  it("leaves no markup but <mark> for hostile text and hostile terms", () => {
    const hostile =
      'Policy <script>alert(1)</script> then <img src=x onerror=alert(1)> and <a href="javascript:alert(1)">link</a> ' +
      "javascript:alert(1) & more";
    const termSets = [
      ["policy"],
      ["<script>", "alert"],
      ["<img src=x onerror=alert(1)>"],
      ["javascript:alert(1)"],
      [".*", "(", "[a-z]+", "\\", "$&", "policy|script", "</mark>"],
      [],
    ];
    for (const terms of termSets) {
      const html = highlightExcerpt(hostile, terms);
      expectOnlyMarkTags(html);
      expect(visibleText(html)).toBe(hostile);
    }
    expect(marked(highlightExcerpt(hostile, ["<script>"]))).toEqual(["script", "script"]);
    expect(marked(highlightExcerpt(hostile, ["$&", ".*"]))).toEqual([]);
  });

  it("keeps cut excerpts of hostile text safe", () => {
    const hostile = `${"<b>bold</b> ".repeat(40)}<script>alert("policy")</script>${" filler".repeat(60)}`;
    const html = highlightExcerpt(hostile, ["policy"], { maxChars: 60 });
    expectOnlyMarkTags(html);
    expect(marked(html)).toEqual(["policy"]);
  });
});
