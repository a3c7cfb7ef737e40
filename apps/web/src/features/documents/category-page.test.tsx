import { screen } from "@testing-library/react";
import { Route } from "wouter";
import { describe, expect, it } from "vitest";
import { paths } from "@/config/paths";
import { category, document, sessionUser } from "@/test/fixtures";
import { mockFetch } from "@/test/fetch-mock";
import { renderWithApp } from "@/test/render";
import { CategoryPage } from "./category-page";

function renderAt(path: string) {
  mockFetch({
    "GET /api/auth/user": { body: sessionUser({ id: "2", username: "author", role: "Author" }) },
    "GET /api/categories": { body: [category({ id: "c1", name: "Engineering" })] },
    "GET /api/documents": { body: path.endsWith("/c1") ? [document({ categoryId: "c1" })] : [] },
  });
  return renderWithApp(
    <Route path={paths.category.path}>
      <CategoryPage />
    </Route>,
    { path },
  );
}

describe("CategoryPage", () => {
  it("names the category and counts its documents", async () => {
    renderAt("/category/c1");
    expect(await screen.findByRole("heading", { name: "Engineering Documents" })).toBeTruthy();
    expect((await screen.findByTestId("text-category-count")).textContent).toBe("1 document found");
  });

  it("says a category that does not exist was not found, instead of an empty category to upload into", async () => {
    renderAt("/category/no-such-category");
    expect(await screen.findByRole("heading", { name: "Category Not Found" })).toBeTruthy();
    expect(screen.queryByText("No documents found in this category yet.")).toBeNull();
    expect(screen.queryByTestId("text-category-count")).toBeNull();
    expect(screen.getByTestId("link-back-documents").getAttribute("href")).toBe("/documents");
  });
});
