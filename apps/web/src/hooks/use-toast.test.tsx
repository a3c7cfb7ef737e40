import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "@/test/fetch-mock";
import { renderWithApp } from "@/test/render";
import { TOAST_REMOVE_DELAY, toast, useToast } from "./use-toast";

/** How many toasts the store still holds, open or closing. */
function StoredCount() {
  return <p data-testid="stored-toasts">{useToast().toasts.length}</p>;
}

afterEach(() => vi.useRealTimers());

describe("toasts (seed §9)", () => {
  it("shows one toast at a time: a new one replaces the one on screen", () => {
    mockFetch({});
    renderWithApp(<StoredCount />);
    act(() => {
      toast({ title: "Version saved", description: "Version 2 of Leave Policy was created." });
      toast({ title: "Access restricted" });
    });
    expect(screen.getByText("Access restricted")).toBeTruthy();
    expect(screen.queryByText("Version saved")).toBeNull();
    expect(screen.getByTestId("stored-toasts").textContent).toBe("1");
  });

  it("closes a toast dismissed with its close button, and forgets it only after the removal delay", () => {
    mockFetch({});
    renderWithApp(<StoredCount />);
    vi.useFakeTimers();
    act(() => void toast({ title: "Approval updated" }));
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByText("Approval updated")).toBeNull();
    // Closed but kept: the store still holds it until the delay has passed.
    expect(screen.getByTestId("stored-toasts").textContent).toBe("1");
    act(() => vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1));
    expect(screen.getByTestId("stored-toasts").textContent).toBe("1");
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId("stored-toasts").textContent).toBe("0");
  });
});
