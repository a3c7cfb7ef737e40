import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "react-i18next";
import { useLocation, useSearch } from "wouter";
import { paths } from "@/config/paths";
import { X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useIsMobile } from "@/hooks/use-mobile";
import { useAbilities, useUser } from "@/lib/auth";
import { cn } from "@/lib/utils";
import { useSaveTourState, useServerTourState } from "../api/tour-state";
import { useTourAutoStart, useTourState } from "../hooks/use-tour";
import { readTourFlag } from "../lib/tour-storage";
import { placeCard, spotlightRect, type Rect } from "../lib/tour-layout";
import { TOUR_FADE_MS, TOUR_STEP_COUNT, tourProgress, tourStepsFor, type TourStep } from "../lib/tour-steps";
import "../locale";

/** The first selector that matches a visible element, or null (the step is then centred). */
function findTarget(step: TourStep): Element | null {
  for (const selector of step.target) {
    for (const element of document.querySelectorAll(selector)) {
      const rect = element.getBoundingClientRect();
      if (rect.width > 0 && rect.height > 0) return element;
    }
  }
  return null;
}

function toRect(element: Element): Rect {
  const r = element.getBoundingClientRect();
  return { top: r.top, left: r.left, width: r.width, height: r.height };
}

function useViewport() {
  const read = () => ({ width: window.innerWidth, height: window.innerHeight });
  const [viewport, setViewport] = useState(read);
  useEffect(() => {
    const onResize = () => setViewport(read());
    window.addEventListener("resize", onResize);
    return () => window.removeEventListener("resize", onResize);
  }, []);
  return viewport;
}

/** Seed §2 Guided tour, mounted once in the layout; `/home?tour=true` or the first visit starts it. */
export function GuidedTour() {
  const { mutate: saveTourState } = useSaveTourState();
  const onComplete = useCallback(() => saveTourState({ completed: true }), [saveTourState]);
  const tour = useTourState(TOUR_STEP_COUNT, onComplete);
  const search = useSearch();
  const [location] = useLocation();
  const { data: user } = useUser();
  // The server is asked only when this browser has no flag of its own; a failed answer counts as
  // "not finished", so the tour still starts for a first visit.
  const server = useServerTourState(Boolean(user) && readTourFlag() === null);
  const completedElsewhere = server.isError ? false : server.data?.completed;
  useTourAutoStart({
    search,
    onHome: location === paths.home.path,
    userLoaded: Boolean(user),
    completedElsewhere,
    open: tour.open,
    start: tour.start,
  });
  if (!tour.open) return null;
  return createPortal(<TourOverlay tour={tour} />, document.body);
}

type Tour = ReturnType<typeof useTourState>;

/** Where the step's element is on screen (null: none, the card is centred), kept up on scroll and resize. */
function useStepTarget(step: TourStep) {
  const viewport = useViewport();
  const [target, setTarget] = useState<Rect | null>(null);

  const measure = useCallback(() => {
    const element = findTarget(step);
    setTarget(element ? toRect(element) : null);
  }, [step]);

  useLayoutEffect(() => {
    const element = findTarget(step);
    if (element) {
      const r = element.getBoundingClientRect();
      if (r.bottom < 0 || r.top > window.innerHeight) element.scrollIntoView({ block: "center" });
    }
    // Measured in the next frame, after the scroll above has settled.
    const frame = requestAnimationFrame(measure);
    return () => cancelAnimationFrame(frame);
  }, [measure, step, viewport]);

  useEffect(() => {
    window.addEventListener("scroll", measure, true);
    return () => window.removeEventListener("scroll", measure, true);
  }, [measure]);

  return { target, viewport };
}

function TourOverlay({ tour }: { tour: Tour }) {
  // Subscribed to the language: the steps' getters then read the catalogue in the new one.
  useTranslation("tour");
  // At phone width the sidebar is behind the menu button: its steps point there.
  const steps = tourStepsFor(useAbilities(), { menu: useIsMobile() });
  const step = steps[tour.step] ?? steps[0]!;
  const { target, viewport } = useStepTarget(step);
  useCloseOnEscape(tour.close);

  const placement = placeCard(target, step.position, viewport);
  const hole = target && step.position !== "center" ? spotlightRect(target) : null;

  return (
    <div className="fixed inset-0 z-[70]" data-testid="tour-overlay" data-step={step.id}>
      <TourBackdrop hole={hole} spotlight={step.spotlight} />
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={TITLE_ID}
        aria-describedby="tour-step-description"
        data-testid="tour-card"
        data-position={placement.position}
        className="fixed flex flex-col rounded-xl border bg-card p-5 text-card-foreground shadow-2xl transition-opacity ease-in-out"
        style={{
          top: placement.top,
          left: placement.left,
          width: placement.width,
          height: placement.height,
          opacity: tour.visible ? 1 : 0,
          transitionDuration: `${TOUR_FADE_MS}ms`,
        }}
      >
        <TourCardHeader step={step} index={tour.step} onClose={tour.close} />
        <p
          id="tour-step-description"
          className="mt-3 min-h-0 flex-1 overflow-y-auto text-sm text-muted-foreground"
        >
          {step.description}
        </p>
        <TourProgress value={tourProgress(tour.step)} />
        <TourControls tour={tour} />
      </div>
    </div>
  );
}

const TITLE_ID = "tour-step-title";

function useCloseOnEscape(close: () => void) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") close();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [close]);
}

function TourCardHeader({ step, index, onClose }: { step: TourStep; index: number; onClose: () => void }) {
  const Icon = step.icon;
  const { t } = useTranslation("tour");
  return (
    <div className="flex items-start gap-3">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/15 text-primary">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <h2 id={TITLE_ID} className="text-lg leading-tight font-semibold" data-testid="tour-title">
          {step.title}
        </h2>
        <p className="text-xs text-muted-foreground" data-testid="tour-step-count">
          {t("stepCount", { n: index + 1, total: TOUR_STEP_COUNT })}
        </p>
      </div>
      <Button
        variant="ghost"
        size="icon"
        className="-mt-1 -mr-2 size-8"
        aria-label={t("close")}
        data-testid="button-tour-close"
        onClick={onClose}
      >
        <X aria-hidden="true" />
      </Button>
    </div>
  );
}

function TourProgress({ value }: { value: number }) {
  const { t } = useTranslation("tour");
  return (
    <div
      className="mt-3 h-1.5 overflow-hidden rounded-full bg-muted"
      role="progressbar"
      aria-label={t("progress")}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      data-testid="tour-progress"
    >
      <div className="h-full bg-primary transition-all" style={{ width: `${value}%` }} />
    </div>
  );
}

/** The page dimmed around the step's element (darker for a spotlight), or all of it when there is none. */
function TourBackdrop({ hole, spotlight }: { hole: Rect | null; spotlight: boolean | undefined }) {
  if (!hole) return <div aria-hidden="true" className="fixed inset-0 bg-black/50" />;
  return (
    <div
      aria-hidden="true"
      data-testid={spotlight ? "tour-spotlight" : "tour-highlight"}
      className={cn(
        "pointer-events-none fixed rounded-lg ring-2 ring-primary transition-all",
        spotlight ? "shadow-[0_0_0_9999px_rgba(0,0,0,0.65)]" : "shadow-[0_0_0_9999px_rgba(0,0,0,0.4)]",
      )}
      style={{ top: hole.top, left: hole.left, width: hole.width, height: hole.height }}
    />
  );
}

/** Skip, Previous and Next (Complete on the last step), which takes the focus at each step. */
function TourControls({ tour }: { tour: Tour }) {
  const primaryRef = useRef<HTMLButtonElement>(null);
  const { t } = useTranslation("tour");
  useEffect(() => {
    primaryRef.current?.focus();
  }, [tour.step]);
  return (
    <div className="mt-4 flex items-center justify-between gap-2">
      <Button variant="ghost" size="sm" onClick={tour.close} data-testid="button-tour-skip">
        {t("skip")}
      </Button>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={tour.previous}
          disabled={tour.step === 0}
          data-testid="button-tour-previous"
        >
          {t("previous")}
        </Button>
        <Button
          ref={primaryRef}
          size="sm"
          onClick={tour.isLast ? tour.complete : tour.next}
          data-testid="button-tour-next"
        >
          {tour.isLast ? t("complete") : t("next")}
        </Button>
      </div>
    </div>
  );
}
