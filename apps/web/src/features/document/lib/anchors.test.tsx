import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { paths } from "@/config/paths";
import { MarkdownContent } from "../components/markdown-content";
import { documentOutline, passageFromHash, passageLines, slugify } from "./anchors";

const words = (n: number, word: string) => Array.from({ length: n }, (_, i) => `${word}${i}`).join(" ");
const markdown = [
  "# Handbook",
  "",
  "## Scope & Purpose",
  "",
  words(120, "alpha"),
  "",
  words(120, "beta"),
  "",
  "## Scope & Purpose",
  "",
  "- first item",
  "- second item",
  "",
  "| a | b |",
  "|---|---|",
  "| 1 | 2 |",
].join("\n");

describe("anchors", () => {
  it("slugs headings and numbers repeated ones", () => {
    expect(slugify("2.1 Scope & Purpose")).toBe("2-1-scope-purpose");
    expect(slugify("Café Übersicht")).toBe("cafe-ubersicht");
    expect(documentOutline(markdown).map((e) => [e.id, e.line])).toEqual([
      ["section-handbook", 1],
      ["section-scope-purpose", 3],
      ["section-scope-purpose-2", 9],
    ]);
  });

  it("reads the passage a link names, as the paths build it", () => {
    const href = paths.document.getHref("d1", { passage: 4 });
    expect(href).toBe("/document/d1#passage-4");
    expect(passageFromHash(new URL(href, "http://x").hash)).toBe(4);
    expect(passageFromHash("#section-scope")).toBeNull();
    expect(passageFromHash("#passage-x")).toBeNull();
  });

  it("renders heading ids, passage anchors and the highlighted passage", () => {
    const outline = documentOutline(markdown);
    const passages = passageLines(markdown);
    expect(passages.length).toBeGreaterThanOrEqual(3);
    const { container } = render(
      <MarkdownContent
        content={markdown}
        anchors={{ headingIds: new Map(outline.map((e) => [e.line, e.id])), passages, highlight: 1 }}
      />,
    );
    expect(container.querySelector("h3#section-scope-purpose-2")?.textContent).toBe("Scope & Purpose");
    // The second passage begins with the "beta" paragraph, which alone is highlighted.
    const second = container.querySelector("#passage-1");
    expect(second?.textContent).toMatch(/^beta0 /);
    const highlighted = [...container.querySelectorAll("[data-highlighted]")];
    expect(highlighted.map((e) => e.textContent?.slice(0, 5))).toEqual(["beta0"]);
    expect(container.querySelector("#passage-0")?.textContent).toMatch(/^alpha0 /);
    // List items and table rows carry their passage too.
    expect(container.querySelector("li")?.getAttribute("data-passage")).toBe("2");
    expect(container.querySelector("tbody tr")?.getAttribute("data-passage")).toBe("2");
  });
});
