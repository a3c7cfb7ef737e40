import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { applyLanguage } from "@/lib/i18n";
import { useTourAutoStart, useTourState, wantsTour } from "../hooks/use-tour";
import { placeCard, spotlightRect } from "./tour-layout";
import {
  TOUR_STEP_COUNT,
  TOUR_STORAGE_KEY,
  tourProgress,
  tourStepsFor,
  type TourAbilities,
} from "./tour-steps";

/** What the server's policy grants each role, with approval workflows and semantic search on. */
const can = (granted: Partial<TourAbilities> = {}): TourAbilities => ({
  uploadDocuments: false,
  reviewDocuments: false,
  approvalWorkflows: true,
  semanticSearch: true,
  ...granted,
});
const byRole = {
  Admin: can({ uploadDocuments: true, reviewDocuments: true }),
  Author: can({ uploadDocuments: true }),
  Reviewer: can({ reviewDocuments: true }),
  Approver: can({ reviewDocuments: true }),
  Viewer: can(),
};
const tourSteps = tourStepsFor(byRole.Author);

describe("tour steps", () => {
  it("gives every role the same steps in the same order, whatever it may do", () => {
    for (const abilities of Object.values(byRole)) {
      expect(tourStepsFor(abilities).map((s) => s.id)).toEqual(tourSteps.map((s) => s.id));
    }
  });
  it("tells only those who may upload to upload, and points them at the upload buttons", () => {
    for (const [role, abilities] of Object.entries(byRole)) {
      const steps = tourStepsFor(abilities);
      const text = steps.map((s) => s.description).join(" ");
      const targets = steps.flatMap((s) => s.target).join(" ");
      if (abilities.uploadDocuments) {
        // The text Admins and Authors have always had.
        expect(steps[2]?.description, role).toBe(
          "Upload a document or search the archive straight from here.",
        );
      } else {
        expect(text, role).not.toMatch(/upload/i);
        expect(targets, role).not.toMatch(/upload/);
        expect(steps[2]?.description, role).toBe("Search the archive straight from here.");
      }
    }
  });
  it("offers routing for review to those who upload, acting to reviewers, following to the rest", () => {
    const approvalsText = (abilities: TourAbilities) => tourStepsFor(abilities)[6]?.description;
    expect(approvalsText(byRole.Author)).toMatch(/^Route documents through review/);
    expect(approvalsText(byRole.Approver)).toMatch(/^Review or decide on the documents assigned to you/);
    expect(approvalsText(byRole.Viewer)).toMatch(/^Follow every document's review/);
    expect(approvalsText({ ...byRole.Author, approvalWorkflows: false })).toMatch(/^Follow/);
  });
  it("speaks the interface's language from the same step objects, a Viewer still told nothing of uploads", async () => {
    const viewer = tourStepsFor(byRole.Viewer);
    await applyLanguage("de");
    expect(tourStepsFor(byRole.Viewer)[0]).toBe(viewer[0]);
    expect(viewer[0]?.title).toBe("Willkommen bei Quire");
    expect(viewer[2]?.description).toBe("Durchsuchen Sie das Archiv direkt von hier.");
    expect(viewer.map((s) => `${s.title} ${s.description}`).join(" ")).not.toMatch(/hochlad/i);
    expect(tourStepsFor(byRole.Author)[2]?.description).toMatch(
      /Laden Sie direkt von hier ein Dokument hoch/,
    );
  });
  it("promises search by meaning only while semantic search is on", () => {
    expect(tourStepsFor(byRole.Viewer)[5]?.description).toMatch(/by meaning/);
    expect(tourStepsFor({ ...byRole.Viewer, semanticSearch: false })[5]?.description).not.toMatch(/meaning/);
  });
  it("gives the same step objects for the same abilities, so the overlay's effects stay put", () => {
    const again = tourStepsFor(can());
    tourStepsFor(byRole.Viewer).forEach((step, i) => expect(step).toBe(again[i]));
  });
  it("at phone width points the sidebar's steps at the menu button and says so", () => {
    const wide = tourStepsFor(byRole.Author);
    const phone = tourStepsFor(byRole.Author, { menu: true });
    expect(phone.map((s) => s.id)).toEqual(wide.map((s) => s.id));
    const menuButton = '[data-testid="button-menu"]';
    for (const s of phone) {
      expect(s.target.join(" "), s.id).not.toMatch(/"(sidebar|nav-search|nav-approvals)"/);
    }
    expect(phone[1]?.target).toEqual([menuButton]);
    expect(phone[1]?.title).toBe("Smart Navigation");
    expect(phone[1]?.description).toMatch(/^The ☰ menu takes you everywhere/);
    // The search box on the page first; the menu where the page has none.
    expect(phone[5]?.target).toEqual(['[data-testid="hero-search"]', menuButton]);
    expect(phone[6]?.target).toEqual([menuButton]);
    expect(phone[6]?.description).toBe(`${wide[6]?.description} Open it from the ☰ menu.`);
    for (const i of [1, 5, 6]) expect(phone[i]?.position).toBe("bottom");
    // Everything else is the wide screen's step itself.
    for (const i of [0, 2, 3, 4, 7]) expect(phone[i]).toBe(wide[i]);
    expect(tourStepsFor(byRole.Author, { menu: true })[6]).toBe(phone[6]);
  });
  it("speaks the interface's language at phone width too", async () => {
    const phone = tourStepsFor(byRole.Viewer, { menu: true });
    await applyLanguage("fr");
    expect(phone[1]?.description).toMatch(/^Le menu ☰ vous mène partout/);
    expect(phone[6]?.description).toMatch(/Ouvrez-le depuis le menu ☰\.$/);
    await applyLanguage("de");
    expect(phone[6]?.description).toMatch(
      /in der Freigabe-Übersicht\. Sie erreichen sie über das Menü ☰\.$/,
    );
  });
  it("reports progress as step number over 8", () => {
    expect(tourProgress(0)).toBe(13);
    expect(tourProgress(3)).toBe(50);
    expect(tourProgress(7)).toBe(100);
  });
});

describe("card placement", () => {
  const desktop = { width: 1280, height: 800 };
  it("centres without a target and is 400×300", () => {
    expect(placeCard(null, "right", desktop)).toEqual({
      top: 250,
      left: 440,
      width: 400,
      height: 300,
      position: "center",
    });
  });
  it("goes 24 px beside the target", () => {
    const p = placeCard({ top: 100, left: 0, width: 256, height: 40 }, "right", desktop);
    expect(p).toMatchObject({ left: 280, top: 100, position: "right" });
    const b = placeCard({ top: 100, left: 900, width: 100, height: 40 }, "bottom", desktop);
    expect(b).toMatchObject({ top: 164, left: 856, position: "bottom" }); // clamped to the 24 px margin
  });
  it("fits a 375 px screen", () => {
    const p = placeCard({ top: 100, left: 0, width: 300, height: 40 }, "right", { width: 375, height: 667 });
    expect(p.position).toBe("center");
    expect(p.width).toBe(327);
    expect(p.left).toBe(24);
    expect(p.left + p.width).toBeLessThanOrEqual(375 - 24);
  });
  it("pads the spotlight by 12 px", () => {
    expect(spotlightRect({ top: 50, left: 60, width: 100, height: 20 })).toEqual({
      top: 38,
      left: 48,
      width: 124,
      height: 44,
    });
  });
});

describe("tour state and timings", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
  });
  afterEach(() => vi.useRealTimers());

  it("starts (stores false), advances after a 150 ms fade, goes back, and completes (stores true)", () => {
    const { result } = renderHook(() => useTourState());
    act(() => result.current.start());
    expect(result.current).toMatchObject({ open: true, step: 0, visible: true });
    expect(localStorage.getItem(TOUR_STORAGE_KEY)).toBe("false");

    act(() => result.current.next());
    expect(result.current.visible).toBe(false);
    act(() => vi.advanceTimersByTime(149));
    expect(result.current.step).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toMatchObject({ step: 1, visible: true });

    act(() => result.current.previous());
    expect(result.current.step).toBe(0);

    for (let i = 0; i < 7; i += 1) {
      act(() => result.current.next());
      act(() => vi.advanceTimersByTime(150));
    }
    expect(result.current.step).toBe(7);
    expect(result.current.isLast).toBe(true);
    act(() => result.current.complete());
    expect(result.current.open).toBe(false);
    expect(localStorage.getItem(TOUR_STORAGE_KEY)).toBe("true");
  });

  it("closing (Skip Tour, close icon) does not mark it complete", () => {
    const { result } = renderHook(() => useTourState());
    act(() => result.current.start());
    act(() => result.current.close());
    expect(result.current.open).toBe(false);
    expect(localStorage.getItem(TOUR_STORAGE_KEY)).toBe("false");
  });

  it("auto-starts 1000 ms after load with tour=true and removes the parameter", () => {
    window.history.replaceState(null, "", "/home?tour=true&x=1");
    const start = vi.fn();
    localStorage.setItem(TOUR_STORAGE_KEY, "true");
    renderHook(() =>
      useTourAutoStart({
        search: "tour=true&x=1",
        onHome: true,
        userLoaded: true,
        completedElsewhere: undefined,
        open: false,
        start,
      }),
    );
    act(() => vi.advanceTimersByTime(999));
    expect(start).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(start).toHaveBeenCalledOnce();
    expect(window.location.search).toBe("?x=1");
  });

  it("auto-starts for a loaded user with no completion flag, not with one", () => {
    const start = vi.fn();
    const { rerender } = renderHook(
      (props: { userLoaded: boolean }) =>
        useTourAutoStart({
          search: "",
          onHome: true,
          userLoaded: props.userLoaded,
          completedElsewhere: false,
          open: false,
          start,
        }),
      { initialProps: { userLoaded: false } },
    );
    act(() => vi.advanceTimersByTime(2000));
    expect(start).not.toHaveBeenCalled();
    rerender({ userLoaded: true });
    act(() => vi.advanceTimersByTime(1000));
    expect(start).toHaveBeenCalledOnce();

    localStorage.setItem(TOUR_STORAGE_KEY, "false");
    const other = vi.fn();
    renderHook(() =>
      useTourAutoStart({
        search: "",
        onHome: true,
        userLoaded: true,
        completedElsewhere: false,
        open: false,
        start: other,
      }),
    );
    act(() => vi.advanceTimersByTime(2000));
    expect(other).not.toHaveBeenCalled();
    localStorage.clear();
    const elsewhere = vi.fn();
    renderHook(() =>
      useTourAutoStart({
        search: "",
        onHome: false,
        userLoaded: true,
        completedElsewhere: false,
        open: false,
        start: elsewhere,
      }),
    );
    act(() => vi.advanceTimersByTime(2000));
    expect(elsewhere).not.toHaveBeenCalled();
    expect(wantsTour("tour=true")).toBe(true);
    expect(wantsTour("tour=false")).toBe(false);
  });

  it("on a new device, waits for the server and stays closed for a user who finished it elsewhere", () => {
    const start = vi.fn();
    const { rerender } = renderHook(
      (props: { completedElsewhere: boolean | undefined }) =>
        useTourAutoStart({
          search: "",
          onHome: true,
          userLoaded: true,
          completedElsewhere: props.completedElsewhere,
          open: false,
          start,
        }),
      { initialProps: { completedElsewhere: undefined as boolean | undefined } },
    );
    act(() => vi.advanceTimersByTime(2000));
    expect(start).not.toHaveBeenCalled();
    rerender({ completedElsewhere: true });
    act(() => vi.advanceTimersByTime(2000));
    expect(start).not.toHaveBeenCalled();
    // The browser keeps its own copy, so the next load asks the server nothing.
    expect(localStorage.getItem(TOUR_STORAGE_KEY)).toBe("true");
  });

  it("tells the server when the tour is completed", () => {
    const onComplete = vi.fn();
    const { result } = renderHook(() => useTourState(TOUR_STEP_COUNT, onComplete));
    act(() => result.current.start());
    act(() => result.current.close());
    expect(onComplete).not.toHaveBeenCalled();
    act(() => result.current.start());
    act(() => result.current.complete());
    expect(onComplete).toHaveBeenCalledOnce();
  });
});
