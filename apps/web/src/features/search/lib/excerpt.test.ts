import { describe, expect, it } from "vitest";
import { decodeEntities, parseExcerpt } from "./excerpt";

describe("parseExcerpt", () => {
  it("splits text and mark parts", () => {
    expect(parseExcerpt("The <mark>remote</mark> work <mark>policy</mark>.")).toEqual([
      { kind: "text", text: "The " },
      { kind: "mark", text: "remote" },
      { kind: "text", text: " work " },
      { kind: "mark", text: "policy" },
      { kind: "text", text: "." },
    ]);
  });

  it("keeps any other markup as literal text", () => {
    expect(parseExcerpt('<script>alert(1)</script> <mark>x</mark> <img src=x onerror="alert(2)">')).toEqual([
      { kind: "text", text: "<script>alert(1)</script> " },
      { kind: "mark", text: "x" },
      { kind: "text", text: ' <img src=x onerror="alert(2)">' },
    ]);
  });

  it("decodes escaped markup into text, never into tags", () => {
    expect(parseExcerpt("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; <mark>AT&amp;T</mark>")).toEqual([
      { kind: "text", text: '<script>alert("x")</script> ' },
      { kind: "mark", text: "AT&T" },
    ]);
    // An escaped mark tag is text too: only real <mark> tags highlight.
    expect(parseExcerpt("&lt;mark&gt;no&lt;/mark&gt;")).toEqual([{ kind: "text", text: "<mark>no</mark>" }]);
  });

  it("tolerates unbalanced and upper-case tags", () => {
    expect(parseExcerpt("a</mark> <MARK>b")).toEqual([
      { kind: "text", text: "a " },
      { kind: "mark", text: "b" },
    ]);
    expect(parseExcerpt("<mark><mark>c</mark></mark>d")).toEqual([
      { kind: "mark", text: "c" },
      { kind: "text", text: "d" },
    ]);
  });

  it("answers nothing for an empty excerpt", () => {
    expect(parseExcerpt("")).toEqual([]);
  });
});

describe("decodeEntities", () => {
  it("decodes named and numeric entities and leaves unknown ones", () => {
    expect(decodeEntities("&#39;&#x27;&apos;&nbsp;&copy;&#0;")).toBe("'''\u00a0&copy;&#0;");
  });
});
