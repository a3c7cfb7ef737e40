import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api-client";
import { renderWithApp } from "@/test/render";
import { DocumentLoadError } from "./document-states";

describe("DocumentLoadError", () => {
  it("gives a failed read a heading, the reason, Try Again and a way back", () => {
    const retry = vi.fn();
    renderWithApp(
      <DocumentLoadError
        error={new ApiError(500, JSON.stringify({ message: "Database unavailable" }), "")}
        onRetry={retry}
      />,
    );
    expect(screen.getByRole("heading", { name: "Could Not Load Document" })).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toContain("Database unavailable");
    expect(screen.getByTestId("link-back-to-documents").getAttribute("href")).toBe("/documents");
    fireEvent.click(screen.getByRole("button", { name: "Try Again" }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it("keeps the seed's not-found page for a 404", () => {
    renderWithApp(<DocumentLoadError error={new ApiError(404, "", "Not Found")} />);
    expect(screen.getByRole("heading", { name: "Document Not Found" })).toBeTruthy();
  });
});
