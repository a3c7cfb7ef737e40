import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { HighlightedExcerpt } from "./highlighted-excerpt";

describe("HighlightedExcerpt", () => {
  it("renders <mark> highlights and shows every other tag as text", () => {
    const excerpt = '<script>alert(1)</script> the <mark>policy</mark> &lt;img src=x onerror="alert(2)"&gt;';
    const { container } = render(<HighlightedExcerpt excerpt={excerpt} />);
    const paragraph = container.querySelector('[data-testid="text-excerpt"]');
    expect(paragraph?.querySelectorAll("mark")).toHaveLength(1);
    expect(paragraph?.querySelector("mark")?.textContent).toBe("policy");
    expect(paragraph?.querySelector("script, img")).toBeNull();
    expect(paragraph?.textContent).toBe(
      '<script>alert(1)</script> the policy <img src=x onerror="alert(2)">',
    );
  });
});
