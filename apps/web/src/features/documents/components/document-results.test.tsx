import { fireEvent, screen, waitFor } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it, vi } from "vitest";
import { document, sessionUser } from "@/test/fixtures";
import { mockFetch, server } from "@/test/fetch-mock";
import { renderWithApp } from "@/test/render";
import { DocumentsPage } from "../documents-page";

/** 26 documents, 20 a page: page 2 holds 6 and every later page none, with the total in X-Total-Count. */
function archiveOf26() {
  mockFetch({
    "GET /api/auth/user": { body: sessionUser({ id: "5", username: "viewer", role: "Viewer" }) },
    "GET /api/categories": { body: [] },
  });
  const pagesAsked: number[] = [];
  server.use(
    http.get("*/api/documents", ({ request }) => {
      const page = Number(new URL(request.url).searchParams.get("page") ?? "1");
      pagesAsked.push(page);
      const count = page === 1 ? 20 : page === 2 ? 6 : 0;
      const items = Array.from({ length: count }, (_, i) =>
        document({ id: `d${page}-${i}`, title: `Document ${page}-${i}` }),
      );
      return HttpResponse.json(items, { headers: { "X-Total-Count": "26" } });
    }),
  );
  return pagesAsked;
}

describe("DocumentResults", () => {
  it("goes to the last page from a page past the end, instead of 'Get started by uploading'", async () => {
    const pagesAsked = archiveOf26();
    const { location } = renderWithApp(<DocumentsPage />, { path: "/documents?page=3" });
    expect(await screen.findByText("Document 2-0")).toBeTruthy();
    expect(screen.getByText("26 documents")).toBeTruthy();
    expect(screen.queryByText("Get started by uploading your first document.")).toBeNull();
    expect(pagesAsked).toEqual([3, 2]);
    // Corrected in place: Back leaves the list rather than bouncing off page 3 again.
    await waitFor(() => expect(location.history).toEqual(["/documents?page=2"]));
  });

  it("brings the new page's first document into view after Next, which sits below the last", async () => {
    archiveOf26();
    renderWithApp(<DocumentsPage />, { path: "/documents" });
    expect(await screen.findByText("Document 1-0")).toBeTruthy();
    // Scrolled down to Next: the list's top is above the screen.
    const above = vi
      .spyOn(HTMLElement.prototype, "getBoundingClientRect")
      .mockReturnValue({ top: -900 } as DOMRect);
    // jsdom has no scrollIntoView; the web tests share one environment, so spy on a stand-in and restore it.
    Element.prototype.scrollIntoView ??= () => {};
    const scrolled = vi.spyOn(Element.prototype, "scrollIntoView").mockImplementation(() => {});
    try {
      fireEvent.click(screen.getByRole("button", { name: /Next/ }));
      expect(await screen.findByText("Document 2-0")).toBeTruthy();
      expect(scrolled).toHaveBeenCalledWith({ block: "start" });
    } finally {
      above.mockRestore();
      scrolled.mockRestore();
    }
  });
});
