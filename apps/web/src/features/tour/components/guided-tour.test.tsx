import { fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { sessionUser } from "@/test/fixtures";
import { mockFetch } from "@/test/fetch-mock";
import { renderWithApp } from "@/test/render";
import { TOUR_STORAGE_KEY } from "../lib/tour-steps";
import { GuidedTour } from "./guided-tour";

beforeAll(() => {
  Element.prototype.scrollIntoView ??= () => {};
});

const titles = [
  "Welcome to Quire",
  "Smart Navigation",
  "Quick Actions",
  "AI Assistant",
  "Categories",
  "Smart Search",
  "Approval Workflows",
  "Document Conversion",
];

describe("GuidedTour", () => {
  it("walks a Viewer through the seed's eight steps in order and remembers that it was completed", async () => {
    mockFetch({
      "GET /api/auth/user": { body: sessionUser({ id: "u5", username: "viewer", role: "Viewer" }) },
    });
    renderWithApp(<GuidedTour />, { path: "/home?tour=true" });
    // The tour starts a second after the page loads.
    await screen.findByTestId("tour-card");
    const seen: string[] = [];
    for (const [i, title] of titles.entries()) {
      await waitFor(() => expect(screen.getByTestId("tour-title").textContent).toBe(title));
      expect(screen.getByTestId("tour-step-count").textContent).toBe(`Step ${i + 1} of 8`);
      seen.push(title);
      const next = screen.getByTestId("button-tour-next");
      expect(next.textContent).toBe(i === titles.length - 1 ? "Complete" : "Next");
      fireEvent.click(next);
    }
    expect(seen).toEqual(titles);
    await waitFor(() => expect(screen.queryByTestId("tour-card")).toBeNull());
    expect(localStorage.getItem(TOUR_STORAGE_KEY)).toBe("true");
  });

  it("goes back with Previous, and Skip closes it without marking it completed", async () => {
    mockFetch({
      "GET /api/auth/user": { body: sessionUser({ id: "u2", username: "author", role: "Author" }) },
    });
    renderWithApp(<GuidedTour />, { path: "/home?tour=true" });
    await screen.findByTestId("tour-card");
    expect((screen.getByTestId("button-tour-previous") as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId("button-tour-next"));
    await waitFor(() => expect(screen.getByTestId("tour-title").textContent).toBe("Smart Navigation"));
    fireEvent.click(screen.getByTestId("button-tour-previous"));
    expect(screen.getByTestId("tour-title").textContent).toBe("Welcome to Quire");
    fireEvent.click(screen.getByTestId("button-tour-skip"));
    expect(screen.queryByTestId("tour-card")).toBeNull();
    expect(localStorage.getItem(TOUR_STORAGE_KEY)).toBe("false");
  });
});
