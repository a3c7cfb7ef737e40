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
    const sent = mockFetch({
      "GET /api/auth/user": { body: sessionUser({ id: "u5", username: "viewer", role: "Viewer" }) },
      "GET /api/auth/tour": { body: { completed: false } },
      "PUT /api/auth/tour": (init) => ({ body: JSON.parse(init?.body ?? "{}") }),
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
    // The server keeps it too, for the user's other devices.
    await waitFor(() =>
      expect(sent).toHaveBeenCalledWith(
        "/api/auth/tour",
        expect.objectContaining({ method: "PUT", body: '{"completed":true}' }),
      ),
    );
  });

  it("does not start on a new device for a user who finished it elsewhere", async () => {
    mockFetch({
      "GET /api/auth/user": { body: sessionUser({ id: "u2", username: "author", role: "Author" }) },
      "GET /api/auth/tour": { body: { completed: true } },
    });
    renderWithApp(<GuidedTour />, { path: "/home" });
    await waitFor(() => expect(localStorage.getItem(TOUR_STORAGE_KEY)).toBe("true"));
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(screen.queryByTestId("tour-card")).toBeNull();
  });

  it("starts by itself on a first visit to Home when the user never finished it", async () => {
    mockFetch({
      "GET /api/auth/user": { body: sessionUser({ id: "u3", username: "reviewer", role: "Reviewer" }) },
      "GET /api/auth/tour": { body: { completed: false } },
    });
    renderWithApp(<GuidedTour />, { path: "/home" });
    expect(await screen.findByTestId("tour-card", {}, { timeout: 3000 })).toBeTruthy();
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
