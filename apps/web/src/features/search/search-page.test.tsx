import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { category as fixtureCategory, document as fixtureDocument, settings } from "@/test/fixtures";
import { mockFetch } from "@/test/fetch-mock";
import { renderWithApp } from "@/test/render";
import { SearchPage } from "./search-page";

const category = fixtureCategory({ name: "Human Resources", icon: "fas fa-users", color: "green" });
/** The shared document fixture as a reader sees an approved policy: nothing to change. */
const document = fixtureDocument({
  title: "Remote Work Policy",
  status: "Approved",
  category,
  tags: ["remote-work"],
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-02T00:00:00.000Z",
  versionCount: 2,
  currentVersionNumber: 2,
  originalFilename: "remote.md",
  abilities: {
    update: false,
    createVersion: false,
    submitForReview: false,
    archive: false,
    share: false,
    control: false,
  },
});

function routes() {
  return mockFetch({
    "GET /api/categories": { body: [category] },
    "GET /api/search/suggestions": { body: ["leave", "expenses"] },
    "GET /api/search": {
      body: [{ document, relevanceScore: 0.69, highlightedExcerpt: "<mark>Remote</mark> staff" }],
    },
  });
}

const searchCalls = (spy: ReturnType<typeof mockFetch>) =>
  spy.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith("/api/search?"));

describe("SearchPage", () => {
  it("searches only on submit and shows the results", async () => {
    const spy = routes();
    renderWithApp(<SearchPage />, { path: "/search" });
    const box = screen.getByPlaceholderText("Search documents, content, and metadata...");
    const button = screen.getByRole("button", { name: "Search" });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(box, { target: { value: "  remote work " } });
    expect(searchCalls(spy)).toEqual([]);
    expect(screen.getByText("Start Your Search")).toBeTruthy();

    fireEvent.click(button);
    await screen.findByText("Search Results (1 found)");
    expect(searchCalls(spy)).toEqual(["/api/search?q=remote+work"]);
    expect(screen.getByRole("img", { name: "Relevance 3 of 5 (69%)" })).toBeTruthy();
    expect(screen.getByText("Remote").tagName).toBe("MARK");
    expect(screen.getByRole("link", { name: "View Summary" }).getAttribute("href")).toBe(
      "/document/d1?expand=summary",
    );
  });

  it("runs a popular search at once", async () => {
    const spy = routes();
    renderWithApp(<SearchPage />, { path: "/search" });
    fireEvent.click(await screen.findByRole("button", { name: "expenses" }));
    await screen.findByText("Search Results (1 found)");
    expect(searchCalls(spy)).toEqual(["/api/search?q=expenses"]);
    expect(
      (screen.getByPlaceholderText("Search documents, content, and metadata...") as HTMLInputElement).value,
    ).toBe("expenses");
  });

  it("shows 'No Results Found' with tips when nothing matches", async () => {
    mockFetch({
      "GET /api/categories": { body: [] },
      "GET /api/search/suggestions": { body: [] },
      "GET /api/search": { body: [] },
    });
    renderWithApp(<SearchPage />, { path: "/search" });
    fireEvent.change(screen.getByPlaceholderText("Search documents, content, and metadata..."), {
      target: { value: "zzz" },
    });
    fireEvent.submit(screen.getByRole("search"));
    await screen.findByText("No Results Found");
    await waitFor(() => expect(screen.getByRole("button", { name: "Search" })).toBeTruthy());
  });

  it("'Also search by meaning' asks for hybrid ranking", async () => {
    const spy = routes();
    renderWithApp(<SearchPage />, { path: "/search" });
    fireEvent.change(screen.getByPlaceholderText("Search documents, content, and metadata..."), {
      target: { value: "remote" },
    });
    fireEvent.click(screen.getByLabelText("Also search by meaning"));
    fireEvent.submit(screen.getByRole("search"));
    await screen.findByText("Search Results (1 found)");
    expect(searchCalls(spy)).toEqual(["/api/search?q=remote&mode=hybrid"]);
  });

  it("hides 'Also search by meaning' and 'View Summary' when those features are off", async () => {
    const spy = mockFetch({
      "GET /api/settings": {
        body: settings({ aiSummaries: false, semanticSearch: false }),
      },
      "GET /api/categories": { body: [category] },
      "GET /api/search/suggestions": { body: [] },
      "GET /api/search": { body: [{ document, relevanceScore: 0.69, highlightedExcerpt: "Remote" }] },
    });
    renderWithApp(<SearchPage />, { path: "/search" });
    await waitFor(() => expect(screen.queryByLabelText("Also search by meaning")).toBeNull());
    fireEvent.change(screen.getByPlaceholderText("Search documents, content, and metadata..."), {
      target: { value: "remote" },
    });
    fireEvent.submit(screen.getByRole("search"));
    await screen.findByText("Search Results (1 found)");
    expect(screen.queryByRole("link", { name: "View Summary" })).toBeNull();
    expect(searchCalls(spy)).toEqual(["/api/search?q=remote"]);
  });

  it("answers a question above the results, citing its source, and asks nothing for a plain search", async () => {
    const answer = {
      answer: "Remote staff work from home two days a week [1].",
      confidence: 0.8,
      relevantDocuments: ["Remote Work Policy"],
      citations: [
        {
          n: 1,
          documentId: "d1",
          title: "Remote Work Policy",
          passageId: "p1",
          heading: "Scope",
          quote: "",
          ordinal: 2,
        },
      ],
      source: "local",
    };
    const spy = mockFetch({
      "GET /api/categories": { body: [category] },
      "GET /api/search/suggestions": { body: [] },
      "GET /api/search": { body: [{ document, relevanceScore: 0.69, highlightedExcerpt: "Remote" }] },
      "POST /api/ai/ask": { body: answer },
    });
    renderWithApp(<SearchPage />, { path: "/search" });
    const box = screen.getByPlaceholderText("Search documents, content, and metadata...");
    fireEvent.change(box, { target: { value: "remote" } });
    fireEvent.submit(screen.getByRole("search"));
    await screen.findByText("Search Results (1 found)");
    expect(screen.queryByTestId("search-answer")).toBeNull();

    fireEvent.change(box, { target: { value: "How many days can I work remotely?" } });
    fireEvent.submit(screen.getByRole("search"));
    const region = await screen.findByTestId("search-answer");
    await waitFor(() => expect(region.textContent).toContain("two days a week [1]"));
    expect(screen.getByTestId("link-citation-1").getAttribute("href")).toBe("/document/d1#passage-2");
    const asks = spy.mock.calls.filter(([url]) => url === "/api/ai/ask");
    expect(asks).toHaveLength(1);
    expect(JSON.parse(String(asks[0]?.[1]?.body))).toEqual({
      question: "How many days can I work remotely?",
    });
    // The answer comes first, then the results.
    const results = await screen.findByText("Search Results (1 found)");
    expect(region.compareDocumentPosition(results) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
