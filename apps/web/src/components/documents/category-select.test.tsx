import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockFetch } from "@/test/fetch-mock";
import { renderWithApp } from "@/test/render";
import { CategorySelect } from "./category-select";

describe("CategorySelect", () => {
  it("says why it is empty when the categories cannot be loaded", async () => {
    mockFetch({ "GET /api/categories": { status: 500, body: { message: "Database unavailable" } } });
    renderWithApp(<CategorySelect id="c" testId="select-category" value="" onChange={() => undefined} />);
    expect((await screen.findByRole("alert")).textContent).toContain("Database unavailable");
    expect(screen.getByTestId("select-category").hasAttribute("disabled")).toBe(true);
  });
});
