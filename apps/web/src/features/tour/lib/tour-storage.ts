import { TOUR_STORAGE_KEY } from "./tour-steps";

/** The stored flag as text 'true'/'false', or null when the tour never started (or storage is refused). */
export function readTourFlag(): "true" | "false" | null {
  try {
    const value = localStorage.getItem(TOUR_STORAGE_KEY);
    return value === "true" || value === "false" ? value : null;
  } catch {
    return null;
  }
}

export function writeTourFlag(completed: boolean): void {
  try {
    localStorage.setItem(TOUR_STORAGE_KEY, completed ? "true" : "false");
  } catch {
    // Storage refused (privacy mode): the tour still works for this visit.
  }
}
