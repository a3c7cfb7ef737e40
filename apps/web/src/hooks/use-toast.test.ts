import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { TOAST_LIMIT, TOAST_REMOVE_DELAY, useToast } from "./use-toast";

describe("toasts (seed §9)", () => {
  it("keeps one toast at a time, the newest", () => {
    const { result } = renderHook(() => useToast());
    act(() => {
      result.current.toast({ title: "First" });
      result.current.toast({ title: "Second" });
    });
    expect(TOAST_LIMIT).toBe(1);
    expect(result.current.toasts).toHaveLength(1);
    expect(result.current.toasts[0]?.title).toBe("Second");
  });

  it("closes a dismissed toast and keeps it for the removal delay", () => {
    const { result } = renderHook(() => useToast());
    let id = "";
    act(() => {
      id = result.current.toast({ title: "Saved" }).id;
    });
    act(() => result.current.dismiss(id));
    expect(result.current.toasts[0]?.open).toBe(false);
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
  });
});
