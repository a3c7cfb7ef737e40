import { useEffect, useMemo, useRef, useState } from "react";
import type { SideBySideRow } from "@/lib/api/version-diff";
import { changeAnchorId, indexChanges } from "./changes";

/**
 * Previous / Next change over the runs of changed rows. `region` must hold the rendered rows: the
 * change anchors are looked up inside it, so two diffs on one page do not steer each other.
 */
export function useChangeNavigation(rows: readonly SideBySideRow[]) {
  const [current, setCurrent] = useState<number | null>(null);
  const region = useRef<HTMLDivElement>(null);
  const changes = useMemo(() => indexChanges(rows), [rows]);
  const currentHunkStart = current === null ? null : (changes.hunkStarts[current] ?? null);

  // A link to `#change-N` (from another page, or typed) lands on that row once the rows exist;
  // links within the page scroll natively.
  useEffect(() => {
    if (!/^#change-\d{1,7}$/.test(window.location.hash)) return;
    const target = region.current?.querySelector<HTMLElement>(`[id="${window.location.hash.slice(1)}"]`);
    target?.scrollIntoView({ block: "center" });
  }, [changes]);

  function go(hunk: number) {
    setCurrent(hunk);
    const first = changes.hunkStarts[hunk];
    if (first === undefined) return;
    const target = region.current?.querySelector<HTMLElement>(`[id="${changeAnchorId(first)}"]`);
    target?.scrollIntoView({ block: "center", behavior: "smooth" });
  }

  // Rows of the current hunk share its outline: from its first change number to the next hunk's.
  const nextHunkStart = current === null ? null : (changes.hunkStarts[current + 1] ?? Infinity);
  const isCurrent = (change: number | null) =>
    change !== null &&
    currentHunkStart !== null &&
    change >= currentHunkStart &&
    change < (nextHunkStart ?? 0);

  return { region, changes, current, go, isCurrent };
}
