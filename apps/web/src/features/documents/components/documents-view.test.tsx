import { fireEvent, screen, within } from "@testing-library/react";
import { Route } from "wouter";
import { describe, expect, it } from "vitest";
import { paths } from "@/config/paths";
import { category, document, sessionUser } from "@/test/fixtures";
import { mockFetch } from "@/test/fetch-mock";
import { renderWithApp } from "@/test/render";
import { DocumentsPage } from "../documents-page";
import { CategoryPage } from "../category-page";
import { DOCUMENTS_VIEW_KEY } from "../hooks/use-documents-view";

const drawn = document({
  id: "d1",
  title: "Travel Policy",
  thumbnailUrl: "/api/documents/d1/versions/2/thumbnail",
});
const notDrawn = document({ id: "d2", title: "Expense Rules", thumbnailUrl: null });

function archive() {
  mockFetch({
    "GET /api/auth/user": { body: sessionUser({ id: "5", username: "viewer", role: "Viewer" }) },
    "GET /api/categories": { body: [category()] },
    "GET /api/documents": { body: [drawn, notDrawn], headers: { "X-Total-Count": "2" } },
  });
}

const toggle = (name: "List view" | "Grid view") => screen.getByRole("button", { name });

describe("the documents' list and grid views", () => {
  it("starts as a list and, in the grid, shows each document's first page or a plain page", async () => {
    archive();
    renderWithApp(<DocumentsPage />, { path: "/documents" });
    expect(await screen.findByText("Travel Policy")).toBeTruthy();
    expect(screen.getByTestId("documents-list").dataset.view).toBe("list");
    expect(toggle("List view").getAttribute("aria-pressed")).toBe("true");
    expect(screen.queryByRole("img", { name: /First page/ })).toBeNull();

    fireEvent.click(toggle("Grid view"));
    expect(screen.getByTestId("documents-list").dataset.view).toBe("grid");
    expect(toggle("Grid view").getAttribute("aria-pressed")).toBe("true");
    expect(toggle("List view").getAttribute("aria-pressed")).toBe("false");
    const image = screen.getByRole("img", { name: "First page of Travel Policy" });
    expect(image.getAttribute("src")).toBe("/api/documents/d1/versions/2/thumbnail");
    expect(image.getAttribute("loading")).toBe("lazy");
    // No thumbnail: no request for one, a placeholder of the same page-shaped box.
    const placeholder = screen.getByTestId("thumbnail-d2");
    expect(placeholder.dataset.thumbnail).toBe("placeholder");
    expect(within(placeholder).queryByRole("img")).toBeNull();
    expect(placeholder.className).toContain("aspect-[3/4]");
    // The title opens the document, in the grid as in the list.
    expect(screen.getByRole("link", { name: "Expense Rules" }).getAttribute("href")).toBe("/document/d2");
  });

  it("shows the placeholder when a thumbnail fails to load", async () => {
    localStorage.setItem(DOCUMENTS_VIEW_KEY, "grid");
    archive();
    renderWithApp(<DocumentsPage />, { path: "/documents" });
    const image = await screen.findByRole("img", { name: "First page of Travel Policy" });
    fireEvent.error(image);
    expect(screen.getByTestId("thumbnail-d1").dataset.thumbnail).toBe("placeholder");
  });

  it("is remembered by this browser, for All Documents and the category pages alike", async () => {
    archive();
    const first = renderWithApp(<DocumentsPage />, { path: "/documents" });
    await screen.findByText("Travel Policy");
    fireEvent.click(toggle("Grid view"));
    expect(localStorage.getItem(DOCUMENTS_VIEW_KEY)).toBe("grid");
    first.unmount();

    renderWithApp(
      <Route path={paths.category.path}>
        <CategoryPage />
      </Route>,
      { path: `/category/${category().id}` },
    );
    await screen.findByText("Travel Policy");
    expect(screen.getByTestId("documents-list").dataset.view).toBe("grid");
    fireEvent.click(toggle("List view"));
    expect(screen.getByTestId("documents-list").dataset.view).toBe("list");
    expect(localStorage.getItem(DOCUMENTS_VIEW_KEY)).toBe("list");
  });
});
