/** Seed §5: the waitlist accepts a value only if it contains an @ sign. */
export function acceptsWaitlistEmail(value: string): boolean {
  return value.includes("@");
}

/** Seed §9 constants of the landing page. */
export const TYPING_MS_PER_CHARACTER = 50;
export const SCROLL_TOP_THRESHOLD_PX = 500;

/** Whether the scroll-to-top button shows (and the scroll indicator hides). */
export function showScrollTop(scrollY: number): boolean {
  return scrollY > SCROLL_TOP_THRESHOLD_PX;
}

/** The prefix of `text` typed after `elapsedMs`, at 50 ms a character. */
export function typedPrefix(text: string, elapsedMs: number): string {
  const characters = Math.max(0, Math.floor(elapsedMs / TYPING_MS_PER_CHARACTER));
  return text.slice(0, characters);
}

/** Navigation targets, in the seed's order. */
export const LANDING_SECTIONS = [
  { id: "hero", label: "Home" },
  { id: "mvp-showcase", label: "MVP" },
  { id: "demo", label: "Demo" },
  { id: "features", label: "Features" },
  { id: "waitlist", label: "Waitlist" },
] as const;
