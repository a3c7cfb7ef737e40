import { fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { document, sessionUser } from "@/test/fixtures";
import { mockFetch } from "@/test/fetch-mock";
import { renderWithApp } from "@/test/render";
import { DocumentsPage } from "../documents-page";

const desktopWidth = window.innerWidth;
afterEach(() => {
  window.innerWidth = desktopWidth;
});

function archive() {
  mockFetch({
    "GET /api/auth/user": { body: sessionUser({ id: "5", username: "viewer", role: "Viewer" }) },
    "GET /api/categories": { body: [] },
    "GET /api/auth/views": { body: [] },
    "GET /api/documents": { body: [document({ id: "d1", title: "Travel Policy" })] },
  });
}

describe("All Documents' further filters on a phone", () => {
  it("fold behind 'More filters', so the first document is in view at 390 px", async () => {
    window.innerWidth = 390;
    archive();
    renderWithApp(<DocumentsPage />, { path: "/documents" });
    expect(await screen.findByText("Travel Policy")).toBeTruthy();
    expect(screen.queryByTestId("input-filter-tag")).toBeNull();
    expect(screen.queryByTestId("saved-views")).toBeNull();
    fireEvent.click(screen.getByTestId("button-toggle-filters"));
    expect(screen.getByTestId("input-filter-tag")).toBeTruthy();
    expect(screen.getByTestId("saved-views")).toBeTruthy();
    expect(screen.getByTestId("button-toggle-filters").textContent).toContain("Hide filters");
  });

  it("start open, counted, when one of them filters the list", async () => {
    window.innerWidth = 390;
    archive();
    renderWithApp(<DocumentsPage />, { path: "/documents?tag=travel&owner=author" });
    expect(await screen.findByText("Travel Policy")).toBeTruthy();
    expect((screen.getByTestId("input-filter-tag") as HTMLInputElement).value).toBe("travel");
    expect(screen.getByTestId("button-toggle-filters").textContent).toContain("(2)");
  });

  it("stay open with no toggle on a wide screen", async () => {
    window.innerWidth = 1280;
    archive();
    renderWithApp(<DocumentsPage />, { path: "/documents" });
    expect(await screen.findByText("Travel Policy")).toBeTruthy();
    expect(screen.getByTestId("input-filter-tag")).toBeTruthy();
    expect(screen.queryByTestId("button-toggle-filters")).toBeNull();
  });
});
