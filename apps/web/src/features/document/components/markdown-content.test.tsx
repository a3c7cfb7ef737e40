import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { MarkdownContent } from "./markdown-content";

describe("MarkdownContent", () => {
  it("shows HTML in a document as text and runs none of it", () => {
    const { container } = render(
      <MarkdownContent
        content={'# Title\n\nBefore <img src=x onerror="alert(1)"> after\n\n<script>alert(2)</script>'}
      />,
    );
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector("script")).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror="alert(1)">');
    expect(container.textContent).toContain("<script>alert(2)</script>");
  });

  it("shows a script element split over lines, or never closed, as text with every later word", () => {
    // As Debian's javascript-common README quotes one: indented (a code block), then not (an HTML
    // block), then a style element that never closes (an HTML block to the end of the text).
    const tag =
      '<script language="javascript" type="text/javascript"\nsrc="/javascript/package/lib.js"></script>';
    const { container } = render(
      <MarkdownContent
        content={`Header lines:\n\n\t${tag.replace("\n", "\n\t")}\n\n${tag}\n\nSigned quirebenchbbbb\n\n<style>\n\nLast quirebenchbbbc`}
      />,
    );
    expect(container.querySelector("script, style")).toBeNull();
    expect(container.querySelector("pre")?.textContent).toContain(
      'src="/javascript/package/lib.js"></script>',
    );
    expect(container.textContent).toContain(tag);
    expect(container.textContent).toContain("Signed quirebenchbbbb");
    expect(container.textContent).toContain("Last quirebenchbbbc");
  });

  it("renders GFM tables and drops javascript: links", () => {
    const { container } = render(
      <MarkdownContent content={"| a | b |\n|---|---|\n| 1 | 2 |\n\n[x](javascript:alert(1))"} />,
    );
    expect(container.querySelector("table")).not.toBeNull();
    expect(container.querySelector("a")?.getAttribute("href") ?? "").not.toMatch(/javascript/i);
  });

  it("moves headings one level down so the page title stays the only h1", () => {
    const { container } = render(<MarkdownContent content={"# One\n\n## Two"} />);
    expect(container.querySelector("h1")).toBeNull();
    expect(container.querySelector("h2")?.textContent).toBe("One");
    expect(container.querySelector("h3")?.textContent).toBe("Two");
  });
});
