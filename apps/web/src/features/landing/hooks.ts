import { useEffect, useRef, useState } from "react";
import { showScrollTop, typedPrefix } from "./lib/landing-logic";

function prefersReducedMotion(): boolean {
  return (
    typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true
  );
}

/** Types `text` out at 50 ms a character; people who prefer reduced motion see it at once. */
export function useTypedText(text: string): string {
  const [typed, setTyped] = useState(() => (prefersReducedMotion() ? text : ""));
  useEffect(() => {
    if (prefersReducedMotion()) return;
    const start = performance.now();
    const timer = window.setInterval(() => {
      const next = typedPrefix(text, performance.now() - start);
      setTyped(next);
      if (next.length >= text.length) window.clearInterval(timer);
    }, 50);
    return () => window.clearInterval(timer);
  }, [text]);
  return typed;
}

/** True once the element has scrolled into view (at once with reduced motion or no observer). */
export function useInView<T extends Element>(): [React.RefObject<T | null>, boolean] {
  const ref = useRef<T | null>(null);
  const [inView, setInView] = useState(
    () => prefersReducedMotion() || typeof IntersectionObserver === "undefined",
  );
  useEffect(() => {
    if (inView || !ref.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setInView(true);
          observer.disconnect();
        }
      },
      { threshold: 0.1 },
    );
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [inView]);
  return [ref, inView];
}

/** Whether the page has scrolled more than 500 px. */
export function useScrolledPast(): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const onScroll = () => setPast(showScrollTop(window.scrollY));
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  return past;
}

/** Smooth scroll to a section (instant with reduced motion). */
export function scrollToSection(id: string): void {
  document.getElementById(id)?.scrollIntoView({ behavior: prefersReducedMotion() ? "auto" : "smooth" });
}

export function scrollToTop(): void {
  window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? "auto" : "smooth" });
}
