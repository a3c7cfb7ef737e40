import {
  TOUR_CARD_HEIGHT,
  TOUR_CARD_WIDTH,
  TOUR_MARGIN,
  TOUR_SPOTLIGHT_PADDING,
  type TourPosition,
} from "./tour-steps";

export type Rect = { top: number; left: number; width: number; height: number };
export type Viewport = { width: number; height: number };
export type CardPlacement = {
  top: number;
  left: number;
  width: number;
  height: number;
  position: TourPosition;
};

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), Math.max(min, max));

/**
 * Where the 400×300 card goes: beside the target on the asked side, 24 px away, kept inside the
 * viewport with a 24 px margin (narrower than 400 on small screens). With no target it is centred,
 * and so is a side that does not fit (a 375 px screen has no room to the right of anything).
 */
export function placeCard(target: Rect | null, position: TourPosition, viewport: Viewport): CardPlacement {
  const width = Math.min(TOUR_CARD_WIDTH, viewport.width - 2 * TOUR_MARGIN);
  const height = Math.min(TOUR_CARD_HEIGHT, viewport.height - 2 * TOUR_MARGIN);
  const centred: CardPlacement = {
    top: Math.max(TOUR_MARGIN, (viewport.height - height) / 2),
    left: Math.max(TOUR_MARGIN, (viewport.width - width) / 2),
    width,
    height,
    position: "center",
  };
  if (!target || position === "center") return centred;

  let top: number;
  let left: number;
  switch (position) {
    case "right":
      left = target.left + target.width + TOUR_MARGIN;
      top = target.top;
      if (left + width > viewport.width - TOUR_MARGIN) return centred;
      break;
    case "left":
      left = target.left - TOUR_MARGIN - width;
      top = target.top;
      if (left < TOUR_MARGIN) return centred;
      break;
    case "bottom":
      top = target.top + target.height + TOUR_MARGIN;
      left = target.left;
      if (top + height > viewport.height - TOUR_MARGIN) {
        // No room below: try above before giving up.
        top = target.top - TOUR_MARGIN - height;
        if (top < TOUR_MARGIN) return centred;
      }
      break;
    case "top":
      top = target.top - TOUR_MARGIN - height;
      left = target.left;
      if (top < TOUR_MARGIN) return centred;
      break;
  }
  return {
    top: clamp(top, TOUR_MARGIN, viewport.height - TOUR_MARGIN - height),
    left: clamp(left, TOUR_MARGIN, viewport.width - TOUR_MARGIN - width),
    width,
    height,
    position,
  };
}

/** The highlighted area: the target grown by the 12 px spotlight padding. */
export function spotlightRect(target: Rect): Rect {
  return {
    top: target.top - TOUR_SPOTLIGHT_PADDING,
    left: target.left - TOUR_SPOTLIGHT_PADDING,
    width: target.width + 2 * TOUR_SPOTLIGHT_PADDING,
    height: target.height + 2 * TOUR_SPOTLIGHT_PADDING,
  };
}
