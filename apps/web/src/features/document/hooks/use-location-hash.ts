import { useEffect, useSyncExternalStore } from "react";

// wouter dispatches pushState/replaceState events for its own navigation; the browser the others.
const EVENTS = ["popstate", "pushState", "replaceState", "hashchange"] as const;

function subscribe(listener: () => void): () => void {
  EVENTS.forEach((event) => addEventListener(event, listener));
  return () => EVENTS.forEach((event) => removeEventListener(event, listener));
}

/** The location's hash ("#passage-3"), kept current across in-app and browser navigation. */
export function useLocationHash(): string {
  return useSyncExternalStore(
    subscribe,
    () => window.location.hash,
    () => "",
  );
}

/**
 * Brings the element with `id` to the top of the screen once it is rendered, and keeps it there
 * while the page above it settles (summary cards and banners load after the text and would push
 * it down), until the reader scrolls or 3 s pass.
 */
export function useScrollToAnchor(id: string | null): void {
  useEffect(() => {
    if (!id) return;
    let moved = false;
    const scroll = () => {
      if (!moved) document.getElementById(id)?.scrollIntoView({ block: "start" });
    };
    const stop = () => {
      moved = true;
    };
    scroll();
    const observer = new ResizeObserver(scroll);
    observer.observe(document.body);
    const inputs = ["wheel", "touchstart", "keydown", "mousedown"] as const;
    inputs.forEach((event) => addEventListener(event, stop, { passive: true }));
    const timer = setTimeout(() => observer.disconnect(), 3000);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
      inputs.forEach((event) => removeEventListener(event, stop));
    };
  }, [id]);
}
