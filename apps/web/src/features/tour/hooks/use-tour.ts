import { useCallback, useEffect, useRef, useState } from "react";
import { TOUR_AUTO_START_MS, TOUR_FADE_MS, TOUR_STEP_COUNT } from "../lib/tour-steps";
import { readTourFlag, writeTourFlag } from "../lib/tour-storage";

export type TourState = { open: boolean; step: number; visible: boolean };

/**
 * Seed §4 Tour: closed, or open at step 0..7. Next fades out for 150 ms, then shows the next
 * step; Previous goes back; close (Skip Tour, the close icon, Escape) leaves the flag alone;
 * Complete on the last step stores true. Starting stores false.
 */
export function useTourState(total = TOUR_STEP_COUNT, onComplete?: () => void) {
  const [state, setState] = useState<TourState>({ open: false, step: 0, visible: false });
  const fadeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const clearFade = () => {
    if (fadeTimer.current) clearTimeout(fadeTimer.current);
    fadeTimer.current = null;
  };
  useEffect(() => clearFade, []);

  const start = useCallback(() => {
    clearFade();
    writeTourFlag(false);
    setState({ open: true, step: 0, visible: true });
  }, []);

  const close = useCallback(() => {
    clearFade();
    setState({ open: false, step: 0, visible: false });
  }, []);

  const complete = useCallback(() => {
    clearFade();
    writeTourFlag(true);
    onComplete?.();
    setState({ open: false, step: 0, visible: false });
  }, [onComplete]);

  const next = useCallback(() => {
    if (fadeTimer.current) return; // A transition is already running.
    setState((s) => ({ ...s, visible: false }));
    fadeTimer.current = setTimeout(() => {
      fadeTimer.current = null;
      setState((s) => ({ ...s, step: Math.min(s.step + 1, total - 1), visible: true }));
    }, TOUR_FADE_MS);
  }, [total]);

  const previous = useCallback(() => {
    clearFade();
    setState((s) => ({ ...s, step: Math.max(s.step - 1, 0), visible: true }));
  }, []);

  const isLast = state.step === total - 1;
  return { ...state, isLast, start, close, complete, next, previous };
}

/** Whether a URL search string asks for the tour (`tour=true`). */
export function wantsTour(search: string): boolean {
  return new URLSearchParams(search).get("tour") === "true";
}

/** Removes `tour` from the address without a navigation (history.replaceState). */
export function removeTourParam(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has("tour")) return;
  url.searchParams.delete("tour");
  window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
}

/**
 * Seed §4: the tour starts 1000 ms after load when the URL has tour=true (the parameter is then
 * removed), or when no completion flag exists and a user is loaded. The first-visit start waits
 * for Home, where its targets are, so someone opening a shared document link is not interrupted.
 * A browser without a flag also waits for the server's answer (`completedElsewhere`, undefined
 * while unknown): a user who finished the tour on another device does not see it again.
 */
export function useTourAutoStart({
  search,
  onHome,
  userLoaded,
  completedElsewhere,
  open,
  start,
}: {
  search: string;
  onHome: boolean;
  userLoaded: boolean;
  completedElsewhere: boolean | undefined;
  open: boolean;
  start: () => void;
}): void {
  const fromUrl = wantsTour(search);
  useEffect(() => {
    if (open) return;
    const unseenHere = readTourFlag() === null;
    if (unseenHere && completedElsewhere) writeTourFlag(true);
    const firstVisit = onHome && userLoaded && unseenHere && completedElsewhere === false;
    if (!fromUrl && !firstVisit) return;
    const timer = setTimeout(() => {
      if (fromUrl) removeTourParam();
      start();
    }, TOUR_AUTO_START_MS);
    return () => clearTimeout(timer);
  }, [fromUrl, onHome, userLoaded, completedElsewhere, open, start]);
}
