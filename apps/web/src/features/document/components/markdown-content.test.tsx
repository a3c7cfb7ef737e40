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
