import { fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { mockFetch } from "@/test/fetch-mock";
import { renderWithApp } from "@/test/render";
import { AiAssistant } from "./ai-assistant";

beforeAll(() => {
  // A question from the address scrolls the card into view; jsdom does not scroll.
  Element.prototype.scrollIntoView ??= () => {};
});

describe("AiAssistant", () => {
  it("keeps Ask disabled for blank text and shows an answer with its citation link and badge", async () => {
    const spy = mockFetch({
      "POST /api/ai/ask": {
        body: {
          answer: "Passwords rotate every 90 days [1].",
          confidence: 0.72,
          relevantDocuments: ["Security Policy"],
          citations: [
            { n: 1, documentId: "d1", title: "Security Policy", passageId: "p1", heading: null, quote: "…" },
          ],
          source: "local",
        },
      },
    });
    renderWithApp(<AiAssistant />, { path: "/dashboard" });
    const ask = screen.getByTestId("button-ask-ai") as HTMLButtonElement;
    expect(ask.disabled).toBe(true);
    fireEvent.change(screen.getByTestId("input-ai-question"), { target: { value: "   " } });
    expect(ask.disabled).toBe(true);

    fireEvent.click(screen.getByTestId("button-quick-question-0"));
    const link = await screen.findByTestId("link-citation-1");
    expect(link.getAttribute("href")).toBe("/document/d1");
    expect(screen.getByTestId("badge-ai-confidence").textContent).toBe("High confidence");
    expect(screen.getByTestId("badge-ai-confidence").className).not.toContain("bg-secondary");
    const body = JSON.parse(String(spy.mock.calls[0]?.[1]?.body)) as { question: string };
    expect(body.question).toBe("What are our security policies?");
  });

  it("shows a declined answer's closest passage as a link to it, apart from numbered sources", async () => {
    mockFetch({
      "POST /api/ai/ask": {
        body: {
          answer: "I could not find an answer to that in the archive.",
          confidence: 0.12,
          relevantDocuments: [],
          citations: [],
          closest: {
            n: 1,
            documentId: "d7",
            title: "Travel Policy",
            passageId: "p9",
            heading: "Parking",
            quote: "Staff park in the west car park.",
            ordinal: 4,
          },
          source: "local",
        },
      },
    });
    renderWithApp(<AiAssistant />, { path: "/dashboard" });
    fireEvent.click(screen.getByTestId("button-quick-question-0"));
    const link = await screen.findByTestId("link-closest-passage");
    expect(link.getAttribute("href")).toBe("/document/d7#passage-4");
    expect(link.textContent).toBe("Travel Policy — Parking");
    const closest = screen.getByTestId("ai-answer-closest");
    expect(closest.textContent).toContain("Closest passage (not an answer)");
    expect(closest.textContent).toContain("Staff park in the west car park.");
    expect(screen.queryByTestId("link-citation-1")).toBeNull();
    expect(screen.getByTestId("badge-ai-confidence").textContent).toBe("Low confidence");
  });

  it("shows quoted table rows as a table with their header, and the rest as text", async () => {
    mockFetch({
      "POST /api/ai/ask": {
        body: {
          answer:
            "The archive does not mention Japan.\n\n| Leave type | Entitlement |\n| --- | --- |\n| Paternity leave | 4 weeks [1] |",
          confidence: 0.2,
          relevantDocuments: ["Leave Policy"],
          citations: [
            { n: 1, documentId: "d1", title: "Leave Policy", passageId: "p1", heading: null, quote: "…" },
          ],
          source: "local",
        },
      },
    });
    renderWithApp(<AiAssistant />, { path: "/dashboard" });
    fireEvent.click(screen.getByTestId("button-quick-question-0"));
    const answer = await screen.findByTestId("text-ai-answer");
    const headers = [...answer.querySelectorAll("th")].map((th) => th.textContent);
    expect(headers).toEqual(["Leave type", "Entitlement"]);
    const cells = [...answer.querySelectorAll("td")].map((td) => td.textContent);
    expect(cells).toEqual(["Paternity leave", "4 weeks [1]"]);
    expect(answer.textContent).not.toContain("|");
    expect(answer.querySelector("p")?.textContent).toBe("The archive does not mention Japan.");
  });

  it("shows the seed's inline error when asking fails", async () => {
    mockFetch({ "POST /api/ai/ask": { status: 500, body: { message: "boom" } } });
    renderWithApp(<AiAssistant />, { path: "/dashboard" });
    fireEvent.change(screen.getByTestId("input-ai-question"), {
      target: { value: "Where is the VPN guide?" },
    });
    fireEvent.click(screen.getByTestId("button-ask-ai"));
    await waitFor(() =>
      expect(screen.getByTestId("text-ai-error").textContent).toBe(
        "Sorry, I couldn't process your question right now. Please try again.",
      ),
    );
  });

  it("keeps a pressed quick question focusable while the answer is pending, and asks once", async () => {
    const spy = mockFetch({
      "POST /api/ai/ask": {
        body: { answer: "None.", confidence: 0.2, relevantDocuments: [], citations: [], source: "local" },
      },
    });
    renderWithApp(<AiAssistant />, { path: "/dashboard" });
    const preset = screen.getByTestId("button-quick-question-1") as HTMLButtonElement;
    preset.focus();
    fireEvent.click(preset);
    // A disabled button would drop the focus to the page's start.
    expect(preset.disabled).toBe(false);
    expect(preset.getAttribute("aria-disabled")).toBe("true");
    fireEvent.click(preset);
    await screen.findByTestId("ai-answer");
    expect(preset.getAttribute("aria-disabled")).toBeNull();
    expect(spy.mock.calls.filter(([url]) => url === "/api/ai/ask")).toHaveLength(1);
  });

  it("asks the question in the address once as the page opens, then drops it from the address", async () => {
    const spy = mockFetch({
      "POST /api/ai/ask": {
        body: { answer: "None.", confidence: 0.2, relevantDocuments: [], citations: [], source: "local" },
      },
    });
    const { location } = renderWithApp(<AiAssistant />, {
      path: "/dashboard?ask=Who%20approves%20invoices%3F",
    });
    await screen.findByTestId("ai-answer");
    expect((screen.getByTestId("input-ai-question") as HTMLInputElement).value).toBe(
      "Who approves invoices?",
    );
    const asks = spy.mock.calls.filter(([url]) => url === "/api/ai/ask");
    expect(asks).toHaveLength(1);
    expect(JSON.parse(String(asks[0]?.[1]?.body))).toEqual({ question: "Who approves invoices?" });
    await waitFor(() => expect(location.history.at(-1)).toBe("/dashboard"));
  });
});
