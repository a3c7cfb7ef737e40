import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockFetch } from "@/test/fetch-mock";
import { renderWithApp } from "@/test/render";
import { AskDocumentPanel } from "./ask-document";

const answer = {
  answer: "Paternity and partner leave is 4 weeks on full pay [1].",
  confidence: 0.75,
  relevantDocuments: ["Leave Policy"],
  citations: [
    {
      n: 1,
      documentId: "d9",
      title: "Leave Policy",
      passageId: "p3",
      heading: "Family leave",
      quote: "",
      ordinal: 4,
    },
  ],
  source: "local",
};

describe("AskDocumentPanel", () => {
  it("asks about this document only and shows the cited answer", async () => {
    const spy = mockFetch({ "POST /api/ai/ask": { body: answer } });
    renderWithApp(<AskDocumentPanel documentId="d9" />);
    const button = screen.getByTestId("button-ask-document") as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText("Question about this document"), {
      target: { value: "  How long is partner leave? " },
    });
    fireEvent.click(button);
    expect((await screen.findByTestId("text-ai-answer")).textContent).toContain("4 weeks on full pay [1]");
    expect(screen.getByTestId("link-citation-1").getAttribute("href")).toBe("/document/d9#passage-4");
    const call = spy.mock.calls.find(([url]) => url === "/api/ai/ask");
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      question: "How long is partner leave?",
      documentId: "d9",
    });
  });

  it("says so when the question cannot be answered", async () => {
    mockFetch({
      "POST /api/ai/ask": { status: 429, body: { message: "Too many questions: wait a minute." } },
    });
    renderWithApp(<AskDocumentPanel documentId="d9" />);
    fireEvent.change(screen.getByLabelText("Question about this document"), {
      target: { value: "Who approves?" },
    });
    fireEvent.click(screen.getByTestId("button-ask-document"));
    expect((await screen.findByTestId("text-ask-document-error")).textContent).toMatch(/Too many questions/);
  });
});
