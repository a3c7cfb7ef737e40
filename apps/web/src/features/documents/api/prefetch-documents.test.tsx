import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { category, document, sessionUser } from "@/test/fixtures";
import { mockFetch } from "@/test/fetch-mock";
import { renderWithApp } from "@/test/render";
import { createQueryClient } from "@/lib/query-client";
import { DocumentsPage } from "../documents-page";
import { prefetchDocumentsPage } from "./prefetch-documents";

describe("asking for All Documents' first page before its code arrives", () => {
  it("is the request the page makes: the page shows its answer without asking again", async () => {
    const spy = mockFetch({
      "GET /api/auth/user": { body: sessionUser({ id: "2", username: "author", role: "Author" }) },
      "GET /api/categories": { body: [category()] },
      "GET /api/documents": {
        body: [document({ id: "d7", title: "Audit plan", status: "Draft" })],
        headers: { "X-Total-Count": "21" },
      },
    });
    const listRequests = () =>
      spy.mock.calls.map(([url]) => url).filter((url) => url.startsWith("/api/documents?"));
    const client = createQueryClient();
    const search = "?status=Draft&tag=audit&updatedFrom=2026-01-01&sort=title&page=2";

    await prefetchDocumentsPage(client, search);
    expect(listRequests()).toEqual([
      "/api/documents?status=Draft&tag=audit&updatedFrom=2026-01-01&sort=title&page=2&pageSize=20",
    ]);

    renderWithApp(<DocumentsPage />, { path: `/documents${search}`, client });
    expect(await screen.findByText("Audit plan")).toBeTruthy();
    expect(screen.getByText("21 documents")).toBeTruthy();
    expect(listRequests()).toHaveLength(1);
  });
});
